/**
 * Sign-out ends the sign-in on the service (`revokeToken`, docs/SECURITY.md "Tokens and the
 * keychain"): the core against the reference service, through a proxy that shows the bearer token
 * the core sends and can cut the connection. Offline, the tokens are forgotten all the same and the
 * answer says that the service was not told.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryKeychain } from '../../../main/core/keychain';
import type { Core } from '../../../main/core/platform';
import { type RunningService, startService } from '../../../server/start';
import { createTempDir, createTestPlatform, signInDemo, startTestCore, waitForIdle } from '../../helpers/core-harness';
import { ServerClient, smallDemo } from '../../helpers/server-client';
import { type SwitchableProxy, startSwitchableProxy } from '../../helpers/switchable-proxy';

describe('sign-out', () => {
  const dir = createTempDir();
  let service: RunningService;
  let proxy: SwitchableProxy;
  let core: Core | null = null;

  beforeAll(async () => {
    service = await startService({ dataDir: `${dir.path}/service`, port: 0, demo: smallDemo });
    proxy = await startSwitchableProxy(service.url);
  });
  afterEach(async () => {
    await core?.stop();
    core = null;
    proxy.up();
  });
  afterAll(async () => {
    await proxy.close();
    await service.stop();
    dir.remove();
  });

  /** Signs a new core in to the service through the proxy and syncs; returns its tokens as the service knows them. */
  async function signedInCore(home: string) {
    const keychain = createMemoryKeychain();
    core = await startTestCore(home, createTestPlatform(keychain));
    await signInDemo(core, { url: proxy.url, credentials: service.credentials });
    await waitForIdle(core);
    const bearer = [...proxy.requests].reverse().find((r) => r.headers.authorization)?.headers.authorization;
    const refreshToken = await keychain.get(`${proxy.url} ${service.credentials.username}`);
    if (!bearer || !refreshToken) throw new Error('The core sent no bearer token or kept no refresh token');
    return { core, keychain, accessToken: bearer.replace(/^Bearer /, ''), refreshToken };
  }

  const direct = () => new ServerClient(service.url);
  const refreshWith = (refreshToken: string) =>
    direct().call('authenticateUser', { token: null, body: { grantType: 'refresh_token', refreshToken } });

  it('revokes the sign-in: the old access token gets 401 and the old refresh token is refused', async () => {
    const signedIn = await signedInCore(`${dir.path}/online`);
    expect((await direct().call('getCurrentUser', { token: signedIn.accessToken })).status).toBe(200);

    const result = await signedIn.core.handlers['session.signOut']({});
    expect(result).toEqual({ state: 'signedOut', serverUrl: proxy.url, keychain: 'memory', endedOnService: true });
    expect(proxy.requests.some((r) => r.url === '/api/auth/revokeToken')).toBe(true);
    expect(await signedIn.keychain.get(`${proxy.url} ${service.credentials.username}`)).toBeNull();
    expect((await direct().call('getCurrentUser', { token: signedIn.accessToken })).status).toBe(401);
    expect((await refreshWith(signedIn.refreshToken)).status).toBe(401);
  });

  it('leaves the same user’s other sign-ins working', async () => {
    const other = direct();
    await other.signIn(service.credentials);
    const signedIn = await signedInCore(`${dir.path}/other`);
    expect((await signedIn.core.handlers['session.signOut']({})).endedOnService).toBe(true);
    expect((await other.call('getCurrentUser')).status).toBe(200);
  });

  it('offline, forgets the tokens at once and says that the service did not end the session', async () => {
    const signedIn = await signedInCore(`${dir.path}/offline`);
    proxy.down();
    const result = await signedIn.core.handlers['session.signOut']({});
    expect(result).toEqual({ state: 'signedOut', serverUrl: proxy.url, keychain: 'memory', endedOnService: false });
    expect(await signedIn.keychain.get(`${proxy.url} ${service.credentials.username}`)).toBeNull();
    expect(await signedIn.core.handlers['session.get']({})).toMatchObject({ state: 'signedOut' });
    await expect(signedIn.core.handlers['sync.run']({})).resolves.toMatchObject({ state: 'signedOut' });
    // The service was not told: its tokens still work until they expire.
    expect((await direct().call('getCurrentUser', { token: signedIn.accessToken })).status).toBe(200);
  });
});
