/**
 * A copied refresh token, used after the client had rotated it, makes the service revoke the whole
 * sign-in (server/db/users.ts); the client then gets 401, its refresh is refused, and the session
 * ends: the app shows sign-in, keeps the cached data and the outbox, and the same user signs in again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryKeychain } from '../../../main/core/keychain';
import type { Keychain } from '../../../main/core/platform';
import { type RunningService, startService } from '../../../server/start';
import {
  countSyncedRows,
  createTempDir,
  createTestPlatform,
  signInDemo,
  startTestCore,
  waitForEvent,
  waitForIdle,
} from '../../helpers/core-harness';
import { ServerClient, smallDemo } from '../../helpers/server-client';

describe('a refresh token used twice', () => {
  const dir = createTempDir();
  let service: RunningService;
  let keychain: Keychain;

  beforeAll(async () => {
    service = await startService({ dataDir: `${dir.path}/service`, port: 0, demo: smallDemo });
    keychain = createMemoryKeychain();
  });
  afterAll(async () => {
    await service.stop();
    dir.remove();
  });

  it('ends the client’s session; the user signs in again and nothing local is lost', async () => {
    const account = `${service.url} ${service.credentials.username}`;
    const home = `${dir.path}/client`;
    const first = await startTestCore(home, createTestPlatform(keychain));
    await signInDemo(first, service);
    await waitForIdle(first);
    const copied = (await keychain.get(account)) as string;
    await first.stop();

    // The next launch restores the session and refreshes: the copied token is now a used one.
    const core = await startTestCore(home, createTestPlatform(keychain));
    expect((await core.handlers['sync.run']({})).state).toBe('idle');
    const current = await keychain.get(account);
    expect(current).not.toBe(copied);

    // Someone else uses the copy: the service revokes the sign-in.
    const reuse = await new ServerClient(service.url).call('authenticateUser', {
      token: null,
      body: { grantType: 'refresh_token', refreshToken: copied },
    });
    expect(reuse.status).toBe(401);

    // The next edit's push gets 401, the refresh is refused, and the session ends.
    const ended = waitForEvent(core, 'session.changed', (s) => s.state === 'signedOut');
    const stopped = waitForEvent(core, 'sync.status', (s) => s.state === 'signedOut');
    const edited = (await core.handlers['contacts.list']({ offset: 0, limit: 1 })).rows[0];
    await core.handlers['contacts.save']({
      contact: { id: edited.id, firstName: edited.firstName, lastName: edited.lastName, jobTitle: 'Kept' },
    });
    expect(await ended).toEqual({ state: 'signedOut', serverUrl: service.url, keychain: 'memory' });
    await stopped;
    expect(await keychain.get(account)).toBeNull();
    expect(countSyncedRows(`${home}/data`).contacts).toBe(smallDemo.contacts);
    expect((await core.handlers['sync.getStatus']({})).pendingCount).toBe(1);

    // Signing in again (the same user) keeps everything and sends the edit.
    await signInDemo(core, service);
    await waitForEvent(core, 'sync.status', (s) => s.state === 'idle' && s.pendingCount === 0);
    expect(service.store.contacts.get(edited.id)).toMatchObject({ jobTitle: 'Kept' });
    await core.stop();
  });
});
