/** Authentication: password and refresh-token grants, rotation, expiry and the sign-in throttle. */
import { createHash } from 'node:crypto';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operations } from '../../../api/generated/operations';
import type { components } from '../../../api/generated/schema';
import {
  type CheckedResponse,
  ServerClient,
  smallDemo,
  startTestService,
  type TestService,
} from '../../helpers/server-client';
import { readContractResponse } from '../../helpers/server-contract';

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

  const refresh = (client: ServerClient, refreshToken: string) =>
    client.call('authenticateUser', { token: null, body: { grantType: 'refresh_token', refreshToken } });

  it('rotates refresh tokens: each answer carries a new one, which works in turn', async () => {
    const client = new ServerClient(t.service.url);
    const first = await client.signIn(t.service.credentials);
    const refreshed = await refresh(client, first.refreshToken);
    expect(refreshed.status).toBe(200);
    const second = refreshed.body as AuthTokens;
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect((await client.call('getCurrentUser', { token: second.accessToken })).status).toBe(200);
    const third = await refresh(client, second.refreshToken);
    expect(third.status).toBe(200);
    expect((await client.call('getCurrentUser', { token: (third.body as AuthTokens).accessToken })).status).toBe(200);
  });

  it('ends every session of a sign-in when one of its refresh tokens is used twice, and only those', async () => {
    const victim = new ServerClient(t.service.url);
    const signIn = await victim.signIn(t.service.credentials);
    const elsewhere = new ServerClient(t.service.url);
    const otherSignIn = await elsewhere.signIn(t.service.credentials);
    // The victim refreshes; someone who copied the first refresh token uses it too.
    const victimTokens = (await refresh(victim, signIn.refreshToken)).body as AuthTokens;
    const reused = await refresh(new ServerClient(t.service.url), signIn.refreshToken);
    expect(reused.status).toBe(401);
    expect(reused.body).toMatchObject({
      type: '/problems/unauthorized',
      detail: expect.stringContaining('already been used'),
    });
    // Every access and refresh token of that sign-in is revoked: the next call answers 401.
    for (const token of [signIn.accessToken, victimTokens.accessToken])
      expect((await victim.call('getCurrentUser', { token })).status).toBe(401);
    expect((await refresh(victim, victimTokens.refreshToken)).status).toBe(401);
    // Another sign-in of the same user goes on.
    expect((await elsewhere.call('getCurrentUser')).status).toBe(200);
    expect((await refresh(elsewhere, otherSignIn.refreshToken)).status).toBe(200);
  });

  it('answers a plain 401 to an unknown refresh token and revokes nothing', async () => {
    const client = new ServerClient(t.service.url);
    await client.signIn(t.service.credentials);
    const unknown = await refresh(client, 'x'.repeat(43));
    expect(unknown.status).toBe(401);
    expect(unknown.body).toMatchObject({ detail: 'The refresh token is unknown or expired: sign in again.' });
    expect((await client.call('getCurrentUser')).status).toBe(200);
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
});

describe('sign-in throttle', () => {
  /** Sends a password grant from the loopback address `from` (127.0.0.x), checked against the contract. */
  function signInFrom(from: string, username: string, password: string): Promise<CheckedResponse> {
    const url = new URL(operations.authenticateUser.path, t.service.url);
    const text = JSON.stringify(grant(username, password));
    return new Promise((resolve, reject) => {
      const req = request(
        url,
        {
          method: 'POST',
          localAddress: from,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('error', reject);
          res.on('end', () => {
            const headers = new Headers();
            for (const [name, value] of Object.entries(res.headers))
              if (typeof value === 'string') headers.set(name, value);
            const answer = new Response(Buffer.concat(chunks), { status: res.statusCode ?? 0, headers });
            readContractResponse('authenticateUser', answer).then(resolve, reject);
          });
        },
      );
      req.on('error', reject);
      req.end(text);
    });
  }

  const statuses = (answers: CheckedResponse[]) => answers.map((a) => a.status).sort();

  it('checks only the first few of 60 simultaneous wrong passwords for one user; the rest get 429 with Retry-After', async () => {
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        signInFrom(`127.0.0.${10 + (i % 50)}`, 'guess.target@example.com', `wrong-${i}`),
      ),
    );
    expect(statuses(answers)).toEqual([...Array(3).fill(401), ...Array(57).fill(429)]);
    for (const limited of answers.filter((a) => a.status === 429)) {
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect(limited.body).toMatchObject({
        type: '/problems/rate-limited',
        detail: 'Too many sign-in attempts for this user name. Wait 1 s, then try again.',
      });
    }
  });

  it('limits one address across user names, and not other addresses', async () => {
    const answers = await Promise.all(
      Array.from({ length: 60 }, (_, i) => signInFrom('127.0.0.2', `spray.${i}@example.com`, 'Winter2026!')),
    );
    expect(statuses(answers)).toEqual([...Array(20).fill(401), ...Array(40).fill(429)]);
    const held = answers.find((a) => a.status === 429) as CheckedResponse;
    expect(held.body).toMatchObject({ detail: expect.stringContaining('this network address') });
    expect((await signInFrom('127.0.0.3', 'spray.0@example.com', 'Winter2026!')).status).toBe(401);
  });

  it('lets the user in with the right password once the delay has passed, and starts afresh after it', async () => {
    const { username, password } = t.service.credentials;
    for (let i = 0; i < 3; i++) expect((await signInFrom('127.0.0.4', username, 'wrong-password')).status).toBe(401);
    const held = await signInFrom('127.0.0.5', username, password);
    expect(held.status).toBe(429);
    const wait = Number(held.headers.get('retry-after'));
    expect(wait).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, wait * 1000));
    const ok = await signInFrom('127.0.0.5', username, password);
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ user: { email: username } });
    // The successful sign-in reset the count: three more mistakes are checked again.
    for (let i = 0; i < 3; i++) expect((await signInFrom('127.0.0.4', username, 'wrong-password')).status).toBe(401);
    expect((await signInFrom('127.0.0.4', username, 'wrong-password')).status).toBe(429);
  });
});
