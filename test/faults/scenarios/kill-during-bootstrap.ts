/**
 * Fault: the core killed with SIGKILL at random moments during a bootstrap, again and again on one
 * data folder. After every kill SQLite must find each database file intact; at the end, after one
 * run left to finish, the cache must hold exactly the service's records (ids and versions of every
 * type). When a run finishes its bootstrap before the kill, the service's
 * tombstones are purged so that the next run is answered 410 and bootstraps again (a rebuild),
 * keeping every kill inside a bootstrap.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { startService } from '../../../server/start';
import { serviceVersions } from '../../helpers/feed-reader';
import { cachedVersions, differences, integrityOfFolder } from '../cache-state';
import { startChildCore, within } from '../child-core';
import { type FaultScenario, runTrial } from '../scenario';

const scenario = 'Core killed during a bootstrap';

/** The fault named in the table for a kill that landed inside a bootstrap. */
export const killDuringBootstrapFault = 'SIGKILL at a random moment of the bootstrap';

/** The demo data set: about 12,000 records, a bootstrap of a couple of seconds here. */
const demo = { contacts: 8_000, companies: 800, events: 1_500, documents: 300, notifications: 40 };

/** Asserts that SQLite finds every database file in `dataDir` intact. */
function assertIntact(dataDir: string): void {
  const damaged = Object.entries(integrityOfFolder(dataDir)).filter(([, verdict]) => verdict !== 'ok');
  assert.deepEqual(damaged, [], 'integrity_check');
}

/** Kills a child core `trials` times inside a bootstrap, then lets one run finish and compares. */
export const killDuringBootstrap: FaultScenario = {
  name: scenario,
  async run({ workDir, random, log }, trials) {
    const service = await startService({ dataDir: join(workDir, 'service'), demo });
    const dir = join(workDir, 'client');
    const dataDir = join(dir, 'data');
    try {
      // One undisturbed run measures how long a bootstrap takes here.
      const first = startChildCore(join(workDir, 'measure'), service.url, service.credentials);
      await within(first.syncing, 60_000, 'Signing in', first.kill);
      const started = performance.now();
      await within(first.idle, 180_000, 'The first bootstrap', first.kill);
      const fullMs = performance.now() - started;
      await first.exited;

      let landed = 0;
      for (let attempt = 0; landed < trials && attempt < trials * 4; attempt++) {
        const delayMs = Math.round(random() * fullMs);
        let finished = false;
        await runTrial(log, scenario, killDuringBootstrapFault, async () => {
          const child = startChildCore(dir, service.url, service.credentials);
          await within(child.syncing, 60_000, 'Signing in', child.kill);
          finished = await Promise.race([
            child.idle.then(
              () => true,
              () => false,
            ),
            new Promise<false>((resolve) => setTimeout(() => resolve(false), delayMs)),
          ]);
          await child.kill();
          assertIntact(dataDir);
          return { detail: `killed ${delayMs} ms into a ${Math.round(fullMs)} ms bootstrap` };
        });
        if (!finished) {
          landed += 1;
          continue;
        }
        // The run finished before the kill: not a kill inside a bootstrap. A purged tombstone newer
        // than its cursor makes the service answer the next run 410, and that run bootstraps again.
        log.trials.pop();
        const gone = service.store.saveContact({ firstName: 'Fault', lastName: `Trial ${attempt}` });
        service.store.deleteContact(gone.id);
        service.store.purgeTombstonesBefore(new Date(Date.now() + 60_000).toISOString());
      }
      assert.equal(landed, trials, `only ${landed} of ${trials} kills landed inside a bootstrap`);

      await runTrial(log, scenario, 'last run to the end, cache compared with the service', async () => {
        const last = startChildCore(dir, service.url, service.credentials);
        await within(last.idle, 180_000, 'The last run', last.kill);
        await last.exited;
        assertIntact(dataDir);
        const wrong = differences(cachedVersions(dataDir), await serviceVersions(service.url, service.credentials));
        assert.deepEqual(wrong, [], 'the cache differs from the service');
        const records = [...cachedVersions(dataDir).values()].reduce((sum, ids) => sum + ids.size, 0);
        return { detail: `${records} records equal to the service's` };
      });
    } finally {
      await service.stop();
    }
  },
};
