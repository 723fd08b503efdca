/**
 * The Branch Locator's kept branches against the reference service: kept one row per branch in
 * cache.db and searched after a restart with the service out of reach, in the service's own order;
 * a search the service answered before listed at once from them while the service is asked again
 * in the background (`answers.refreshed` names 'branches'), the next search showing what changed
 * on the service meanwhile (a branch added, a branch deleted); and the kept branches cleared with
 * the cache on sign-out.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Branch, BranchSave, LocatorAnswer, LocatorQuery } from '../../../preload/contract';
import type { Core } from '../../../main/core/platform';
import { type RunningService, startService } from '../../../server/start';
import {
  createTempDir,
  createTestPlatform,
  readCacheDirectly,
  signInDemo,
  startTestCore,
  waitForEvent,
  waitForIdle,
} from '../../helpers/core-harness';
import { ServerClient, smallDemo } from '../../helpers/server-client';
import { startSignedInCore, stopSignedInCore } from '../../helpers/signed-in-core';

type ServiceNearby = { distanceKm: number; branch: Branch };

const ids = (answer: LocatorAnswer) => answer.items.map((n) => ({ id: n.row.branch.id, distanceKm: n.distanceKm }));

describe('branch locator kept branches', () => {
  const dir = createTempDir();
  const platform = createTestPlatform();
  const clientDir = `${dir.path}/client`;
  /** The client's data folder (cache.db, local.db): see core-harness.ts `testCoreOptions`. */
  const dataDir = `${clientDir}/data`;
  let service: RunningService;
  let core: Core;
  let port: number;
  let colleague: ServerClient;

  beforeAll(async () => {
    ({ service, core } = await startSignedInCore(dir.path, {
      demo: smallDemo,
      platform,
      core: { syncBackoff: { baseMs: 200, maxMs: 1000 } },
    }));
    port = Number(new URL(service.url).port);
    colleague = new ServerClient(service.url);
    await colleague.signIn(service.credentials);
  });
  afterAll(() => stopSignedInCore(core, service, dir));

  /** The service's own Branch Locator answer, every page. */
  function serviceLocator(query: LocatorQuery): Promise<ServiceNearby[]> {
    return colleague.allPages<ServiceNearby>('branchLocator', { body: { ...query, limit: 500 } });
  }
  /** A place near one of the demo branches. */
  async function placeNear(index: number, radiusKm: number): Promise<LocatorQuery> {
    const [{ branch }] = (await serviceLocator({ latitude: 0, longitude: 0, radiusKm: 20_000 })).slice(index);
    return { latitude: branch.latitude + 0.05, longitude: branch.longitude - 0.05, radiusKm };
  }
  const keptRows = (id: string) => readCacheDirectly(dataDir, 'SELECT id FROM kept_branches WHERE id = ?', id);
  const refreshed = () => waitForEvent(core, 'answers.refreshed', ({ areas }) => areas.includes('branches'));

  it('keeps one row per branch read, and searches them after a restart offline in the service order', async () => {
    const place = await placeNear(3, 3000);
    const online = await core.handlers['branches.locate'](place);
    expect(online.source).toBe('service');
    const theirs = (await serviceLocator(place)).map((n) => ({ id: n.branch.id, distanceKm: n.distanceKm }));
    expect(theirs.length).toBeGreaterThan(3);
    expect(ids(online)).toEqual(theirs);
    expect(readCacheDirectly(dataDir, 'SELECT count(*) AS n FROM kept_branches')).toEqual([{ n: online.keptCount }]);
    const [row] = readCacheDirectly(
      dataDir,
      'SELECT company_id AS companyId, latitude, longitude, kind, branch FROM kept_branches WHERE id = ?',
      online.items[0].row.branch.id,
    ) as Array<{ companyId: string; latitude: number; longitude: number; kind: string; branch: string }>;
    const first = online.items[0].row.branch;
    expect(row).toEqual({
      companyId: first.companyId,
      latitude: first.latitude,
      longitude: first.longitude,
      kind: first.kind,
      branch: JSON.stringify(first),
    });

    await core.stop();
    await service.stop();
    core = await startTestCore(clientDir, platform, { syncBackoff: { baseMs: 200, maxMs: 1000 } });
    await core.handlers['sync.run']({});
    const offline = await core.handlers['branches.locate'](place);
    expect(offline).toMatchObject({ source: 'kept', keptCount: online.keptCount, keptAt: expect.any(String) });
    expect(offline.refreshing).toBeUndefined();
    expect(ids(offline)).toEqual(theirs);
    expect(offline.items.map((n) => n.row.branch)).toEqual(online.items.map((n) => n.row.branch));

    service = await startService({ dataDir: `${dir.path}/service`, port, demo: smallDemo });
    await waitForIdle(core);
  });

  it('lists a search answered before at once from the kept branches, and the refreshed answer next', async () => {
    const place = await placeNear(7, 400);
    const first = await core.handlers['branches.locate'](place);
    expect(first.source).toBe('service');
    expect(first.refreshing).toBeUndefined();

    // A colleague adds a branch right at the search point meanwhile.
    const company = first.items[0].row.branch.companyId;
    const added: BranchSave = {
      companyId: company,
      name: 'Added by a colleague',
      kind: 'office',
      address: { street: '1 Main Street', city: 'Somewhere', postalCode: '1000', country: 'US' },
      latitude: place.latitude,
      longitude: place.longitude,
      phone: null,
      email: null,
      openingHours: null,
    };
    const saved = await colleague.call('saveBranch', { body: added });
    expect(saved.status).toBe(201);
    const addedId = (saved.body as Branch).id;

    const arrived = refreshed();
    const atOnce = await core.handlers['branches.locate'](place);
    expect(atOnce).toMatchObject({ source: 'lastAnswer', refreshing: true, complete: first.complete });
    expect(ids(atOnce)).toEqual(ids(first));
    expect(await arrived).toEqual({ areas: ['branches'] });

    const next = await core.handlers['branches.locate'](place);
    expect(next.source).toBe('lastAnswer');
    // Asked again within the quiet time: no other refresh.
    expect(next.refreshing).toBeUndefined();
    expect(next.items[0]).toMatchObject({
      distanceKm: 0,
      row: { branch: { id: addedId, name: 'Added by a colleague' } },
    });
    expect(ids(next)).toEqual(
      (await serviceLocator(place)).map((n) => ({ id: n.branch.id, distanceKm: n.distanceKm })),
    );
  });

  it('forgets a branch deleted on the service once a complete search no longer names it', async () => {
    const place = await placeNear(11, 300);
    const before = await core.handlers['branches.locate'](place);
    expect(before).toMatchObject({ source: 'service', complete: true });
    const gone = before.items[0].row.branch;
    expect(keptRows(gone.id)).toHaveLength(1);
    const deleted = await colleague.call('deleteBranch', { query: { id: gone.id } });
    expect(deleted.status).toBeLessThan(300);

    // Another search within the same radius, never answered before: the service's complete answer.
    const wider = { ...place, radiusKm: 301 };
    const after = await core.handlers['branches.locate'](wider);
    expect(after).toMatchObject({ source: 'service', complete: true });
    expect(after.items.map((n) => n.row.branch.id)).not.toContain(gone.id);
    expect(keptRows(gone.id)).toEqual([]);
    expect(after.keptCount).toBe(before.keptCount - 1);
    // The first search, answered before, lists from the kept branches: the deleted one is not there.
    const arrived = refreshed();
    const again = await core.handlers['branches.locate'](place);
    expect(again).toMatchObject({ source: 'lastAnswer', refreshing: true });
    expect(ids(again)).toEqual(ids(before).filter((n) => n.id !== gone.id));
    await arrived;
  });

  it('clears the kept branches with the cache on sign-out', async () => {
    expect(readCacheDirectly(dataDir, 'SELECT count(*) AS n FROM kept_branches')).not.toEqual([{ n: 0 }]);
    await core.handlers['session.signOut']({});
    expect(readCacheDirectly(dataDir, 'SELECT count(*) AS n FROM kept_branches')).toEqual([{ n: 0 }]);
    expect(
      readCacheDirectly(dataDir, "SELECT count(*) AS n FROM query_cache WHERE key LIKE 'branchLocator:%'"),
    ).toEqual([{ n: 0 }]);
    await signInDemo(core, service);
    await waitForIdle(core);
    // Signed in again: the first search waits for the service, nothing being kept.
    const place = await placeNear(3, 3000);
    const fresh = await core.handlers['branches.locate'](place);
    expect(fresh.source).toBe('service');
  });
});
