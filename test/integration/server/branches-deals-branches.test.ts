/** Branch group: read, list, save (If-Match, one headquarters), delete, and the nearest-first locator. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../api/generated/schema';
import {
  type Page,
  smallDemo,
  startTestService,
  type TestService,
  type Problem,
  unknownId,
} from '../../helpers/server-client';

type Branch = components['schemas']['Branch'];
type BranchSave = components['schemas']['BranchSave'];
type NearbyBranch = components['schemas']['NearbyBranch'];

let t: TestService;
let companyId: string;

beforeAll(async () => {
  t = await startTestService({ demo: smallDemo });
  companyId = t.service.store.saveCompany({ name: 'Locator Test GmbH' }).id;
});
afterAll(() => t.stop());

function branchBody(name: string, latitude: number, longitude: number, extra: Partial<BranchSave> = {}): BranchSave {
  return {
    companyId,
    name,
    kind: 'office',
    address: { street: 'Hauptstraße 1', city: name, postalCode: '10115', country: 'DE' },
    latitude,
    longitude,
    phone: '+49 30 5550 1000',
    email: 'office@example.com',
    openingHours: 'Mo-Fr 08:00-17:00',
    ...extra,
  };
}

async function save(body: BranchSave, headers?: Record<string, string>) {
  return t.client.call('saveBranch', { body, headers });
}

async function locate(body: Record<string, unknown>): Promise<NearbyBranch[]> {
  return t.client.allPages<NearbyBranch>('branchLocator', { body });
}

describe('saveBranch and getBranch', () => {
  it('creates a branch (201 + ETag) that getBranch then answers', async () => {
    const res = await save(branchBody('Berlin', 52.52, 13.405, { kind: 'headquarters' }));
    expect(res.status).toBe(201);
    const created = res.body as Branch;
    expect(created).toMatchObject({ version: 1, name: 'Berlin', kind: 'headquarters', latitude: 52.52 });
    expect(res.headers.get('etag')).toBe('"1"');
    const read = await t.client.call('getBranch', { query: { id: created.id } });
    expect(read.status).toBe(200);
    expect(read.body).toEqual(created);
    expect(read.headers.get('etag')).toBe('"1"');
  });

  it('updates with a current If-Match and refuses a stale one with 412 and the current branch', async () => {
    const created = (await save(branchBody('Potsdam', 52.3906, 13.0645))).body as Branch;
    const updated = await save(
      { ...branchBody('Potsdam', 52.3906, 13.0645), id: created.id, name: 'Potsdam office' },
      {
        'If-Match': '"1"',
      },
    );
    expect(updated.status).toBe(200);
    expect(updated.body).toMatchObject({
      id: created.id,
      version: 2,
      name: 'Potsdam office',
      createdAt: created.createdAt,
    });
    const stale = await save(
      { ...branchBody('Potsdam', 52.3906, 13.0645), id: created.id, name: 'Lost edit' },
      {
        'If-Match': '"1"',
      },
    );
    expect(stale.status).toBe(412);
    expect((stale.body as Problem).current).toMatchObject({ version: 2, name: 'Potsdam office' });
    expect(((await t.client.call('getBranch', { query: { id: created.id } })).body as Branch).name).toBe(
      'Potsdam office',
    );
  });

  it('refuses a second headquarters (409), an unknown company or id (404) and a bad position (400)', async () => {
    const second = await save(branchBody('Spandau', 52.5351, 13.1973, { kind: 'headquarters' }));
    expect(second.status).toBe(409);
    expect((second.body as Problem).detail).toContain('headquarters');
    const noCompany = await save(branchBody('Nowhere', 0, 0, { companyId: unknownId }));
    expect(noCompany.status).toBe(404);
    expect((noCompany.body as Problem).detail).toContain('company');
    expect((await save({ ...branchBody('Ghost', 1, 1), id: unknownId })).status).toBe(404);
    const bad = await save(branchBody('Pole+', 91, 0));
    expect(bad.status).toBe(400);
    expect((bad.body as Problem).errors?.map((e) => e.pointer)).toContain('/body/latitude');
  });

  it('answers 404 for an unknown branch and 400 for a malformed id', async () => {
    expect((await t.client.call('getBranch', { query: { id: unknownId } })).status).toBe(404);
    expect((await t.client.call('getBranch', { query: { id: 'not-a-uuid' } })).status).toBe(400);
  });
});

describe('getCompanyBranches', () => {
  it('lists a demo company’s branches by name across pages, headquarters included, and filters by kind', async () => {
    const companies = (await t.client.call('getCompanies', { query: { limit: 5 } })).body as Page<{ id: string }>;
    const id = companies.items[0].id;
    const items = await t.client.allPages<Branch>('getCompanyBranches', { query: { companyId: id, limit: 1 } });
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((b) => b.companyId === id)).toBe(true);
    expect(items.filter((b) => b.kind === 'headquarters')).toHaveLength(1);
    const names = items.map((b) => b.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    const hq = (await t.client.call('getCompanyBranches', { query: { companyId: id, kind: 'headquarters' } }))
      .body as Page<Branch>;
    expect(hq.items.map((b) => b.kind)).toEqual(['headquarters']);
  });

  it('answers 404 for an unknown company and 400 for an unknown sort', async () => {
    expect((await t.client.call('getCompanyBranches', { query: { companyId: unknownId } })).status).toBe(404);
    expect((await t.client.call('getCompanyBranches', { query: { companyId, sort: 'city' } })).status).toBe(400);
  });
});

describe('deleteBranch', () => {
  it('deletes (204) so that the branch is gone, then answers 404', async () => {
    const created = (await save(branchBody('Cottbus', 51.7563, 14.3329))).body as Branch;
    const stale = await t.client.call('deleteBranch', { query: { id: created.id }, headers: { 'If-Match': '"7"' } });
    expect(stale.status).toBe(412);
    expect((await t.client.call('deleteBranch', { query: { id: created.id } })).status).toBe(204);
    expect((await t.client.call('getBranch', { query: { id: created.id } })).status).toBe(404);
    expect((await t.client.call('deleteBranch', { query: { id: created.id } })).status).toBe(404);
  });
});

describe('branchLocator', () => {
  beforeAll(async () => {
    for (const [name, lat, lon] of [
      ['Hamburg', 53.5511, 9.9937],
      ['Munich', 48.1351, 11.582],
      ['Suva', -18.1416, 178.4419],
    ] as const) {
      expect((await save(branchBody(name, lat, lon, { kind: name === 'Suva' ? 'store' : 'warehouse' }))).status).toBe(
        201,
      );
    }
  });

  it('finds branches within the radius, nearest first, with haversine distances (Berlin → Hamburg ≈ 255 km)', async () => {
    const near = await locate({ latitude: 52.52, longitude: 13.405, radiusKm: 300, companyId, limit: 1 });
    expect(near.map((n) => n.branch.name)).toEqual(['Berlin', 'Potsdam office', 'Hamburg']);
    expect(near[0].distanceKm).toBe(0);
    expect(near[2].distanceKm).toBeCloseTo(255.3, 0);
    const wider = await locate({ latitude: 52.52, longitude: 13.405, radiusKm: 600, companyId });
    expect(wider.map((n) => n.branch.name)).toEqual(['Berlin', 'Potsdam office', 'Hamburg', 'Munich']);
    expect(wider[3].distanceKm).toBeCloseTo(504.4, 0);
    const warehouses = await locate({
      latitude: 52.52,
      longitude: 13.405,
      radiusKm: 600,
      companyId,
      kind: 'warehouse',
    });
    expect(warehouses.map((n) => n.branch.name)).toEqual(['Hamburg', 'Munich']);
  });

  it('searches across the antimeridian', async () => {
    const found = await locate({ latitude: -17.7, longitude: -179.9, radiusKm: 300, companyId });
    expect(found.map((n) => n.branch.name)).toEqual(['Suva']);
    expect(found[0].distanceKm).toBeGreaterThan(150);
    expect(found[0].distanceKm).toBeLessThan(300);
  });

  it('searches every company’s branches when no company is given, all within the radius, ascending', async () => {
    const all = await locate({ latitude: 51.5074, longitude: -0.1278, radiusKm: 1000, limit: 7 });
    expect(all.length).toBeGreaterThan(3);
    expect(all.every((n) => n.distanceKm <= 1000)).toBe(true);
    const distances = all.map((n) => n.distanceKm);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(new Set(all.map((n) => n.branch.id)).size).toBe(all.length);
  });

  it('refuses a radius over 20000 km, an unknown company and a cursor of another search', async () => {
    const tooFar = await t.client.call('branchLocator', { body: { latitude: 0, longitude: 0, radiusKm: 20001 } });
    expect(tooFar.status).toBe(400);
    expect((tooFar.body as Problem).errors?.map((e) => e.pointer)).toContain('/body/radiusKm');
    const noCompany = await t.client.call('branchLocator', {
      body: { latitude: 0, longitude: 0, radiusKm: 10, companyId: unknownId },
    });
    expect(noCompany.status).toBe(404);
    const first = (
      await t.client.call('branchLocator', {
        body: { latitude: 52.52, longitude: 13.405, radiusKm: 600, companyId, limit: 1 },
      })
    ).body as Page<NearbyBranch>;
    const other = await t.client.call('branchLocator', {
      body: { latitude: 48.1351, longitude: 11.582, radiusKm: 600, companyId, limit: 1, cursor: first.nextCursor },
    });
    expect(other.status).toBe(400);
  });
});
