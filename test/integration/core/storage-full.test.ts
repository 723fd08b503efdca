/**
 * When the data folder cannot be written (docs/ARCHITECTURE.md, "When the data folder cannot be
 * written"), on small tmpfs mounts (Linux, as root): a full disk pauses sync with the folder and what
 * to do, edits are refused in the same words, and sync resumes by itself once space is back, with
 * nothing local lost; a folder that is read-only at start shows its data read-only, and one with
 * nothing to show refuses to start in words naming the folder and `--data`.
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BridgeError } from '../../../preload/contract';
import { createMemoryKeychain } from '../../../main/core/keychain';
import { createCore } from '../../../main/core/index';
import type { Core } from '../../../main/core/platform';
import { type RunningService, startService } from '../../../server/start';
import {
  createTempDir,
  createTestPlatform,
  dumpSyncedTables,
  startTestCore,
  testCoreOptions,
  waitForEvent,
  waitForIdle,
} from '../../helpers/core-harness';
import { fillDisk, localSnapshot, mountTmpfs, remountReadOnly, unmount } from '../../helpers/data-folder';
import { smallDemo } from '../../helpers/server-client';
import { type SwitchableProxy, startSwitchableProxy } from '../../helpers/switchable-proxy';

const options = { syncBackoff: { baseMs: 100, maxMs: 400 } };

describe('a data folder that cannot be written', () => {
  const temp = createTempDir('brm-storage-');
  const mounts: string[] = [];
  let service: RunningService;
  let proxy: SwitchableProxy;

  beforeAll(async () => {
    service = await startService({ dataDir: join(temp.path, 'service'), demo: smallDemo });
    proxy = await startSwitchableProxy(service.url);
  });
  afterAll(async () => {
    await proxy.close();
    await service.stop();
    for (const mount of mounts) unmount(mount);
    temp.remove();
  });

  /** A tmpfs of `size` for a client folder. */
  function tmpfs(name: string, size: string): string {
    const dir = join(temp.path, name);
    mountTmpfs(dir, size);
    mounts.push(dir);
    return dir;
  }

  const signIn = (core: Core) => core.handlers['session.signIn']({ serverUrl: proxy.url, ...service.credentials });

  /** What a fresh client bootstraps from the service now. */
  async function serviceData(): Promise<Record<string, unknown[]>> {
    const dir = join(temp.path, `reference-${Date.now()}`);
    const core = await startTestCore(dir, createTestPlatform(), options);
    await core.handlers['session.signIn']({ serverUrl: service.url, ...service.credentials });
    await waitForIdle(core);
    await core.stop();
    return dumpSyncedTables(join(dir, 'data'));
  }

  it('pauses sync on a full disk with the folder and what to do, refuses edits in the same words, and resumes by itself', async () => {
    const dir = tmpfs('full', '16m');
    const data = join(dir, 'data');
    const core = await startTestCore(dir, createTestPlatform(), options);
    try {
      await signIn(core);
      await waitForIdle(core);
      proxy.down();
      await core.handlers['contacts.save']({ contact: { firstName: 'Fay', lastName: 'Fullness' } });
      await core.handlers['drafts.put']({ key: 'contact:new', value: { firstName: 'Draft' } });
      const local = localSnapshot(data);

      const filler = fillDisk(dir);
      // Enough new records on the service that writing them needs more room than the files have.
      for (let i = 0; i < 600; i++)
        service.store.saveContact({ firstName: `Many${i}`, lastName: 'Newcomer', jobTitle: 'x'.repeat(110) });
      proxy.up();
      const words = `BRM Desktop cannot write to ${data}: the disk is full. Free some space; syncing resumes by itself.`;
      const paused = waitForEvent(core, 'sync.status', (s) => s.state === 'error' && s.message === words);
      void core.handlers['sync.run']({});
      const status = await paused;
      expect(status.nextRetryAt).not.toBeNull();
      expect(await core.handlers['storage.listNotices']({})).toEqual([
        expect.objectContaining({ kind: 'cannotWrite', message: words }),
      ]);

      const refused = core.handlers['contacts.save']({ contact: { firstName: 'Not', lastName: 'Now' } });
      await expect(refused).rejects.toBeInstanceOf(BridgeError);
      await expect(refused).rejects.toMatchObject({ code: 'storage', message: words });
      expect((await core.handlers['contacts.list']({ query: 'Now', offset: 0, limit: 5 })).total).toBe(0);
      // Reads go on from what is saved.
      expect((await core.handlers['contacts.list']({ query: 'Fullness', offset: 0, limit: 5 })).total).toBe(1);
      expect(localSnapshot(data).drafts).toEqual(local.drafts);

      rmSync(filler);
      await waitForEvent(core, 'sync.status', (s) => s.state === 'idle');
      expect(await core.handlers['outbox.list']({})).toEqual([]);
      expect(await core.handlers['storage.listNotices']({})).toEqual([]);
      expect(await core.handlers['drafts.get']({ key: 'contact:new' })).toMatchObject({
        value: { firstName: 'Draft' },
      });
      expect((await core.handlers['contacts.list']({ query: 'Newcomer', offset: 0, limit: 1 })).total).toBe(600);
      await core.handlers['contacts.save']({ contact: { firstName: 'Now', lastName: 'Again' } });
      await core.handlers['sync.run']({});
      expect(await core.handlers['outbox.list']({})).toEqual([]);
    } finally {
      proxy.up();
      await core.stop();
    }
    expect(dumpSyncedTables(data)).toEqual(await serviceData());
  });

  it('shows the data of a folder that is read-only at start, read-only, with the words, and refuses edits', async () => {
    const dir = tmpfs('read-only', '16m');
    const data = join(dir, 'data');
    const keychain = createMemoryKeychain();
    const first = await startTestCore(dir, createTestPlatform(keychain), options);
    try {
      await signIn(first);
      await waitForIdle(first);
      proxy.down();
      await first.handlers['contacts.save']({ contact: { firstName: 'Rita', lastName: 'Readonly' } });
    } finally {
      await first.stop();
      proxy.up();
    }
    remountReadOnly(dir);

    const words = `BRM Desktop cannot write to ${data}: the folder is read-only or your user may not write to it. It shows the data saved there, read-only, and does not sync. Make the folder writable and start BRM Desktop again, or start it with --data and a folder it can write to.`;
    const core = await createCore(testCoreOptions(dir, createTestPlatform(keychain), options));
    try {
      const paused = waitForEvent(core, 'sync.status', (s) => s.state === 'error');
      await core.start();
      expect(await core.handlers['storage.listNotices']({})).toEqual([
        expect.objectContaining({ kind: 'cannotWrite', message: words }),
      ]);
      expect((await core.handlers['contacts.list']({ offset: 0, limit: 1 })).total).toBeGreaterThan(0);
      expect((await core.handlers['outbox.list']({})).map((e) => e.summary)).toEqual(['New contact Rita Readonly']);
      expect((await paused).message).toBe(words);
      await expect(
        core.handlers['contacts.save']({ contact: { firstName: 'Not', lastName: 'Saved' } }),
      ).rejects.toMatchObject({ code: 'storage', message: words });
      await expect(core.handlers['drafts.put']({ key: 'contact:new', value: { a: 1 } })).rejects.toMatchObject({
        code: 'storage',
        message: words,
      });
    } finally {
      await core.stop();
    }
  });

  it('refuses to start on a read-only folder with nothing to show, naming the folder and --data', async () => {
    const dir = tmpfs('empty-read-only', '1m');
    mkdirSync(join(dir, 'data'));
    remountReadOnly(dir);
    const data = join(dir, 'data');
    await expect(createCore(testCoreOptions(dir, createTestPlatform()))).rejects.toMatchObject({
      code: 'storage',
      message: `BRM Desktop cannot write to ${data}: the folder is read-only or your user may not write to it. Make the folder writable and start BRM Desktop again, or start it with --data and a folder it can write to.`,
    });
  });
});
