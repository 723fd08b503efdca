/** Authentication: password and refresh-token grants, rotation, expiry and throttling. */
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../api/generated/schema';
import { ServerClient, smallDemo, startTestService, type TestService } from '../../helpers/server-client';

type AuthTokens = components['schemas']['AuthTokens'];

let t: TestService;
beforeAll(async () => {
  t = await startTestService({ demo: smallDemo, accessTokenTtlSeconds: 120 });
});
afterAll(() => t.stop());

const grant = (username: string, password: string) => ({ grantType: 'password', username, password });

describe('authenticateUser', () => {
  it('signs in with e-mail (any case) and password, with the configured access-token lifetime', async () => {
    const { username, password } = t.service.credentials;
    const started = Date.now();
    const res = await t.client.call('authenticateUser', { token: null, body: grant(username.toUpperCase(), password) });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const tokens = res.body as AuthTokens;
    expect(tokens).toMatchObject({ tokenType: 'Bearer', expiresIn: 120, user: { email: username } });
    expect(Date.parse(tokens.expiresAt)).toBeGreaterThanOrEqual(started + 119_000);
    const me = await t.client.call('getCurrentUser', { token: tokens.accessToken });
    expect(me.body).toEqual(tokens.user);
  });

  it('refuses a wrong password and an unknown user alike', async () => {
    for (const body of [
      grant(t.service.credentials.username, 'wrong-password'),
      grant('nobody@example.com', 'whatever'),
    ]) {
      const res = await t.client.call('authenticateUser', { token: null, body });
      expect(res.status).toBe(401);
      expect(res.body).toMatchObject({ type: '/problems/unauthorized', detail: 'The e-mail or password is wrong.' });
    }
  });

  it('rotates refresh tokens: the new one works, the used one does not', async () => {
    const client = new ServerClient(t.service.url);
    const first = await client.signIn(t.service.credentials);
    const refreshed = await client.call('authenticateUser', {
      token: null,
      body: { grantType: 'refresh_token', refreshToken: first.refreshToken },
    });
    expect(refreshed.status).toBe(200);
    const second = refreshed.body as AuthTokens;
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect((await client.call('getCurrentUser', { token: second.accessToken })).status).toBe(200);
    const reused = await client.call('authenticateUser', {
      token: null,
      body: { grantType: 'refresh_token', refreshToken: first.refreshToken },
    });
    expect(reused.status).toBe(401);
    const again = await client.call('authenticateUser', {
      token: null,
      body: { grantType: 'refresh_token', refreshToken: second.refreshToken },
    });
    expect(again.status).toBe(200);
  });

  it('answers 401 once the access token has expired', async () => {
    const client = new ServerClient(t.service.url);
    await client.signIn(t.service.credentials);
    expect((await client.call('getCurrentUser')).status).toBe(200);
    const hash = createHash('sha256')
      .update(client.token as string)
      .digest('hex');
    t.service.store.db
      .prepare("UPDATE access_tokens SET expires_at = '2000-01-01T00:00:00.000Z' WHERE token_hash = ?")
      .run(hash);
    const res = await client.call('getCurrentUser');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ detail: expect.stringContaining('expired') });
  });

  it('answers 429 with Retry-After after 10 failed sign-ins for one user name', async () => {
    const body = grant('guess.target@example.com', 'wrong');
    for (let i = 0; i < 10; i++)
      expect((await t.client.call('authenticateUser', { token: null, body })).status).toBe(401);
    const limited = await t.client.call('authenticateUser', { token: null, body });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.body).toMatchObject({ type: '/problems/rate-limited' });
  });
});
