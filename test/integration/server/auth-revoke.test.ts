/** Token revocation (`revokeToken`, RFC 7009): signing out ends a sign-in's tokens, and only its own. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../api/generated/schema';
import { createExtraUser } from '../../helpers/extra-user';
import { ServerClient, smallDemo, startTestService, type TestService } from '../../helpers/server-client';

type AuditRecord = components['schemas']['AuditRecord'];

let t: TestService;
beforeAll(async () => {
  t = await startTestService({ demo: smallDemo });
});
afterAll(() => t.stop());

const refresh = (client: ServerClient, refreshToken: string) =>
  client.call('authenticateUser', { token: null, body: { grantType: 'refresh_token', refreshToken } });

/** A new sign-in of the demo user: its client (holding the access token) and its tokens. */
async function signIn(): Promise<{ client: ServerClient; accessToken: string; refreshToken: string }> {
  const client = new ServerClient(t.service.url);
  const tokens = await client.signIn(t.service.credentials);
  return { client, ...tokens };
}

describe('revokeToken', () => {
  it('revokes the refresh token, the tokens refreshed from it and their access tokens', async () => {
    const session = await signIn();
    const refreshed = (await refresh(session.client, session.refreshToken)).body as {
      accessToken: string;
      refreshToken: string;
    };
    const res = await session.client.call('revokeToken', {
      token: refreshed.accessToken,
      body: { token: refreshed.refreshToken, tokenTypeHint: 'refresh_token' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('ratelimit')).toMatch(/^"default";r=\d+;t=\d+$/);
    for (const accessToken of [session.accessToken, refreshed.accessToken]) {
      expect((await session.client.call('getCurrentUser', { token: accessToken })).status).toBe(401);
    }
    for (const refreshToken of [session.refreshToken, refreshed.refreshToken]) {
      expect((await refresh(session.client, refreshToken)).status).toBe(401);
    }
  });

  it('leaves the same user’s other sign-ins working', async () => {
    const ending = await signIn();
    const other = await signIn();
    expect((await ending.client.call('revokeToken', { body: { token: ending.refreshToken } })).status).toBe(204);
    expect((await ending.client.call('getCurrentUser')).status).toBe(401);
    expect((await other.client.call('getCurrentUser')).status).toBe(200);
    const renewed = await refresh(other.client, other.refreshToken);
    expect(renewed.status).toBe(200);
  });

  it('answers 204 to an unknown and to an already revoked token, revoking nothing else', async () => {
    const session = await signIn();
    const unknown = await session.client.call('revokeToken', { body: { token: 'x'.repeat(43) } });
    expect(unknown.status).toBe(204);
    expect((await session.client.call('getCurrentUser')).status).toBe(200);

    const ending = await signIn();
    await ending.client.call('revokeToken', { token: session.accessToken, body: { token: ending.refreshToken } });
    const again = await session.client.call('revokeToken', { body: { token: ending.refreshToken } });
    expect(again.status).toBe(204);
    expect((await session.client.call('getCurrentUser')).status).toBe(200);
  });

  it('revokes an access token alone, also when the hint names the other kind', async () => {
    const session = await signIn();
    const spare = await signIn();
    const res = await spare.client.call('revokeToken', {
      body: { token: session.accessToken, tokenTypeHint: 'refresh_token' },
    });
    expect(res.status).toBe(204);
    expect((await session.client.call('getCurrentUser')).status).toBe(401);
    // Its refresh token still works: RFC 7009 lets the access token go alone.
    expect((await refresh(session.client, session.refreshToken)).status).toBe(200);
  });

  it('does not revoke another user’s token, and answers as for an unknown one', async () => {
    const victim = await signIn();
    const other = await createExtraUser(t, 'Revoker', ['sales']);
    const res = await other.client.call('revokeToken', { body: { token: victim.refreshToken } });
    expect(res.status).toBe(204);
    expect((await victim.client.call('getCurrentUser')).status).toBe(200);
    expect((await refresh(victim.client, victim.refreshToken)).status).toBe(200);
  });

  it('needs a signed-in caller, and a token in the body', async () => {
    const session = await signIn();
    const anonymous = await session.client.call('revokeToken', { token: null, body: { token: session.refreshToken } });
    expect(anonymous.status).toBe(401);
    expect((await session.client.call('revokeToken', { body: {} })).status).toBe(400);
    expect((await session.client.call('getCurrentUser')).status).toBe(200);
  });

  it('leaves an audit record when it revoked something, and none for an unknown token', async () => {
    const from = new Date().toISOString();
    const session = await signIn();
    await session.client.call('revokeToken', { body: { token: 'y'.repeat(43) } });
    await session.client.call('revokeToken', { body: { token: session.refreshToken } });
    const reader = await signIn();
    const page = (await reader.client.call('auditTrail', { body: { from, operationId: 'revokeToken' } })).body as {
      items: AuditRecord[];
    };
    expect(page.items).toHaveLength(1);
    expect(page.items[0]).toMatchObject({ operationId: 'revokeToken', method: 'POST', tag: 'Auth', status: 204 });
  });
});
