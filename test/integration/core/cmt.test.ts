/**
 * A company's CMT (`cmt.*`) against the reference service: read online (a company without terms is
 * said to have none), kept with its age offline; a save goes through the outbox online and offline
 * (a second save while one waits replaces it), reaches the service when it can be reached, and a
 * refusal stays with the service's words.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyTerms } from '../../../preload/contract';
import { type RestartableService, startRestartableService } from '../../helpers/restartable-service';

describe('cmt', () => {
  let rig: RestartableService;

  beforeAll(async () => {
    rig = await startRestartableService();
  });
  afterAll(() => rig.close());

  /** Terms of every cached company, read online. */
  async function everyCompanyTerms(): Promise<{ id: string; terms: CompanyTerms }[]> {
    const companies = (await rig.core.handlers['companies.list']({ offset: 0, limit: 100 })).rows;
    return Promise.all(
      companies.map(async (c) => ({ id: c.id, terms: await rig.core.handlers['cmt.get']({ companyId: c.id }) })),
    );
  }

  it('reads terms online and offline with their age, and saves them online and offline', async () => {
    const all = await everyCompanyTerms();
    const withTerms = all.find((c) => c.terms.value !== null)!;
    const without = all.find((c) => c.terms.value === null)!;
    expect(withTerms.terms.fetchedAt).toEqual(expect.any(String));
    // No terms yet is an answer of the service, not a failure.
    expect(without.terms.fetchedAt).toEqual(expect.any(String));
    const cmt = withTerms.terms.value!;
    expect(cmt.companyId).toBe(withTerms.id);
    if (cmt.accountManagerId) expect(withTerms.terms.accountManagerName).toEqual(expect.any(String));

    // Online: an edit is queued, then sent, and the service has it.
    const { id: _id, version, createdAt: _c, updatedAt: _u, ...fields } = cmt;
    const saved = await rig.core.handlers['cmt.save']({
      terms: { ...fields, id: cmt.id, paymentTermsDays: 21, notes: 'Reviewed with finance.' },
      version,
    });
    expect(saved.queued).toMatchObject({ state: 'waiting', terms: { paymentTermsDays: 21 } });
    expect(await rig.push()).toEqual([]);
    const after = await rig.core.handlers['cmt.get']({ companyId: withTerms.id });
    expect(after.queued).toBeNull();
    expect(after.value).toMatchObject({
      id: cmt.id,
      version: version + 1,
      paymentTermsDays: 21,
      notes: 'Reviewed with finance.',
    });

    // A company without terms gets new ones.
    const created = { ...fields, companyId: without.id, notes: null, reviewDate: '2027-03-31' };
    await rig.core.handlers['cmt.save']({ terms: created, version: null });
    expect(await rig.push()).toEqual([]);
    expect((await rig.core.handlers['cmt.get']({ companyId: without.id })).value).toMatchObject({
      companyId: without.id,
      reviewDate: '2027-03-31',
      version: 1,
    });

    // Offline: the kept answer with its time; saves queue, the newer replacing the older.
    const kept = await rig.core.handlers['cmt.get']({ companyId: withTerms.id });
    await rig.goOffline();
    const offline = await rig.core.handlers['cmt.get']({ companyId: withTerms.id });
    expect(offline).toEqual(kept);
    const newer = { ...fields, id: cmt.id, paymentTermsDays: 45, notes: 'Offline edit' };
    await rig.core.handlers['cmt.save']({ terms: { ...newer, paymentTermsDays: 40 }, version: version + 1 });
    const queued = await rig.core.handlers['cmt.save']({ terms: newer, version: version + 1 });
    expect(queued.value).toEqual(kept.value);
    expect(queued.fetchedAt).toBe(kept.fetchedAt);
    expect(queued.queued).toMatchObject({ state: 'waiting', terms: { paymentTermsDays: 45 } });
    expect(await rig.core.handlers['outbox.list']({})).toHaveLength(1);

    await rig.goOnline();
    expect(await rig.push()).toEqual([]);
    const back = await rig.core.handlers['cmt.get']({ companyId: withTerms.id });
    expect(back.value).toMatchObject({ paymentTermsDays: 45, notes: 'Offline edit', version: version + 2 });
    expect(Date.parse(back.fetchedAt!)).toBeGreaterThan(Date.parse(kept.fetchedAt!));
  });

  it('keeps a refused save with the service words until it is fixed', async () => {
    const all = await everyCompanyTerms();
    const { id: companyId, terms } = all.find((c) => c.terms.value !== null)!;
    const cmt = terms.value!;
    const customer = (await rig.core.handlers['contacts.list']({ type: 'customer', offset: 0, limit: 1 })).rows[0];
    const { id: _id, version, createdAt: _c, updatedAt: _u, ...fields } = cmt;
    await rig.core.handlers['cmt.save']({ terms: { ...fields, id: cmt.id, accountManagerId: customer.id }, version });
    await rig.push();
    const refused = await rig.core.handlers['cmt.get']({ companyId });
    expect(refused.queued?.state).toBe('refused');
    expect(refused.queued?.message).toMatch(/employee contact/);
    expect(refused.value).toEqual(cmt);

    // Fixed: the same entry waits again and goes.
    await rig.core.handlers['cmt.save']({ terms: { ...fields, id: cmt.id, discountBasisPoints: 300 }, version });
    expect(await rig.push()).toEqual([]);
    expect((await rig.core.handlers['cmt.get']({ companyId })).value?.discountBasisPoints).toBe(300);
  });
});
