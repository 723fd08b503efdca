/**
 * When the data folder cannot be written (docs/ARCHITECTURE.md, "When the data folder cannot be
 * written"), on small tmpfs mounts (Linux, as root): a full disk pauses sync with the folder and what
 * to do, edits are refused in the same words, and sync resumes by itself once space is back, with
 * nothing local lost; a folder that is read-only at start shows its data read-only, and one with
 * nothing to show refuses to start in words naming the folder and `--data`.
 */
import { copyFileSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BridgeError } from '../../../preload/contract';
import { createMemoryKeychain } from '../../../main/core/keychain';
import { createCore } from '../../../main/core/index';
import { keptEditWords } from '../../../main/core/writes/write-queue';
import type { Core } from '../../../main/core/platform';
import {
  type ClientRig,
  freshClientTables,
  signInThroughProxy,
  startClientRig,
  syncedFolderWithLocalWork,
} from '../../helpers/client-folders';
import {
  createTempDir,
  createTestPlatform,
  dumpSyncedTables,
  startTestCore,
  testCoreOptions,
  waitForEvent,
  waitForIdle,
} from '../../helpers/core-harness';
import { fillDisk, localSnapshot, remountReadOnly } from '../../helpers/data-folder';
import { diskFullWords, readOnlyWords, tmpfsMounts } from '../../helpers/unwritable-folder';

describe('a data folder that cannot be written', () => {
  const temp = createTempDir('brm-storage-');
  const mounts = tmpfsMounts(temp.path);
  let rig: ClientRig;

  beforeAll(async () => {
    rig = await startClientRig(temp.path);
  });
  afterAll(async () => {
    await rig.close();
    mounts.unmountAll();
    temp.remove();
  });

  /** A tmpfs of `size` for a client folder. */
  const tmpfs = (name: string, size: string) => mounts.mount(name, size);
  const signIn = (core: Core) => signInThroughProxy(core, rig);

  it('pauses sync on a full disk with the folder and what to do, refuses edits in the same words, and resumes by itself', async () => {
    const dir = tmpfs('full', '16m');
    const data = join(dir, 'data');
    const core = await startTestCore(dir, createTestPlatform(), rig.options);
    try {
      await signIn(core);
      await waitForIdle(core);
      rig.proxy.down();
      await core.handlers['contacts.save']({ contact: { firstName: 'Fay', lastName: 'Fullness' } });
      await core.handlers['drafts.put']({ key: 'contact:new', value: { firstName: 'Draft' } });
      const local = localSnapshot(data);

      const filler = fillDisk(dir);
      // Enough new records on the service that writing them needs more room than the files have.
      for (let i = 0; i < 600; i++)
        rig.service.store.saveContact({ firstName: `Many${i}`, lastName: 'Newcomer', jobTitle: 'x'.repeat(110) });
      rig.proxy.up();
      const words = diskFullWords(data);
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
      rig.proxy.up();
      await core.stop();
    }
    expect(dumpSyncedTables(data)).toEqual(await freshClientTables(rig, join(temp.path, 'reference')));
  });

  it('says an edit was saved all the same when local.db took it and cache.db could not, shows it once space is back and sends it once', async () => {
    // cache.db alone on a full disk (a link to a small tmpfs): SQLite commits local.db's part of the
    // edit, then cannot commit cache.db's (docs/ARCHITECTURE.md, "Two files, one truth").
    const dir = join(temp.path, 'split');
    const data = join(dir, 'data');
    const keychain = createMemoryKeychain();
    await syncedFolderWithLocalWork(rig, dir, keychain, { edits: [] });
    const disk = tmpfs('cache-only', '2m');
    copyFileSync(join(data, 'cache.db'), join(disk, 'cache.db'));
    rmSync(join(data, 'cache.db'));
    symlinkSync(join(disk, 'cache.db'), join(data, 'cache.db'));
    const core = await startTestCore(dir, createTestPlatform(keychain), rig.options);
    try {
      await waitForIdle(core);
      const filler = fillDisk(disk);
      rig.proxy.down();
      await expect(
        core.handlers['contacts.save']({ contact: { firstName: 'Kim', lastName: 'Halfwritten' } }),
      ).rejects.toMatchObject({ code: 'storage', message: `${diskFullWords(data)} ${keptEditWords}` });
      expect((await core.handlers['outbox.list']({})).map((e) => e.summary)).toEqual(['New contact Kim Halfwritten']);

      rmSync(filler);
      rig.proxy.up();
      await core.handlers['sync.run']({});
      await waitForIdle(core);
      expect(await core.handlers['outbox.list']({})).toEqual([]);
      expect((await core.handlers['contacts.list']({ query: 'Halfwritten', offset: 0, limit: 5 })).total).toBe(1);
    } finally {
      rig.proxy.up();
      await core.stop();
    }
  });

  it('shows the data of a folder that is read-only at start, read-only, with the words, and refuses edits', async () => {
    const dir = tmpfs('read-only', '16m');
    const data = join(dir, 'data');
    const keychain = createMemoryKeychain();
    await syncedFolderWithLocalWork(rig, dir, keychain, { edits: ['Readonly'] });
    remountReadOnly(dir);

    const words = readOnlyWords(data);
    const core = await createCore(testCoreOptions(dir, createTestPlatform(keychain), rig.options));
    try {
      const paused = waitForEvent(core, 'sync.status', (s) => s.state === 'error');
      await core.start();
      expect(await core.handlers['storage.listNotices']({})).toEqual([
        expect.objectContaining({ kind: 'cannotWrite', message: words }),
      ]);
      expect((await core.handlers['contacts.list']({ offset: 0, limit: 1 })).total).toBeGreaterThan(0);
      expect((await core.handlers['outbox.list']({})).map((e) => e.summary)).toEqual(['New contact Kim Readonly']);
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
