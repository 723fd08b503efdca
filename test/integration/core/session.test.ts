/**
 * Session against the reference service and the OS keychain (run inside a D-Bus session with an
 * unlocked gnome-keyring): sign-in, restore, sign-out, and the errors a user can run into.
 */
import { createServer } from 'node:net';
import keytar from 'keytar';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKeychain, keychainService } from '../../../main/core/keychain';
import type { Keychain } from '../../../main/core/platform';
import { type RunningService, startService } from '../../../server/start';
import {
  countSyncedRows,
  createTempDir,
  createTestPlatform,
  signInDemo,
  startTestCore,
  waitForIdle,
} from '../../helpers/core-harness';

/** A port on which nothing listens (bound, then released). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 1;
}

describe('session', () => {
  const dir = createTempDir();
  let service: RunningService;
  let keychain: Keychain;

  beforeAll(async () => {
    service = await startService({ dataDir: `${dir.path}/service` });
    keychain = await createKeychain();
  });
  afterAll(async () => {
    await service.stop();
    dir.remove();
  });

  it('uses the OS keychain', () => {
    expect(keychain.kind).toBe('os');
  });

  it('signs in, keeps the refresh token in the OS keychain, restores the session, and signs out', async () => {
    const home = createTempDir();
    const account = `${service.url} ${service.credentials.username}`;
    try {
      const core = await startTestCore(home.path, createTestPlatform(keychain));
      expect(await core.handlers['session.get']({})).toEqual({ state: 'signedOut', serverUrl: null, keychain: 'os' });
      const state = await signInDemo(core, service);
      expect(state).toMatchObject({
        state: 'signedIn',
        serverUrl: service.url,
        keychain: 'os',
        user: { email: service.credentials.username },
      });
      const stored = await keytar.getPassword(keychainService, account);
      expect(stored).toEqual(expect.any(String));
      expect(stored!.length).toBeGreaterThanOrEqual(16);
      await waitForIdle(core);
      await core.stop();

      // A new launch restores the session from the keychain and syncs (the refresh token rotates).
      const again = await startTestCore(home.path, createTestPlatform(keychain));
      expect(await again.handlers['session.get']({})).toMatchObject({ state: 'signedIn', serverUrl: service.url });
      const status = await again.handlers['sync.run']({});
      expect(status.state).toBe('idle');
      const rotated = await keytar.getPassword(keychainService, account);
      expect(rotated).toEqual(expect.any(String));
      expect(rotated).not.toBe(stored);

      const signedOut = await again.handlers['session.signOut']({});
      expect(signedOut).toEqual({ state: 'signedOut', serverUrl: service.url, keychain: 'os', endedOnService: true });
      expect(await keytar.getPassword(keychainService, account)).toBeNull();
      expect(countSyncedRows(`${home.path}/data`)).toEqual({
        companies: 0,
        contacts: 0,
        calendar_events: 0,
        folders: 0,
        documents: 0,
        notifications: 0,
      });
      expect((await again.handlers['contacts.list']({ offset: 0, limit: 10 })).total).toBe(0);
      expect((await again.handlers['sync.getStatus']({})).state).toBe('signedOut');
      await again.stop();
    } finally {
      await keytar.deletePassword(keychainService, account);
      home.remove();
    }
  });

  it('says when the e-mail or password is wrong', async () => {
    const home = createTempDir();
    const core = await startTestCore(home.path, createTestPlatform());
    try {
      await expect(
        core.handlers['session.signIn']({
          serverUrl: service.url,
          username: service.credentials.username,
          password: 'not-the-password',
        }),
      ).rejects.toMatchObject({
        code: 'unauthorized',
        message: 'The e-mail or password is not right. Check them and try again.',
      });
      expect((await core.handlers['session.get']({})).state).toBe('signedOut');
    } finally {
      await core.stop();
      home.remove();
    }
  });

  it('says when the server cannot be reached, naming it', async () => {
    const home = createTempDir();
    const core = await startTestCore(home.path, createTestPlatform());
    const url = `http://127.0.0.1:${await closedPort()}`;
    try {
      const attempt = core.handlers['session.signIn']({
        serverUrl: url,
        username: 'someone@example.com',
        password: 'x',
      });
      await expect(attempt).rejects.toMatchObject({ code: 'offline' });
      await expect(attempt).rejects.toThrow(
        `Can't reach the BRM service at ${url}. Check the server URL and your network connection`,
      );
    } finally {
      await core.stop();
      home.remove();
    }
  });

  it('refuses a malformed server URL before calling anything', async () => {
    const home = createTempDir();
    const core = await startTestCore(home.path, createTestPlatform());
    try {
      for (const serverUrl of ['not a url', 'ftp://files.example.com', 'http://']) {
        await expect(
          core.handlers['session.signIn']({ serverUrl, username: 'a@example.com', password: 'x' }),
        ).rejects.toMatchObject({
          code: 'invalid_input',
        });
      }
    } finally {
      await core.stop();
      home.remove();
    }
  });

  it('clears the cache when signing in to another server', async () => {
    const home = createTempDir();
    const other = await startService({
      dataDir: `${dir.path}/other`,
      demo: { contacts: 30, companies: 5, events: 10, documents: 8, notifications: 4, seed: 7 },
    });
    const core = await startTestCore(home.path, createTestPlatform());
    try {
      await signInDemo(core, service);
      await waitForIdle(core);
      expect(countSyncedRows(`${home.path}/data`).contacts).toBe(2000);
      await signInDemo(core, other);
      const status = await waitForIdle(core);
      expect(status.phase).toBe('bootstrap');
      expect(countSyncedRows(`${home.path}/data`)).toMatchObject({
        contacts: 30,
        companies: 5,
        calendar_events: 10,
        documents: other.store.documents.counts().documents,
      });
    } finally {
      await core.stop();
      await other.stop();
      home.remove();
    }
  });
});
