/**
 * Fault: the data folder cannot be written (docs/ARCHITECTURE.md, "When the data folder cannot be
 * written"), on small tmpfs mounts (Linux, as root). Each trial's folder synced with a small demo
 * service and holds local-only work: edits waiting in the outbox (made while the service was away),
 * a downloaded document, a draft and the server URL setting.
 *
 * - Read-only at start: the app opens, shows its data read-only with words naming the folder, refuses
 *   edits in those words and loses nothing; made writable again and restarted, it still has
 *   everything, sends the edits and syncs what the service changed meanwhile.
 * - Disk full while sync writes a random number of new records, or while the user edits (edits are
 *   made until one is refused): sync pauses with words naming the folder and what to do, the app
 *   does not crash, each edit is refused in those words (and then shows nowhere) or kept; once space
 *   is freed sync resumes by itself.
 *
 * Every trial ends with nothing local lost, the cache equal to the service and every database whole.
 */
import assert from 'node:assert/strict';
import { rmSync, statSync, truncateSync } from 'node:fs';
import { join } from 'node:path';
import { createCore } from '../../../main/core/index';
import { createMemoryKeychain } from '../../../main/core/keychain';
import { keptEditWords } from '../../../main/core/writes/write-queue';
import type { Core } from '../../../main/core/platform';
import { BridgeError } from '../../../preload/contract';
import {
  type ClientRig,
  startClientRig,
  syncedFolderWithLocalWork,
  syncWithLocalWork,
} from '../../helpers/client-folders';
import {
  createTestPlatform,
  startTestCore,
  testCoreOptions,
  waitForEvent,
  waitForIdle,
} from '../../helpers/core-harness';
import { fillDisk, pageSize, remountReadOnly, remountWritable } from '../../helpers/data-folder';
import { assertIntact } from '../../helpers/damaged-folder';
import { serviceVersions } from '../../helpers/feed-reader';
import { type LocalWork, missingLocalWork, queueAnEdit } from '../../helpers/local-work';
import { diskFullWords, readOnlyWords, tmpfsMounts } from '../../helpers/unwritable-folder';
import { cachedVersions, differences } from '../cache-state';
import { type FaultScenario, runTrial, type TrialResult } from '../scenario';

const scenario = 'Data folder cannot be written';

/** Size of each client's tmpfs: room for the small demo data set and its downloads. */
const tmpfsSize = '16m';

/** A last name of one word, all of one length, so a search for one finds no other (api/full-text-query.ts). */
const lastName = (kind: string, trial: number, i: number) =>
  `${kind}${String(trial).padStart(4, '0')}N${String(i).padStart(3, '0')}`;

/** 1 to 3 last names for one trial's waiting edits. */
const editsFor = (kind: string, trial: number, random: () => number) =>
  Array.from({ length: 1 + Math.floor(random() * 3) }, (_, i) => lastName(kind, trial, i + 1));

/**
 * Saves the contact `Kim <name>`: `kept` when it is saved, or refused with `words` and
 * `keptEditWords` (saved in local.db while cache.db could not be written); `refused` when refused in
 * exactly `words`. Any other failure throws.
 */
async function tryAnEdit(core: Core, name: string, words: string): Promise<'kept' | 'refused'> {
  try {
    await queueAnEdit(core, name);
    return 'kept';
  } catch (err) {
    assert.ok(err instanceof BridgeError, `the edit failed with ${String(err)}`);
    assert.equal(err.code, 'storage', err.message);
    if (err.message === `${words} ${keptEditWords}`) return 'kept';
    assert.equal(err.message, words);
    return 'refused';
  }
}

/** How often the contact `Kim <name>` shows in the cache. */
async function shown(core: Core, name: string): Promise<number> {
  const rows = (await core.handlers['contacts.list']({ query: name, offset: 0, limit: 5 })).rows;
  return rows.filter((row) => row.lastName === name).length;
}

/**
 * Waits for `core` to send its outbox (running sync once more when an edit came after its last push),
 * then checks that every kept edit shows once and every refused one nowhere, and that the cache equals
 * the service's data. Returns the local work missing now.
 */
async function expectSynced(rig: ClientRig, core: Core, dataDir: string, work: LocalWork, refused: string[]) {
  await waitForIdle(core);
  if ((await core.handlers['outbox.list']({})).length > 0) await core.handlers['sync.run']({});
  assert.deepEqual(await core.handlers['outbox.list']({}), [], 'the waiting edits were not sent');
  for (const name of work.edits) assert.equal(await shown(core, name), 1, `Kim ${name} does not show once`);
  for (const name of refused) assert.equal(await shown(core, name), 0, `Kim ${name} was refused but saved`);
  const missing = await missingLocalWork(core, dataDir, work);
  const wrong = differences(cachedVersions(dataDir), await serviceVersions(rig.service.url, rig.service.credentials));
  assert.deepEqual(wrong, [], 'the cache differs from the service');
  return missing;
}

