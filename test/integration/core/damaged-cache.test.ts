/**
 * A damaged cache.db is noticed and rebuilt (docs/ARCHITECTURE.md, "A damaged file"): garbage in
 * the middle of the file, a truncated file, an overwritten header, and a -wal removed after a kill
 * each leave a core that starts, tells the user where the damaged file was set aside, keeps the
 * outbox, a downloaded document, a draft and the server URL setting, and ends with a cache equal to
 * the service's data after sync (test/helpers/damaged-folder.ts). Damage that only the full check
 * finds (an index that disagrees with its table) is repaired while the app runs.
 */
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { quickCheck } from '../../../main/core/cache/integrity';
import { createMemoryKeychain } from '../../../main/core/keychain';
import {
  type ClientRig,
  freshClientTables,
  killedFolderWithLocalWork,
  startClientRig,
  syncedFolderWithLocalWork,
} from '../../helpers/client-folders';
import {
  createTempDir,
  createTestPlatform,
  dumpSyncedTables,
  startTestCore,
  waitForEvent,
} from '../../helpers/core-harness';
import {
  desyncIndex,
  filesMatching,
  overwriteHeader,
  truncateToAThird,
  writeGarbageInTheMiddle,
} from '../../helpers/data-folder';
import { expectRebuilt, setAsideCache } from '../../helpers/damaged-folder';

describe('a damaged cache.db', () => {
  const temp = createTempDir('brm-damaged-cache-');
  let rig: ClientRig;

  beforeAll(async () => {
    rig = await startClientRig(temp.path);
  });
  afterAll(async () => {
    await rig.close();
    temp.remove();
  });

  it.each([
    ['garbage in the middle', writeGarbageInTheMiddle],
    ['a truncated file', truncateToAThird],
    ['an overwritten header', overwriteHeader],
  ])(
    'starts again after %s, set aside and downloaded again, the outbox, download and draft intact',
    async (damage, harm) => {
      const keychain = createMemoryKeychain();
      const name = damage.replaceAll(' ', '-');
      const dir = join(temp.path, name);
      const work = await syncedFolderWithLocalWork(rig, dir, keychain, {
        edits: [`Waiting ${name}`],
        download: true,
        draft: true,
      });
      const file = join(dir, 'data', 'cache.db');
      harm(file);
      expect(quickCheck(file)).not.toEqual([]);
      expect((await expectRebuilt(rig, dir, work, keychain, false)).missing).toEqual([]);
    },
  );

  it('starts again after its -wal was removed following a SIGKILL, the outbox, download and draft intact', async () => {
    const dir = join(temp.path, 'killed');
    const work = await killedFolderWithLocalWork(rig, dir, ['Killed']);
    expect((await expectRebuilt(rig, dir, work, createMemoryKeychain(), true)).missing).toEqual([]);
  });

  it('is repaired while the app runs when the full check finds damage the quick check does not', async () => {
    const keychain = createMemoryKeychain();
    const dir = join(temp.path, 'index');
    await syncedFolderWithLocalWork(rig, dir, keychain, { edits: ['Waiting index'] });
    const data = join(dir, 'data');
    desyncIndex(join(data, 'cache.db'));
    expect(quickCheck(join(data, 'cache.db'))).toEqual([]);

    const core = await startTestCore(dir, createTestPlatform(keychain), rig.options);
    try {
      const told = await waitForEvent(core, 'storage.notices', (notices) =>
        notices.some((n) => n.kind === 'cacheRebuilt'),
      );
      const [aside] = filesMatching(data, setAsideCache);
      expect(told).toEqual([expect.objectContaining({ kind: 'cacheRebuilt', file: join(data, aside) })]);
      await waitForEvent(core, 'sync.status', (s) => s.state === 'idle' && s.phase === 'bootstrap');
      // The waiting edit was sent (before or after the repair) and shows once.
      if ((await core.handlers['outbox.list']({})).length > 0) await core.handlers['sync.run']({});
      expect(await core.handlers['outbox.list']({})).toEqual([]);
      expect((await core.handlers['contacts.list']({ query: 'Waiting index', offset: 0, limit: 5 })).total).toBe(1);
    } finally {
      await core.stop();
    }
    expect(quickCheck(join(data, 'cache.db'))).toEqual([]);
    expect(dumpSyncedTables(data)).toEqual(await freshClientTables(rig, join(temp.path, 'reference-index')));
  });
});
