/**
 * Fault: cache.db damaged while the app was not running (docs/ARCHITECTURE.md, "A damaged file"):
 * garbage over whole pages in the middle of the file (a random page and length, as a disk or a stray
 * write loses pages; the damage starts at a page boundary, so it hits the page's header and SQLite can
 * tell), the file truncated to a third, its header overwritten (a random length of it), or its `-wal`
 * removed after the core was killed with SIGKILL. Each trial's folder first synced with a small demo
 * service and holds local-only work: edits waiting in the outbox (made while the service was away),
 * a downloaded document, a draft and the server URL setting. A core started on the damaged folder
 * must start, say where the damaged file was set aside, keep all of that work and send the edits, and
 * end with a cache equal to the service's data and every database file whole
 * (test/helpers/damaged-folder.ts).
 */
import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { quickCheck } from '../../../main/core/cache/integrity';
import { createMemoryKeychain } from '../../../main/core/keychain';
import { killedFolderWithLocalWork, startClientRig, syncedFolderWithLocalWork } from '../../helpers/client-folders';
import { overwriteHeader, pageSize, truncateToAThird, writeGarbageAt } from '../../helpers/data-folder';
import { expectRebuilt, type Rebuilt } from '../../helpers/damaged-folder';
import type { LocalWork } from '../../helpers/local-work';
import { type FaultScenario, runTrial, type TrialResult } from '../scenario';

const scenario = 'Damaged cache file';

/** A harm done to a stopped client's cache.db; returns what exactly was done, in words. */
type Harm = (file: string, random: () => number) => string;

/** Overwrites 1 to 3 whole pages from a random page in the middle half of the file. */
const garbageInTheMiddle: Harm = (file, random) => {
  const pages = Math.floor(statSync(file).size / pageSize);
  const first = Math.floor(pages / 4 + random() * (pages / 2));
  const count = Math.min(1 + Math.floor(random() * 3), pages - first);
  writeGarbageAt(file, first * pageSize, count * pageSize);
  return `pages ${first + 1}–${first + count} of ${pages} overwritten`;
};

/** Overwrites the first 16 (the magic string) to 100 bytes of the header. */
const headerOverwritten: Harm = (file, random) => {
  const bytes = 16 + Math.floor(random() * 85);
  overwriteHeader(file, bytes);
  return `${bytes} header bytes overwritten`;
};

/** The harms of a stopped client's cache.db; `unseen` when SQLite may not see the harm (a free page overwritten). */
const harms: { fault: string; harm: Harm; unseen: boolean }[] = [
  { fault: 'cache.db with garbage over pages in its middle', harm: garbageInTheMiddle, unseen: true },
  {
    fault: 'cache.db truncated to a third',
    harm(file) {
      truncateToAThird(file);
      return `cut to ${statSync(file).size} bytes`;
    },
    unseen: false,
  },
  { fault: 'cache.db header overwritten', harm: headerOverwritten, unseen: false },
];

/** The trial's note: what was kept or lost, and how long the rebuild took. */
function outcome(work: LocalWork, rebuilt: Rebuilt): TrialResult {
  const kept = rebuilt.missing.length
    ? `lost ${rebuilt.missing.join(', ')}`
    : `edits kept: ${work.edits.length}, download and draft kept`;
  return {
    lost: rebuilt.missing.length,
    detail: `${kept}; ${rebuilt.records} records in ${(rebuilt.ms / 1000).toFixed(1)} s`,
  };
}

/** The fault of a -wal removed after a kill. */
const walRemoved = 'cache.db-wal removed after a SIGKILL';

/**
 * 1 to 3 last names for the waiting edits of trial `trial` of fault `fault`: one word each, all of one
 * length, so a search for one (by word prefixes, api/full-text-query.ts) finds no other.
 */
const editsFor = (fault: number, trial: number, random: () => number) =>
  Array.from(
    { length: 1 + Math.floor(random() * 3) },
    (_, i) => `Waiting F${fault}T${String(trial).padStart(4, '0')}E${i + 1}`,
  );

/** Each harm, then a -wal removed after a kill, `trials` times each, on a fresh folder every time. */
export const damagedCache: FaultScenario = {
  name: scenario,
  async run({ workDir, random, log }, trials) {
    const rig = await startClientRig(workDir);
    try {
      for (let trial = 1; trial <= trials; trial++) {
        for (const [index, { fault, harm, unseen }] of harms.entries()) {
          await runTrial(log, scenario, fault, async () => {
            const dir = join(workDir, `harm${index}-${trial}`);
            const keychain = createMemoryKeychain();
            const work = await syncedFolderWithLocalWork(rig, dir, keychain, {
              edits: editsFor(index, trial, random),
              download: true,
              draft: true,
            });
            const file = join(dir, 'data', 'cache.db');
            const done = harm(file, random);
            const damaged = quickCheck(file).length > 0;
            assert.ok(damaged || unseen, `SQLite finds no damage after: ${done}`);
            const result = outcome(work, await expectRebuilt(rig, dir, work, keychain, false, damaged));
            return { ...result, detail: `${done}${damaged ? '' : ' (a free page)'}; ${result.detail}` };
          });
        }
        await runTrial(log, scenario, walRemoved, async () => {
          const dir = join(workDir, `killed-${trial}`);
          const work = await killedFolderWithLocalWork(rig, dir, editsFor(harms.length, trial, random));
          return outcome(work, await expectRebuilt(rig, dir, work, createMemoryKeychain(), true));
        });
      }
    } finally {
      await rig.close();
    }
  },
};