/** The trial's result from the items missing (at any check) and a note. */
function result(missing: string[], note: string): TrialResult {
  const lost = [...new Set(missing)];
  return { lost: lost.length, detail: lost.length ? `${note}; lost ${lost.join(', ')}` : `${note}; nothing lost` };
}

/** Adds `count` contacts with long job titles on the service (records a sync must write). */
function addOnService(rig: ClientRig, kind: string, trial: number, count: number): void {
  for (let i = 0; i < count; i++)
    rig.service.store.saveContact({ firstName: `Many${i}`, lastName: `${kind}${trial}`, jobTitle: 'x'.repeat(110) });
}

/** The read-only trial: open read-only, then writable again and restarted. */
async function readOnlyTrial(rig: ClientRig, dir: string, trial: number, random: () => number): Promise<TrialResult> {
  const data = join(dir, 'data');
  const keychain = createMemoryKeychain();
  const edits = editsFor('Readonly', trial, random);
  const work = await syncedFolderWithLocalWork(rig, dir, keychain, { edits, download: true, draft: true });
  const changed = Math.floor(random() * 50);
  addOnService(rig, 'Meanwhile', trial, changed);
  remountReadOnly(dir);
  const words = readOnlyWords(data);
  const missing: string[] = [];
  const core = await createCore(testCoreOptions(dir, createTestPlatform(keychain), rig.options));
  try {
    const paused = waitForEvent(core, 'sync.status', (s) => s.state === 'error');
    await core.start();
    const notices = await core.handlers['storage.listNotices']({});
    assert.deepEqual(
      notices.map(({ kind, message }) => ({ kind, message })),
      [{ kind: 'cannotWrite', message: words }],
    );
    assert.equal((await paused).message, words);
    assert.ok((await core.handlers['contacts.list']({ offset: 0, limit: 1 })).total > 0, 'no data shown');
    missing.push(...(await missingLocalWork(core, data, work)));
    assert.equal(await tryAnEdit(core, lastName('Refused', trial, 0), words), 'refused');
    await assert.rejects(core.handlers['drafts.put']({ key: 'contact:other', value: { a: 1 } }), {
      code: 'storage',
      message: words,
    });
  } finally {
    await core.stop();
  }
  remountWritable(dir);
  const again = await startTestCore(dir, createTestPlatform(keychain), rig.options);
  try {
    assert.deepEqual(await again.handlers['storage.listNotices']({}), [], 'a notice stayed after the restart');
    missing.push(...(await missingLocalWork(again, data, work)));
    missing.push(...(await expectSynced(rig, again, data, work, [lastName('Refused', trial, 0)])));
  } finally {
    await again.stop();
  }
  assertIntact(data);
  return result(missing, `edits kept read-only and sent after: ${edits.length}; service changes synced: ${changed}`);
}

/** Fills the tmpfs at `dir` leaving 0 to `maxPages` pages free; returns the filler and the bytes left. */
function fill(dir: string, random: () => number, maxPages: number): { filler: string; headroom: number } {
  const filler = fillDisk(dir);
  const headroom = Math.floor(random() * (maxPages + 1)) * pageSize;
  truncateSync(filler, Math.max(0, statSync(filler).size - headroom));
  return { filler, headroom };
}

/** What a disk-full trial's fault did: the edits it kept and refused, the filler to remove, a note. */
interface WhileFull {
  kept: string[];
  refused: string[];
  filler: string;
  note: string;
}

/**
 * A disk-full trial on a running core in `dir`: after the local work (the proxy still down), `during`
 * fills the disk at its moment and brings the proxy up; sync must be paused in the words, with reads
 * going on; then space is freed and sync must resume by itself.
 */
