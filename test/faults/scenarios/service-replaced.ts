/**
 * Fault: the service's data replaced under the same URL while a client with pending edits could not
 * reach it (docs/RELIABILITY.md). The reference service is stopped and started again on the same
 * port, with a brand-new data folder (another demo data set), or with its data folder put back from
 * a copy taken earlier (and changed after the copy). The client must notice (the change feed answers
 * 410 `/problems/cursor-from-another-feed`), rebuild its cache from the service that answers now and
 * end equal to it, and keep both pending edits, an edited existing contact and a new contact: each
 * sent to that service, or held in the outbox with the service's words, still shown to the user.
 */
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { ContactDetail, ContactRow } from '../../../preload/contract';
import type { Core } from '../../../main/core/platform';
import { type RunningService, startService } from '../../../server/start';
import { createTestPlatform, signInDemo, startTestCore, waitForIdle } from '../../helpers/core-harness';
import {
  changeAfterCopy,
  copyDataFolder,
  editWhileAway,
  offlineJobTitle,
  restoreDataFolder,
  signInAgainAndRebuild,
  startAgainAndRebuild,
  startServiceAt,
} from '../../helpers/service-replacement';
import { cachedVersions } from '../cache-state';
import { cacheVersusService } from '../held-edits';
import { type FaultScenario, runTrial, type TrialResult } from '../scenario';

const scenario = 'Service data replaced under the same URL';
const newFolderFault = 'Service started again on its port with a new data folder (another data set)';
const restoredFault = 'Service started again on its port with its data folder restored from an earlier copy';

/** A demo data set of a few hundred records, its size and seed drawn from `random`. */
function demoFrom(random: () => number) {
  return {
    contacts: 150 + Math.floor(random() * 250),
    companies: 15 + Math.floor(random() * 20),
    events: 40,
    documents: 20,
    notifications: 10,
    seed: 1 + Math.floor(random() * 1_000_000),
  };
}

/** A client core on `<dir>/client`, signed in to `service` and done with its first bootstrap. */
async function syncedClient(dir: string, service: RunningService): Promise<Core> {
  const core = await startTestCore(join(dir, 'client'), createTestPlatform(), {
    syncBackoff: { baseMs: 100, maxMs: 300 },
  });
  await signInDemo(core, service);
  await waitForIdle(core);
  return core;
}

/** A contact of the cache at a random position. */
async function someContact(core: Core, random: () => number): Promise<ContactRow> {
  const { total } = await core.handlers['contacts.list']({ offset: 0, limit: 1 });
  return (await core.handlers['contacts.list']({ offset: Math.floor(random() * total), limit: 1 })).rows[0];
}

/** What became of one pending edit: `sent` (the service holds it), `held` (in the outbox, shown), or `lost`. */
async function fateOf(
  core: Core,
  service: RunningService,
  contact: ContactDetail,
  isOnService: (held: ReturnType<RunningService['store']['contacts']['get']>) => boolean,
  shown: (mine: ContactDetail | null) => boolean,
): Promise<string> {
  const entry = (await core.handlers['outbox.list']({})).find((e) => e.recordId === contact.id);
  if (entry) {
    const mine = await core.handlers['contacts.get']({ id: contact.id });
    if (!shown(mine)) return 'lost';
    assert.ok(entry.message, `the held edit of ${contact.lastName} says nothing to the user`);
    return `held (${entry.state}: ${entry.message})`;
  }
  // A created record goes by the id the service gave it once it was sent (the cache maps the local id).
  const serviceId = (await core.handlers['contacts.get']({ id: contact.id }))?.id ?? contact.id;
  return isOnService(service.store.contacts.get(serviceId)) ? 'sent' : 'lost';
}

/**
 * The checks after the rebuild: each pending edit sent or held, and the cache equal to `service`
 * apart from the records held edits name. Returns what was lost and a note.
 */
async function afterRebuild(
  core: Core,
  dir: string,
  service: RunningService,
  edits: { edited: ContactDetail; created: ContactDetail | null },
  rebuildMs: number,
): Promise<TrialResult> {
  const created = edits.created!;
  const fates = [
    await fateOf(
      core,
      service,
      edits.edited,
      (held) => held?.jobTitle === offlineJobTitle,
      (mine) => mine?.jobTitle === offlineJobTitle,
    ),
    await fateOf(
      core,
      service,
      created,
      (held) => held?.lastName === created.lastName,
      (mine) => mine?.lastName === created.lastName,
    ),
  ];
  const dataDir = join(dir, 'client', 'data');
  const wrong = await cacheVersusService(core, dataDir, service.url, service.credentials);
  assert.deepEqual(wrong, [], 'the cache differs from the service');
  const records = [...cachedVersions(dataDir).values()].reduce((sum, ids) => sum + ids.size, 0);
  return {
    lost: fates.filter((fate) => fate === 'lost').length,
    detail: `rebuilt ${records} records in ${(rebuildMs / 1000).toFixed(1)} s; edit ${fates[0]}; new contact ${fates[1]}`,
  };
}

