/**
 * What a user relies on after their cache.db was damaged (docs/ARCHITECTURE.md, "A damaged file"):
 * the app starts, says in words where the damaged file was set aside, keeps everything only this
 * machine had and sends its waiting edits, and ends with a cache equal to the service's data and
 * every database file whole. Shared by the integration tests and the fault-injection suite, so it
 * checks with node:assert.
 */
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import type { Keychain } from '../../main/core/platform';
import { integrityOfFolder } from '../faults/cache-state';
import { type ClientRig, freshClientTables, signInThroughProxy } from './client-folders';
import { createTestPlatform, dumpSyncedTables, startTestCore, waitForIdle } from './core-harness';
import { filesMatching } from './data-folder';
import { editSummary, type LocalWork, missingLocalWork } from './local-work';

/** The name of cache.db once set aside (`cache.damaged-<ISO 8601 basic UTC>.db`). */
export const setAsideCache = /^cache\.damaged-\d{8}T\d{6}Z\.db$/;

/** The notice of a cache.db set aside as `file` (main/core/storage-notices.ts). */
export const cacheRebuiltWords = (file: string) =>
  `The local copy of your data was damaged. It was set aside as ${file} and is being downloaded again from the service; your unsent changes are safe.`;

/**
 * Asserts that SQLite finds every database file the app uses in `dataDir` whole (`PRAGMA
 * integrity_check`); the files it set aside as damaged (`*.damaged-<time>.db`) are left out.
 */
export function assertIntact(dataDir: string): void {
  const damaged = Object.entries(integrityOfFolder(dataDir)).filter(
    ([name, verdict]) => verdict !== 'ok' && !/\.damaged-\d{8}T\d{6}Z\.db$/.test(name),
  );
  assert.deepEqual(damaged, [], 'a database file is damaged');
}

/** What a start on a damaged folder came to. */
export interface Rebuilt {
  /** The items of the folder's local work that were missing at the start or at the end, in words. */
  missing: string[];
  /** Records the new cache holds. */
  records: number;
  /** From the start of the core to the end of its sync, ms. */
  ms: number;
}

/**
 * Starts a core on the client folder `dir` (its cache.db damaged) and checks what the user relies on:
 * it starts; cache.db was set aside and the only notice says where, in words (when `damaged` is false,
 * for harm SQLite cannot see, such as garbage over an unused page: nothing was set aside and there is
 * no notice); the outbox holds nothing
 * but `work`'s edits; after the sync (signing in again first when `signInAgain`: the folder's sign-in
 * was lost) every edit was sent and shows once; then the cache equals a fresh client's and every
 * database file is whole. Returns what of `work` was missing, for the caller to count (an
 * `AssertionError` for anything else).
 */
export async function expectRebuilt(
  rig: ClientRig,
  dir: string,
  work: LocalWork,
  keychain: Keychain,
  signInAgain: boolean,
  damaged = true,
): Promise<Rebuilt> {
  const data = join(dir, 'data');
  const started = performance.now();
  const core = await startTestCore(dir, createTestPlatform(keychain), rig.options);
  const missing = new Set<string>();
  let ms: number;
  try {
    const aside = filesMatching(data, setAsideCache).map((name) => join(data, name));
    assert.equal(aside.length, damaged ? 1 : 0, `cache.db set aside ${aside.length} times`);
    const notices = await core.handlers['storage.listNotices']({});
    assert.deepEqual(
      notices.map(({ kind, file, message }) => ({ kind, file, message })),
      aside.map((file) => ({ kind: 'cacheRebuilt', file, message: cacheRebuiltWords(file) })),
    );
    const waiting = (await core.handlers['outbox.list']({})).map((entry) => entry.summary);
    const expected = new Set(work.edits.map(editSummary));
    assert.deepEqual(
      waiting.filter((summary) => !expected.has(summary)),
      [],
      'the outbox holds entries that were never made',
    );
    for (const item of await missingLocalWork(core, data, work)) missing.add(item);

    if (signInAgain) await signInThroughProxy(core, rig);
    await waitForIdle(core);
    if ((await core.handlers['outbox.list']({})).length > 0) await core.handlers['sync.run']({});
    ms = performance.now() - started;
    assert.deepEqual(await core.handlers['outbox.list']({}), [], 'the waiting edits were not sent');
    for (const lastName of work.edits) {
      const shown = await core.handlers['contacts.list']({ query: lastName, offset: 0, limit: 5 });
      assert.equal(shown.total, 1, `Kim ${lastName} shows ${shown.total} times`);
    }
    for (const item of await missingLocalWork(core, data, work)) missing.add(item);
  } finally {
    await core.stop();
  }
  assertIntact(data);
  const tables = dumpSyncedTables(data);
  assert.deepEqual(tables, await freshClientTables(rig, join(rig.root, `reference-${randomUUID()}`)));
  const records = Object.values(tables).reduce((sum, rows) => sum + rows.length, 0);
  return { missing: [...missing], records, ms };
}