async function fullDiskTrial(
  rig: ClientRig,
  dir: string,
  edits: string[],
  during: (core: Core, words: string) => Promise<WhileFull>,
): Promise<TrialResult> {
  const data = join(dir, 'data');
  const words = diskFullWords(data);
  const missing: string[] = [];
  const core = await startTestCore(dir, createTestPlatform(createMemoryKeychain()), rig.options);
  let outcome: string;
  try {
    const work = await syncWithLocalWork(rig, core, { edits, download: true, draft: true });
    const { kept, refused, filler, note } = await during(core, words);
    const notices = await core.handlers['storage.listNotices']({});
    assert.deepEqual(
      notices.map(({ kind, message }) => ({ kind, message })),
      [{ kind: 'cannotWrite', message: words }],
    );
    // Reads go on from what is saved.
    missing.push(...(await missingLocalWork(core, data, work)));
    const resumed = waitForEvent(core, 'sync.status', (s) => s.state === 'idle');
    rmSync(filler);
    await resumed;
    assert.deepEqual(await core.handlers['storage.listNotices']({}), [], 'the notice stayed after space was freed');
    const withKept = { ...work, edits: [...work.edits, ...kept] };
    missing.push(...(await expectSynced(rig, core, data, withKept, refused)));
    outcome = `${note}; while full, edits kept: ${kept.length}, refused in words: ${refused.length}`;
  } finally {
    rig.proxy.up();
    await core.stop();
  }
  assertIntact(data);
  return result(missing, outcome);
}

/** Brings the proxy up and runs sync, which must pause in `words` with a retry planned. */
async function syncPaused(rig: ClientRig, core: Core, words: string): Promise<void> {
  const paused = waitForEvent(core, 'sync.status', (s) => s.state === 'error' && s.message === words);
  rig.proxy.up();
  void core.handlers['sync.run']({}).catch(() => undefined);
  assert.notEqual((await paused).nextRetryAt, null, 'sync paused with no retry planned');
}

/** The disk fills (0 to 3 pages left) before sync writes 600 to 1,199 new records; an edit is tried while paused. */
const duringSync =
  (rig: ClientRig, dir: string, trial: number, random: () => number) =>
  async (core: Core, words: string): Promise<WhileFull> => {
    const { filler, headroom } = fill(dir, random, 3);
    const count = 600 + Math.floor(random() * 600);
    addOnService(rig, 'Newcomer', trial, count);
    await syncPaused(rig, core, words);
    const name = lastName('Paused', trial, 0);
    const edit = await tryAnEdit(core, name, words);
    return {
      kept: edit === 'kept' ? [name] : [],
      refused: edit === 'refused' ? [name] : [],
      filler,
      note: `${count} new records, ${headroom / 1024} KiB left`,
    };
  };

/** Edits tried at most on a full disk before one must have been refused. */
const maxEditsWhileFull = 200;

/**
 * The disk fills (leaving 0 to 64 pages, so some edits may fit first) while the user edits offline:
 * edits until one is refused, then sync.
 */
const duringEdit =
  (rig: ClientRig, dir: string, trial: number, random: () => number) =>
  async (core: Core, words: string): Promise<WhileFull> => {
    const { filler, headroom } = fill(dir, random, 64);
    const kept: string[] = [];
    const refused: string[] = [];
    for (let i = 1; refused.length === 0 && i <= maxEditsWhileFull; i++) {
      const name = lastName('Full', trial, i);
      ((await tryAnEdit(core, name, words)) === 'kept' ? kept : refused).push(name);
    }
    assert.equal(refused.length, 1, `${maxEditsWhileFull} edits were all kept on a full disk`);
    await syncPaused(rig, core, words);
    return { kept, refused, filler, note: `${headroom / 1024} KiB left` };
  };

/** The three faults, `trials` times each, each trial on its own tmpfs. */
export const storageFaults: FaultScenario = {
  name: scenario,
  async run({ workDir, random, log }, trials) {
    const rig = await startClientRig(workDir);
    const mounts = tmpfsMounts(workDir);
    /** Runs `trial` on a fresh tmpfs named `name`, unmounted afterwards. */
    const onTmpfs = async (name: string, trial: (dir: string) => Promise<TrialResult>) => {
      const dir = mounts.mount(name, tmpfsSize);
      try {
        return await trial(dir);
      } finally {
        mounts.unmount(dir);
      }
    };
    try {
      for (let trial = 1; trial <= trials; trial++) {
        await runTrial(log, scenario, 'data folder read-only at start', () =>
          onTmpfs(`read-only-${trial}`, (dir) => readOnlyTrial(rig, dir, trial, random)),
        );
        await runTrial(log, scenario, 'disk full while sync writes new records', () =>
          onTmpfs(`full-sync-${trial}`, (dir) =>
            fullDiskTrial(rig, dir, editsFor('Waiting', trial, random), duringSync(rig, dir, trial, random)),
          ),
        );
        await runTrial(log, scenario, 'disk full during an edit', () =>
          onTmpfs(`full-edit-${trial}`, (dir) =>
            fullDiskTrial(rig, dir, editsFor('Offline', trial, random), duringEdit(rig, dir, trial, random)),
          ),
        );
      }
    } finally {
      mounts.unmountAll();
      await rig.close();
    }
  },
};
