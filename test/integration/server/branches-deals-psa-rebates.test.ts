/** Psa group, `Gets recent deals`, and the Rebate group (earnings computed from deals, exact figures). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../api/generated/schema';
import { smallDemo, startTestService, type TestService, type Problem, unknownId } from '../../helpers/server-client';

type Deal = components['schemas']['Deal'];
type Rebate = components['schemas']['Rebate'];
type RebateDealEarning = components['schemas']['RebateDealEarning'];
type RebateSummary = components['schemas']['RebateSummary'];

const categories = ['hardware', 'software', 'services', 'support', 'consulting', 'training'] as const;
let t: TestService;

beforeAll(async () => {
  t = await startTestService({ demo: smallDemo });
});
afterAll(() => t.stop());

async function all<T>(
  operationId: 'getRelatedDeals' | 'getDealsByCategory' | 'rebateDealEarnings',
  query: Record<string, string | number>,
): Promise<T[]> {
  return t.client.allPages<T>(operationId, { query });
}

async function allDeals(): Promise<Deal[]> {
  const lists = await Promise.all(
    categories.map((category) => all<Deal>('getDealsByCategory', { category, limit: 500 })),
  );
  return lists.flat();
}

describe('Psa deals', () => {
  it('has about 300 demo deals across every category and stage', async () => {
    const deals = await allDeals();
    expect(deals).toHaveLength(300);
    expect(new Set(deals.map((d) => d.stage)).size).toBe(6);
    for (const d of deals) {
      expect(d.closedAt === null).toBe(!d.stage.startsWith('closed'));
    }
  });

  it('getDeal answers a deal with its ETag, and 404 for an unknown id', async () => {
    const [deal] = ((await t.client.call('getRecentDeals', { query: { limit: 1 } })).body as { items: Deal[] }).items;
    const res = await t.client.call('getDeal', { query: { id: deal.id } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(deal);
    expect(res.headers.get('etag')).toBe(`"${deal.version}"`);
    expect((await t.client.call('getDeal', { query: { id: unknownId } })).status).toBe(404);
  });

  it('getDealsByCategory keeps to the category and stage, sorted as asked across pages', async () => {
    const software = await all<Deal>('getDealsByCategory', { category: 'software', limit: 7 });
    expect(software.length).toBeGreaterThan(0);
    expect(software.every((d) => d.category === 'software')).toBe(true);
    const times = software.map((d) => d.updatedAt);
    expect(times).toEqual([...times].sort().reverse());
    const won = await all<Deal>('getDealsByCategory', {
      category: 'software',
      stage: 'closedWon',
      sort: 'title',
      limit: 5,
    });
    expect(won.every((d) => d.stage === 'closedWon')).toBe(true);
    const titles = won.map((d) => d.title.toLowerCase());
    expect(titles).toEqual([...titles].sort());
    expect((await t.client.call('getDealsByCategory', { query: { category: 'cars' } })).status).toBe(400);
  });

  it('getRelatedDeals lists a company’s or a contact’s deals', async () => {
    const deals = await allDeals();
    const withContact = deals.find((d) => d.contactId !== null) as Deal;
    const ofCompany = await all<Deal>('getRelatedDeals', { companyId: withContact.companyId, limit: 3 });
    expect(ofCompany.map((d) => d.id).sort()).toEqual(
      deals
        .filter((d) => d.companyId === withContact.companyId)
        .map((d) => d.id)
        .sort(),
    );
    const ofContact = await all<Deal>('getRelatedDeals', { contactId: withContact.contactId as string });
    expect(ofContact.map((d) => d.id).sort()).toEqual(
      deals
        .filter((d) => d.contactId === withContact.contactId)
        .map((d) => d.id)
        .sort(),
    );
    const dates = (
      await all<Deal>('getRelatedDeals', { companyId: withContact.companyId, sort: '-expectedCloseDate' })
    ).map((d) => d.expectedCloseDate);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('getRelatedDeals wants exactly one of contactId and companyId (400) that exists (404)', async () => {
    const neither = await t.client.call('getRelatedDeals');
    expect(neither.status).toBe(400);
    expect((neither.body as Problem).errors?.map((e) => e.pointer)).toEqual(['/query/contactId', '/query/companyId']);
    const both = await t.client.call('getRelatedDeals', { query: { contactId: unknownId, companyId: unknownId } });
    expect(both.status).toBe(400);
    expect((await t.client.call('getRelatedDeals', { query: { companyId: unknownId } })).status).toBe(404);
    expect((await t.client.call('getRelatedDeals', { query: { contactId: unknownId } })).status).toBe(404);
  });

  it('getRecentDeals answers the latest deals by updatedAt, and 400 above its limit', async () => {
    const deals = await allDeals();
    const latest = deals
      .sort((a, b) => (a.updatedAt === b.updatedAt ? (a.id < b.id ? 1 : -1) : a.updatedAt < b.updatedAt ? 1 : -1))
      .slice(0, 5);
    const res = await t.client.call('getRecentDeals', { query: { limit: 5 } });
    expect((res.body as { items: Deal[] }).items.map((d) => d.id)).toEqual(latest.map((d) => d.id));
    expect(((await t.client.call('getRecentDeals')).body as { items: Deal[] }).items).toHaveLength(20);
    expect((await t.client.call('getRecentDeals', { query: { limit: 101 } })).status).toBe(400);
  });

  it('deleting a deal’s contact keeps the deal with its company (contactId null, new version)', async () => {
    const deal = (await allDeals()).find((d) => d.contactId !== null) as Deal;
    const contactId = deal.contactId as string;
    const others = (await allDeals()).filter((d) => d.contactId === contactId);
    const deleted = await t.client.call('deleteContact', { query: { id: contactId } });
    expect(deleted.status).toBe(204);
    const after = (await t.client.call('getDeal', { query: { id: deal.id } })).body as Deal;
    expect(after).toMatchObject({ contactId: null, companyId: deal.companyId, version: deal.version + 1 });
    expect(after.updatedAt > deal.updatedAt).toBe(true);
    expect(t.service.store.db.prepare('SELECT count(*) FROM deals WHERE contact_id = ?').pluck().get(contactId)).toBe(
      0,
    );
    expect(others.length).toBeGreaterThan(0);
  });

  it('a company that deals still name cannot be deleted, even with cascade=true (409, nothing changed)', async () => {
    const deal = (await allDeals())[0] as Deal;
    const contactsBefore = t.service.store.db.prepare('SELECT count(*) FROM contacts').pluck().get();
    const res = await t.client.call('deleteCompany', { query: { id: deal.companyId, cascade: true } });
    expect(res.status).toBe(409);
    expect((await t.client.call('getCompany', { query: { id: deal.companyId } })).status).toBe(200);
    expect(t.service.store.db.prepare('SELECT count(*) FROM contacts').pluck().get()).toBe(contactsBefore);
  });
});

describe('Rebates', () => {
  const year = new Date().getUTCFullYear() - 1;
  let rebate: Rebate;
  let companyId: string;
  const dealIds: Record<string, string> = {};

  beforeAll(() => {
    const store = t.service.store;
    const { deals, rebates } = t.service.repos;
    companyId = store.saveCompany({ name: 'Rebate Test AG' }).id;
    const other = store.saveCompany({ name: 'Outside AG' }).id;
    const owner = store.demoUserId;
    const deal = (key: string, over: Partial<Deal>) => {
      dealIds[key] = deals.save(crypto.randomUUID(), {
        title: key,
        companyId,
        contactId: null,
        category: 'hardware',
        stage: 'closedWon',
        amount: 1_000_000,
        currency: 'EUR',
        probability: 100,
        expectedCloseDate: `${year}-03-01`,
        ownerId: owner,
        closedAt: `${year}-03-10T10:00:00.000Z`,
        ...over,
      }).id;
    };
    deal('small', { amount: 123_457 });
    deal('large', { amount: 6_000_000, closedAt: `${year}-05-20T09:00:00.000Z`, category: 'software' });
    deal('lastDay', { amount: 200_000, closedAt: `${year}-12-31T23:59:00.000Z` });
    deal('lost', { stage: 'closedLost', probability: 0 });
    deal('open', { stage: 'negotiation', probability: 75, closedAt: null });
    deal('nextYear', { closedAt: `${year + 1}-01-01T00:00:01.000Z` });
    deal('dollars', { currency: 'USD' });
    deal('training', { category: 'training' });
    deal('tiny', { amount: 5_000 });
    deal('otherCompany', { companyId: other });
    rebate = rebates.save(crypto.randomUUID(), {
      name: 'Test volume rebate',
      description: null,
      kind: 'company',
      companyIds: [companyId],
      categories: ['hardware', 'software'],
      currency: 'EUR',
      tiers: [
        { minAmount: 10_000, rateBasisPoints: 150 },
        { minAmount: 5_000_000, rateBasisPoints: 300 },
      ],
      periodStart: `${year}-01-01`,
      periodEnd: `${year}-12-31`,
    });
  });

  it('rebateDetail answers the agreement with its ETag, and 404 for an unknown id', async () => {
    const res = await t.client.call('rebateDetail', { query: { id: rebate.id } });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(rebate);
    expect(res.headers.get('etag')).toBe('"1"');
    expect((await t.client.call('rebateDetail', { query: { id: unknownId } })).status).toBe(404);
  });

  it('rebateDealEarnings lists exactly the qualifying deals with tier rate and half-up rounded earning', async () => {
    const earnings = await all<RebateDealEarning>('rebateDealEarnings', { rebateId: rebate.id, limit: 2 });
    expect(earnings.map((e) => e.dealTitle)).toEqual(['lastDay', 'large', 'small']);
    const byTitle = Object.fromEntries(earnings.map((e) => [e.dealTitle, e]));
    expect(byTitle.small).toMatchObject({
      dealId: dealIds.small,
      dealAmount: 123_457,
      rateBasisPoints: 150,
      earning: 1852,
    });
    expect(byTitle.large).toMatchObject({ rateBasisPoints: 300, earning: 180_000, category: 'software' });
    expect(byTitle.lastDay).toMatchObject({ rateBasisPoints: 150, earning: 3000, currency: 'EUR' });
    const ascending = await all<RebateDealEarning>('rebateDealEarnings', { rebateId: rebate.id, sort: 'closedAt' });
    expect(ascending.map((e) => e.dealTitle)).toEqual(['small', 'large', 'lastDay']);
    expect((await t.client.call('rebateDealEarnings', { query: { rebateId: unknownId } })).status).toBe(404);
  });

  it('rebateSummaryData totals by company, month and quarter, with filters', async () => {
    const call = async (body: Record<string, unknown>) => {
      const res = await t.client.call('rebateSummaryData', { body });
      expect(res.status).toBe(200);
      return res.body as RebateSummary;
    };
    const byCompany = await call({ groupBy: 'company', rebateIds: [rebate.id] });
    expect(byCompany.rows).toEqual([
      {
        key: companyId,
        label: 'Rebate Test AG',
        currency: 'EUR',
        earningCount: 3,
        dealAmount: 6_323_457,
        earning: 184_852,
      },
    ]);
    expect(byCompany.totals).toEqual([{ currency: 'EUR', earningCount: 3, dealAmount: 6_323_457, earning: 184_852 }]);
    const byMonth = await call({ groupBy: 'month', rebateIds: [rebate.id], limit: 2 });
    expect(byMonth.rows.map((r) => [r.key, r.earning])).toEqual([
      [`${year}-03`, 1852],
      [`${year}-05`, 180_000],
    ]);
    expect(byMonth.nextCursor).not.toBeNull();
    const rest = await call({ groupBy: 'month', rebateIds: [rebate.id], limit: 2, cursor: byMonth.nextCursor });
    expect(rest.rows.map((r) => r.key)).toEqual([`${year}-12`]);
    expect(rest.nextCursor).toBeNull();
    const byQuarter = await call({
      groupBy: 'quarter',
      rebateIds: [rebate.id],
      from: `${year}-01-01`,
      to: `${year}-06-30`,
    });
    expect(byQuarter.rows.map((r) => [r.key, r.earningCount])).toEqual([
      [`${year}-Q1`, 1],
      [`${year}-Q2`, 1],
    ]);
  });

  it('rebateSummaryData covers the demo agreements grouped by rebate', async () => {
    const summary = (await t.client.call('rebateSummaryData', { body: { groupBy: 'rebate', kind: 'group' } }))
      .body as RebateSummary;
    expect(summary.rows.length).toBeGreaterThan(0);
    expect(summary.rows.every((r) => r.earning > 0 && r.earning < r.dealAmount)).toBe(true);
    const detail = await t.client.call('rebateDetail', { query: { id: summary.rows[0].key } });
    expect((detail.body as Rebate).kind).toBe('group');
  });

  it('rebateSummaryData refuses from after to (400), unknown agreements (404) and unknown groupings (400)', async () => {
    const reversed = await t.client.call('rebateSummaryData', {
      body: { groupBy: 'year', from: '2026-02-01', to: '2026-01-01' },
    });
    expect(reversed.status).toBe(400);
    expect((reversed.body as Problem).errors?.[0].pointer).toBe('/body/to');
    const unknown = await t.client.call('rebateSummaryData', { body: { groupBy: 'year', rebateIds: [unknownId] } });
    expect(unknown.status).toBe(404);
    expect((await t.client.call('rebateSummaryData', { body: { groupBy: 'week' } })).status).toBe(400);
  });
});