/** The new contact of trial `n`. */
const newContact = (n: number) => ({
  firstName: 'Nadia',
  lastName: `Offline-Made-${n}`,
  email: `nadia.offline.${n}@example.com`,
});

/** One trial: the service comes back at its URL with another data set. */
async function newFolderTrial(dir: string, n: number, random: () => number): Promise<TrialResult> {
  const first = demoFrom(random);
  let service: RunningService | null = await startService({ dataDir: join(dir, 'service-a'), demo: first });
  let core: Core | null = null;
  try {
    const url = service.url;
    core = await syncedClient(dir, service);
    const existing = await someContact(core, random);
    await service.stop();
    service = null;
    const edits = await editWhileAway(core, existing, newContact(n));
    assert.equal((await core.handlers['sync.getStatus']({})).pendingCount, 2, 'pending edits before the restart');

    service = await startServiceAt(url, {
      dataDir: join(dir, 'service-b'),
      demo: { ...demoFrom(random), seed: first.seed + 1 },
    });
    const started = performance.now();
    const running = core;
    await signInAgainAndRebuild(core, service, async () => {
      const pending = (await running.handlers['sync.getStatus']({})).pendingCount;
      assert.equal(pending, 2, 'pending edits while signed out of the new service');
    });
    return await afterRebuild(core, dir, service, edits, performance.now() - started);
  } finally {
    await core?.stop();
    await service?.stop();
  }
}

/**
 * One trial: the service's data folder is copied while it is stopped, changed after the copy (a
 * contact created, one renamed, one deleted; the client syncs them), and put back while the client
 * has pending edits. The edited contact is, at random, one the copy has unchanged, the one renamed
 * after the copy, or the one created after it.
 */
async function restoredTrial(dir: string, n: number, random: () => number): Promise<TrialResult> {
  const dataDir = join(dir, 'service');
  const copy = join(dir, 'copy');
  let service: RunningService | null = await startService({ dataDir, demo: demoFrom(random) });
  let core: Core | null = null;
  try {
    const url = service.url;
    core = await syncedClient(dir, service);
    const { total } = await core.handlers['contacts.list']({ offset: 0, limit: 1 });
    const at = Math.floor(random() * (total - 3));
    const [renamed, removed, untouched] = (await core.handlers['contacts.list']({ offset: at, limit: 3 })).rows;

    await service.stop();
    copyDataFolder(dataDir, copy);
    service = await startServiceAt(url, { dataDir });
    const afterCopy = await changeAfterCopy(core, service, renamed, removed);
    const candidates = [untouched.id, renamed.id, afterCopy.id];
    const chosen = await core.handlers['contacts.get']({ id: candidates[Math.floor(random() * candidates.length)] });
    assert.ok(chosen, 'the contact to edit is in the cache');

    await service.stop();
    service = null;
    const edits = await editWhileAway(core, chosen, newContact(n));
    restoreDataFolder(copy, dataDir);
    const started = performance.now();
    service = await startAgainAndRebuild(core, url, { dataDir });
    const rebuildMs = performance.now() - started;

    // What the service held only after the copy is gone from the cache, unless an edit holds it.
    if (chosen.id !== afterCopy.id) {
      assert.equal(await core.handlers['contacts.get']({ id: afterCopy.id }), null, 'a contact of after the copy');
    }
    assert.equal((await core.handlers['contacts.get']({ id: removed.id }))?.lastName, removed.lastName);
    return await afterRebuild(core, dir, service, edits, rebuildMs);
  } finally {
    await core?.stop();
    await service?.stop();
  }
}

/** The scenario: `trials` trials of each way the service's data is replaced. */
export const serviceReplaced: FaultScenario = {
  name: scenario,
  async run({ workDir, random, log }, trials) {
    for (let n = 0; n < trials; n++) {
      await runTrial(log, scenario, newFolderFault, () => newFolderTrial(join(workDir, `new-${n}`), n, random));
      await runTrial(log, scenario, restoredFault, () => restoredTrial(join(workDir, `restored-${n}`), n, random));
    }
  },
};
