/**
 * Branches (`branches.*`) against the reference service: a company's branches and one branch read
 * online and kept with their age offline; a branch created, edited and deleted offline through the
 * outbox and sent once the service is back; and the Branch Locator computed offline from the kept
 * branches in exactly the order and distances of the service's own `Branch Locator`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BranchSave, LocatorQuery } from '../../../preload/contract';
import { type RestartableService, startRestartableService } from '../../helpers/restartable-service';

type ServiceNearby = { distanceKm: number; branch: { id: string } };

describe('branches', () => {
  let rig: RestartableService;

  beforeAll(async () => {
    rig = await startRestartableService();
  });
  afterAll(() => rig.close());

  /** The service's own Branch Locator answer, every page. */
  async function serviceLocator(query: LocatorQuery): Promise<ServiceNearby[]> {
    return rig.colleague.allPages<ServiceNearby>('branchLocator', { body: { ...query, limit: 500 } });
  }

  it('reads branches online, keeps them with their age offline, and locates nearest first offline as the service does', async () => {
    const companies = (await rig.core.handlers['companies.list']({ offset: 0, limit: 100 })).rows;
    const lists = await Promise.all(companies.map((c) => rig.core.handlers['branches.ofCompany']({ companyId: c.id })));
    for (const [i, list] of lists.entries()) {
      expect(list.fetchedAt).toEqual(expect.any(String));
      for (const row of list.value) expect(row).toMatchObject({ queued: null, branch: { companyId: companies[i].id } });
    }
    const first = lists.find((l) => l.value.length > 1)!.value[0].branch;
    const one = await rig.core.handlers['branches.get']({ id: first.id });
    expect(one.value?.branch).toEqual(first);

    const place = { latitude: first.latitude + 0.3, longitude: first.longitude - 0.2, radiusKm: 2500 };
    const online = await rig.core.handlers['branches.locate'](place);
    expect(online.source).toBe('service');
    const theirs = await serviceLocator(place);
    expect(theirs.length).toBeGreaterThan(3);
    const expected = theirs.map((n) => ({ id: n.branch.id, distanceKm: n.distanceKm }));
    expect(online.items.map((n) => ({ id: n.row.branch.id, distanceKm: n.distanceKm }))).toEqual(expected);

    const keptList = lists[0];
    await rig.goOffline();
    expect(await rig.core.handlers['branches.ofCompany']({ companyId: companies[0].id })).toEqual(keptList);
    expect((await rig.core.handlers['branches.get']({ id: first.id })).value?.branch).toEqual(first);
    const offline = await rig.core.handlers['branches.locate'](place);
    expect(offline.source).toBe('kept');
    expect(offline.keptCount).toBeGreaterThanOrEqual(theirs.length);
    expect(offline.items.map((n) => ({ id: n.row.branch.id, distanceKm: n.distanceKm }))).toEqual(expected);
    // A narrower search and a kind filter offline keep the service's rule too.
    const narrow = { ...place, radiusKm: 800, kind: 'headquarters' as const };
    const narrowOffline = await rig.core.handlers['branches.locate'](narrow);
    await rig.goOnline();
    expect(narrowOffline.items.map((n) => ({ id: n.row.branch.id, distanceKm: n.distanceKm }))).toEqual(
      (await serviceLocator(narrow)).map((n) => ({ id: n.branch.id, distanceKm: n.distanceKm })),
    );
  });

  it('creates, edits and deletes branches offline through the outbox and sends them when the service is back', async () => {
    const companies = (await rig.core.handlers['companies.list']({ offset: 0, limit: 100 })).rows;
    const others = async (companyId: string) =>
      (await rig.core.handlers['branches.ofCompany']({ companyId })).value
        .map((r) => r.branch)
        .filter((b) => b.kind !== 'headquarters');
    let company = companies[0];
    for (const c of companies) if ((await others(c.id)).length >= 2) company = c;
    const [edited, removed] = await others(company.id);
    expect(removed).toBeDefined();
    await rig.goOffline();

    const created: BranchSave = {
      companyId: company.id,
      name: 'Lisbon service centre',
      kind: 'serviceCenter',
      address: { street: 'Rua Augusta 10', city: 'Lisbon', postalCode: '1100-053', country: 'PT' },
      latitude: 38.7107,
      longitude: -9.1366,
      phone: null,
      email: 'lisbon@example.com',
      openingHours: 'Mo-Fr 08:00-17:00',
    };
    const row = await rig.core.handlers['branches.save']({ branch: created, version: null });
    expect(row).toMatchObject({ branch: { name: 'Lisbon service centre', version: 0 }, queued: { kind: 'create' } });
    // Editing the waiting create keeps one entry, still a create.
    await rig.core.handlers['branches.save']({
      branch: { ...created, id: row.branch.id, phone: '+351 21 000 0000' },
      version: 0,
    });
    const { id: _i, version, createdAt: _c, updatedAt: _u, ...fields } = edited;
    await rig.core.handlers['branches.save']({
      branch: { ...fields, id: edited.id, name: 'Renamed offline' },
      version,
    });
    await rig.core.handlers['branches.delete']({ id: removed.id, version: removed.version });
    expect((await rig.core.handlers['outbox.list']({})).map((e) => [e.kind, e.summary])).toEqual([
      ['action', `Add the branch Lisbon service centre of ${company.name}`],
      ['action', `Save the branch Renamed offline of ${company.name}`],
      ['action', `Delete the branch ${removed.name} of ${company.name}`],
    ]);
    const queued = (await rig.core.handlers['branches.ofCompany']({ companyId: company.id })).value;
    expect(queued.find((r) => r.branch.id === row.branch.id)).toMatchObject({
      branch: { phone: '+351 21 000 0000' },
      queued: { kind: 'create', state: 'waiting' },
    });
    expect(queued.find((r) => r.branch.id === edited.id)).toMatchObject({ branch: { name: 'Renamed offline' } });
    expect(queued.find((r) => r.branch.id === removed.id)?.queued?.kind).toBe('delete');
    // The offline locator sees the new branch and not the deleted one.
    const near = await rig.core.handlers['branches.locate']({ latitude: 38.7, longitude: -9.1, radiusKm: 50 });
    expect(near.items[0].row.branch.name).toBe('Lisbon service centre');

    await rig.goOnline();
    expect(await rig.push()).toEqual([]);
    const after = (await rig.core.handlers['branches.ofCompany']({ companyId: company.id })).value;
    expect(after.every((r) => r.queued === null)).toBe(true);
    expect(after.map((r) => r.branch.id)).not.toContain(removed.id);
    expect(after.find((r) => r.branch.id === edited.id)?.branch).toMatchObject({
      name: 'Renamed offline',
      version: version + 1,
    });
    expect(after.find((r) => r.branch.name === 'Lisbon service centre')?.branch).toMatchObject({
      phone: '+351 21 000 0000',
      version: 1,
    });
    expect((await rig.core.handlers['branches.get']({ id: removed.id })).value).toBeNull();
  });

  it('keeps a refused save in the service words: a second headquarters', async () => {
    const company = (await rig.core.handlers['companies.list']({ offset: 0, limit: 100 })).rows[5];
    const hq = (await rig.core.handlers['branches.ofCompany']({ companyId: company.id })).value.find(
      (r) => r.branch.kind === 'headquarters',
    )!.branch;
    const { id: _i, version: _v, createdAt: _c, updatedAt: _u, ...fields } = hq;
    await rig.core.handlers['branches.save']({ branch: { ...fields, name: 'Second head office' }, version: null });
    expect(await rig.push()).toMatchObject([{ state: 'refused', message: expect.stringMatching(/headquarters/i) }]);
    const list = (await rig.core.handlers['branches.ofCompany']({ companyId: company.id })).value;
    const refused = list.find((r) => r.branch.name === 'Second head office')!;
    expect(refused.queued).toMatchObject({ kind: 'create', state: 'refused' });
    // Fixed: the same entry waits again and goes.
    await rig.core.handlers['branches.save']({
      branch: { ...fields, id: refused.branch.id, name: 'Second office', kind: 'office' },
      version: 0,
    });
    expect(await rig.push()).toEqual([]);
    const fixed = (await rig.core.handlers['branches.ofCompany']({ companyId: company.id })).value;
    expect(fixed.find((r) => r.branch.name === 'Second office')).toMatchObject({
      queued: null,
      branch: { kind: 'office' },
    });
  });

  it('keeps an edit refused for a branch changed on the service, and sends it again made against the new version', async () => {
    const company = (await rig.core.handlers['companies.list']({ offset: 0, limit: 100 })).rows[7];
    const [row] = (await rig.core.handlers['branches.ofCompany']({ companyId: company.id })).value;
    const { id, version, createdAt: _c, updatedAt: _u, ...fields } = row.branch;
    // Someone else changes the branch on the service meanwhile.
    const theirs = await rig.colleague.call('saveBranch', {
      body: { ...fields, id, phone: '+1 555 0100' },
      headers: { 'If-Match': `"${version}"` },
    });
    expect(theirs.status).toBe(200);

    await rig.core.handlers['branches.save']({ branch: { ...fields, id, openingHours: 'Mo-Su 00:00-24:00' }, version });
    const [refused] = await rig.push();
    expect(refused).toMatchObject({ state: 'refused' });
    const shown = (await rig.core.handlers['branches.ofCompany']({ companyId: company.id })).value.find(
      (r) => r.branch.id === id,
    )!;
    expect(shown.queued).toMatchObject({ kind: 'update', state: 'refused', message: expect.any(String) });
    // The page shows the waiting edit over the service's branch as read again (its new version);
    // the user takes the colleague's phone too and saves against that version: the edit goes.
    expect(shown.branch).toMatchObject({ openingHours: 'Mo-Su 00:00-24:00', version: version + 1 });
    await rig.core.handlers['branches.save']({
      branch: { ...fields, id, phone: '+1 555 0100', openingHours: 'Mo-Su 00:00-24:00' },
      version: shown.branch.version,
    });
    expect(await rig.push()).toEqual([]);
    const after = (await rig.core.handlers['branches.get']({ id })).value!;
    expect(after).toMatchObject({
      queued: null,
      branch: { phone: '+1 555 0100', openingHours: 'Mo-Su 00:00-24:00', version: version + 2 },
    });
  });
});
