/**
 * The client never shows a mix of two services' data: when the service at the same URL comes back
 * with other data (a new data folder) or with its data folder restored from an earlier copy, the
 * change feed answers 410 `/problems/cursor-from-another-feed`, and the client rebuilds its cache
 * from the service's data while keeping what only it has (the outbox).
 *
 * Pending edits made against the old data are sent to the service that answers now (push runs
 * before pull): a new record lands there; an edit of a record that service does not have is held
 * as "deleted on the service" with its words for the user to re-create or discard. Nothing is
 * dropped silently.
 */
import { afterAll, describe, expect, it } from 'vitest';
import type { Core } from '../../../main/core/platform';
import { type RunningService, startService } from '../../../server/start';
import {
  createTempDir,
  createTestPlatform,
  dumpSyncedTables,
  signInDemo,
  startTestCore,
  waitForIdle,
} from '../../helpers/core-harness';
import { ServerClient, smallDemo } from '../../helpers/server-client';
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

type Row = { id: string; version: number; local_state: string | null };

/** `id@version` of each synced table's rows that `keep` accepts (all by default). */
function idsAndVersions(dataDir: string, keep: (row: Row) => boolean = () => true): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(dumpSyncedTables(dataDir)).map(([table, rows]) => [
      table,
      (rows as Row[]).filter(keep).map((r) => `${r.id}@${r.version}`),
    ]),
  );
}

/** The ids of the rows showing this machine's edits (a local state), by table, leaving out empty tables. */
function editedRows(dataDir: string): Record<string, string[]> {
  return Object.fromEntries(
    Object.entries(dumpSyncedTables(dataDir))
      .map(([table, rows]) => [table, (rows as Row[]).filter((r) => r.local_state !== null).map((r) => r.id)] as const)
      .filter(([, ids]) => ids.length > 0),
  );
}

/** Bootstraps a fresh core against `service` and returns its cache's data folder. */
async function freshCache(home: string, service: RunningService): Promise<string> {
  const fresh = await startTestCore(home, createTestPlatform());
  await signInDemo(fresh, service);
  await waitForIdle(fresh);
  await fresh.stop();
  return `${home}/data`;
}

describe('a client whose service came back with other data', () => {
  const dir = createTempDir();
  let service: RunningService | null = null;
  let core: Core | null = null;
  afterAll(async () => {
    await core?.stop();
    await service?.stop();
    dir.remove();
  });

  it('rebuilds from a service with a new data folder, keeping its pending edits (sent there, or held with the service’s words)', async () => {
    service = await startService({ dataDir: `${dir.path}/service-a`, port: 0, demo: smallDemo });
    const url = service.url;
    core = await startTestCore(`${dir.path}/client`, createTestPlatform(), {
      syncBackoff: { baseMs: 100, maxMs: 300 },
    });
    await signInDemo(core, service);
    await waitForIdle(core);
    const edited = (await core.handlers['contacts.list']({ offset: 3, limit: 1 })).rows[0];

    await service.stop();
    service = null;
    const created = (
      await editWhileAway(core, edited, {
        firstName: 'Nadia',
        lastName: 'Offline-Made',
        email: 'nadia.offline@example.com',
      })
    ).created!;
    expect((await core.handlers['sync.getStatus']({})).pendingCount).toBe(2);

    // Another data set behind the same URL: the old tokens mean nothing there, so the session ends
    // (edits kept) and the same user signs in again.
    service = await startServiceAt(url, {
      dataDir: `${dir.path}/service-b`,
      demo: { ...smallDemo, contacts: 280, companies: 25, seed: 7 },
    });
    await signInAgainAndRebuild(core, service, async () => {
      expect((await core!.handlers['sync.getStatus']({})).pendingCount).toBe(2);
    });

    // The new contact landed on the new service; the edit of a contact it never had is held.
    const client = new ServerClient(service.url);
    await client.signIn(service.credentials);
    const onService = (await client.call('listContacts', { query: { q: 'Offline-Made', limit: 5 } })).body as {
      items: { id: string }[];
    };
    expect(onService.items).toHaveLength(1);
    const outbox = await core.handlers['outbox.list']({});
    expect(outbox).toEqual([
      expect.objectContaining({
        recordId: edited.id,
        kind: 'update',
        state: 'conflict',
        conflict: { kind: 'deleted' },
        message: expect.stringContaining('deleted on the service'),
      }),
    ]);
    expect(await core.handlers['contacts.get']({ id: created.id })).toMatchObject({
      id: onService.items[0].id,
      syncState: 'synced',
    });

    // The cache is the new service's data, plus the held edit shown as a conflict.
    const fresh = await freshCache(`${dir.path}/fresh-b`, service);
    const mine = `${dir.path}/client/data`;
    expect(idsAndVersions(mine, (r) => r.local_state === null)).toEqual(idsAndVersions(fresh));
    expect(editedRows(mine)).toEqual({ contacts: [edited.id] });
    expect(await core.handlers['contacts.get']({ id: edited.id })).toMatchObject({
      jobTitle: offlineJobTitle,
      syncState: 'conflict',
    });
  });
});

describe('a client whose service’s data folder was restored from an earlier copy', () => {
  const dir = createTempDir();
  const dataDir = `${dir.path}/service`;
  let service: RunningService | null = null;
  let core: Core | null = null;
  afterAll(async () => {
    await core?.stop();
    await service?.stop();
    dir.remove();
  });

  it('notices the feed went back, rebuilds to the restored data, and still sends its pending edit', async () => {
    service = await startService({ dataDir, port: 0, demo: smallDemo });
    const url = service.url;
    core = await startTestCore(`${dir.path}/client`, createTestPlatform(), {
      syncBackoff: { baseMs: 100, maxMs: 300 },
    });
    await signInDemo(core, service);
    await waitForIdle(core);
    const [renamed, removed, kept] = (await core.handlers['contacts.list']({ offset: 10, limit: 3 })).rows;

    // A copy of the data folder, taken while the service is stopped.
    await service.stop();
    copyDataFolder(dataDir, `${dir.path}/copy`);
    service = await startServiceAt(url, { dataDir });

    // Changes after the copy, which the client syncs.
    const created = await changeAfterCopy(core, service, renamed, removed);
    expect(await core.handlers['contacts.get']({ id: created.id })).not.toBeNull();
    expect(await core.handlers['contacts.get']({ id: removed.id })).toBeNull();

    // An edit made while the service is down, then the copy is put back.
    await service.stop();
    service = null;
    await editWhileAway(core, kept);
    restoreDataFolder(`${dir.path}/copy`, dataDir);
    service = await startAgainAndRebuild(core, url, { dataDir });

    expect(await core.handlers['contacts.get']({ id: created.id })).toBeNull();
    expect(await core.handlers['contacts.get']({ id: removed.id })).toMatchObject({ lastName: removed.lastName });
    expect(await core.handlers['contacts.get']({ id: renamed.id })).toMatchObject({ firstName: renamed.firstName });
    expect(await core.handlers['contacts.get']({ id: kept.id })).toMatchObject({
      jobTitle: offlineJobTitle,
      syncState: 'synced',
    });
    expect(await core.handlers['outbox.list']({})).toEqual([]);
    expect(service.store.contacts.get(kept.id)).toMatchObject({ jobTitle: offlineJobTitle });

    const fresh = await freshCache(`${dir.path}/fresh`, service);
    expect(idsAndVersions(`${dir.path}/client/data`)).toEqual(idsAndVersions(fresh));
    expect(editedRows(`${dir.path}/client/data`)).toEqual({});
  });
});
