/** Spend (per company, and sums computed by the service checked against sums computed here) and CMT records. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../api/generated/schema';
import { type Page, smallDemo, startTestService, type TestService } from '../../helpers/server-client';

type Spend = components['schemas']['Spend'];
type SpendQuery = Omit<components['schemas']['SpendQuery'], 'sort' | 'limit'> &
  Partial<Pick<components['schemas']['SpendQuery'], 'sort' | 'limit'>>;
type AggregatePage = components['schemas']['SpendAggregatePage'];
type Row = components['schemas']['SpendAggregateRow'];
type Company = components['schemas']['Company'];
type Contact = components['schemas']['Contact'];
type Cmt = components['schemas']['Cmt'];
const missingId = '00000000-0000-4000-8000-000000000000';

let t: TestService;
let companies: Company[];
/** Every spend record of the demo, read company by company through getSpend. */
let records: Spend[];
beforeAll(async () => {
  t = await startTestService({ demo: smallDemo });
  companies = ((await t.client.call('getCompanies', { query: { limit: 500 } })).body as Page<Company>).items;
  records = [];
  for (const company of companies) records.push(...(await spendOf(company.id, { limit: 500 })));
});
afterAll(() => t.stop());

async function spendOf(companyId: string, query: Record<string, string | number>): Promise<Spend[]> {
  return t.client.allPages<Spend>('getSpend', { query: { companyId, ...query } });
}

async function query(body: SpendQuery): Promise<{ rows: Row[]; first: AggregatePage }> {
  const rows: Row[] = [];
  let cursor: string | undefined;
  let first: AggregatePage | undefined;
  do {
    const res = await t.client.call('querySpend', { body: { ...body, cursor } });
    expect(res.status).toBe(200);
    const page = res.body as AggregatePage;
    first ??= page;
    rows.push(...page.items);
    cursor = page.nextCursor ?? undefined;
  } while (cursor);
  return { rows, first: first as AggregatePage };
}

/** Sums computed here: key|currency → amount and count. */
function sums(items: Spend[], key: (s: Spend) => string): Map<string, { amount: number; count: number }> {
  const result = new Map<string, { amount: number; count: number }>();
  for (const s of items) {
    const k = `${key(s)}|${s.currency}`;
    const sum = result.get(k) ?? { amount: 0, count: 0 };
    sum.amount += s.amount;
    sum.count += 1;
    result.set(k, sum);
  }
  return result;
}
const asMap = (rows: Row[]) =>
  new Map(rows.map((r) => [`${r.key}|${r.currency}`, { amount: r.amount, count: r.count }]));

describe('getSpend', () => {
  it('pages one company’s spend, newest period first, filtered by periods and category', async () => {
    const withSpend = companies.find((c) => records.some((s) => s.companyId === c.id)) as Company;
    const all = await spendOf(withSpend.id, { limit: 7 });
    expect(all.length).toBeGreaterThanOrEqual(12);
    expect(new Set(all.map((s) => s.id)).size).toBe(all.length);
    expect(all.every((s) => s.companyId === withSpend.id)).toBe(true);
    const periods = all.map((s) => s.period);
    expect(periods).toEqual([...periods].sort().reverse());
    const [from, to] = [periods[periods.length - 1], periods[0]];
    const mid = [...new Set(periods)].sort()[3];
    const window = await spendOf(withSpend.id, { from: mid, to, category: all[0].category, limit: 500 });
    expect(window.map((s) => s.id).sort()).toEqual(
      all
        .filter((s) => s.period >= mid && s.period <= to && s.category === all[0].category)
        .map((s) => s.id)
        .sort(),
    );
    expect(from < to).toBe(true);
  });

  it('answers 404 for an unknown company and 400 for a bad or reversed period range', async () => {
    expect((await t.client.call('getSpend', { query: { companyId: missingId } })).status).toBe(404);
    const [company] = companies;
    const reversed = await t.client.call('getSpend', {
      query: { companyId: company.id, from: '2025-06', to: '2025-01' },
    });
    expect(reversed.status).toBe(400);
    const badMonth = await t.client.call('getSpend', { query: { companyId: company.id, from: '2025-13' } });
    expect(badMonth.status).toBe(400);
  });
});

describe('querySpend', () => {
  it('sums by company over everything, matching the records, with per-currency totals', async () => {
    expect(records.length).toBeGreaterThan(100);
    const { rows, first } = await query({ groupBy: 'company', limit: 5 });
    expect(asMap(rows)).toEqual(sums(records, (s) => s.companyId));
    expect(rows.every((r) => r.companyId === r.key && r.category === null && r.period === null)).toBe(true);
    const expectedTotals = sums(records, () => 'all');
    expect(new Map(first.totals.map((x) => [`all|${x.currency}`, { amount: x.amount, count: x.count }]))).toEqual(
      expectedTotals,
    );
    const none = await query({ groupBy: 'none' });
    expect(asMap(none.rows)).toEqual(expectedTotals);
  });

  it('filters by companies, categories and periods and groups by category or period', async () => {
    const ids = [...new Set(records.map((s) => s.companyId))].slice(0, 4);
    const periods = [...new Set(records.map((s) => s.period))].sort();
    const [from, to] = [periods[2], periods[periods.length - 3]];
    const categories: Spend['category'][] = ['software', 'services', 'hardware'];
    const matching = records.filter(
      (s) => ids.includes(s.companyId) && categories.includes(s.category) && s.period >= from && s.period <= to,
    );
    expect(matching.length).toBeGreaterThan(0);
    const byCategory = await query({ groupBy: 'category', companyIds: ids, categories, from, to });
    expect(asMap(byCategory.rows)).toEqual(sums(matching, (s) => s.category));
    const byPeriod = await query({ groupBy: 'period', companyIds: ids, categories, from, to, limit: 4 });
    expect(asMap(byPeriod.rows)).toEqual(sums(matching, (s) => s.period));
    const keys = byPeriod.rows.map((r) => `${r.key}|${r.currency}`);
    expect(keys).toEqual([...keys].sort());
    const purchases = await query({ groupBy: 'none', direction: 'purchases' });
    expect(asMap(purchases.rows)).toEqual(
      sums(
        records.filter((s) => s.direction === 'purchases'),
        () => 'all',
      ),
    );
  });

  it('sorts by amount across pages', async () => {
    const { rows } = await query({ groupBy: 'company', sort: '-amount', limit: 3 });
    const amounts = rows.map((r) => r.amount);
    expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
  });

  it('refuses a reversed range, an unknown groupBy and a cursor of another grouping', async () => {
    const reversed = await t.client.call('querySpend', { body: { groupBy: 'none', from: '2026-02', to: '2025-02' } });
    expect(reversed.status).toBe(400);
    const badGroup = await t.client.call('querySpend', { body: { groupBy: 'region' } });
    expect(badGroup.status).toBe(400);
    const page = (await t.client.call('querySpend', { body: { groupBy: 'company', limit: 1 } })).body as AggregatePage;
    const mixed = await t.client.call('querySpend', {
      body: { groupBy: 'category', cursor: page.nextCursor as string },
    });
    expect(mixed.status).toBe(400);
  });
});

describe('CMT', () => {
  async function cmtOf(companyId: string) {
    return t.client.call('viewCmt', { query: { companyId } });
  }
  async function employee(): Promise<Contact> {
    const me = (await t.client.call('getCurrentUser')).body as { companyId: string };
    const page = (await t.client.call('listContacts', { query: { companyId: me.companyId, limit: 5 } }))
      .body as Page<Contact>;
    return page.items[0];
  }
  const terms = {
    paymentTermsDays: 45,
    creditLimit: 2_500_000,
    currency: 'EUR',
    discountBasisPoints: 300,
    reviewDate: '2027-03-31',
    notes: 'Quarterly business review.',
  };

  it('views a CMT by company and by id with ETag; 404 without one; 400 unless exactly one key', async () => {
    const withCmt: Cmt[] = [];
    for (const c of companies) {
      const res = await cmtOf(c.id);
      if (res.status === 200) withCmt.push(res.body as Cmt);
    }
    expect(withCmt.length).toBeGreaterThan(companies.length / 2);
    const byId = await t.client.call('viewCmt', { query: { id: withCmt[0].id } });
    expect(byId.body).toEqual(withCmt[0]);
    expect(byId.headers.get('etag')).toBe(`"${withCmt[0].version}"`);
    expect((await t.client.call('viewCmt', { query: { id: missingId } })).status).toBe(404);
    expect((await t.client.call('viewCmt', { query: {} })).status).toBe(400);
    const both = await t.client.call('viewCmt', { query: { id: withCmt[0].id, companyId: withCmt[0].companyId } });
    expect(both.status).toBe(400);
  });

  it('creates terms for a company without, refuses a second set, updates with If-Match', async () => {
    let without: Company | undefined;
    for (const c of companies) if (!without && (await cmtOf(c.id)).status === 404) without = c;
    expect(without).toBeDefined();
    const company = without as Company;
    const manager = await employee();
    const body = { companyId: company.id, accountManagerId: manager.id, ...terms };
    const created = await t.client.call('saveCmt', { body });
    expect(created.status).toBe(201);
    const cmt = created.body as Cmt;
    expect(cmt).toMatchObject({ ...body, version: 1 });
    expect((await cmtOf(company.id)).body).toEqual(cmt);
    expect((await t.client.call('saveCmt', { body })).status).toBe(409);

    const updated = await t.client.call('saveCmt', {
      body: { ...body, id: cmt.id, creditLimit: 4_000_000 },
      headers: { 'If-Match': `"${cmt.version}"` },
    });
    expect(updated.status).toBe(200);
    expect(updated.headers.get('etag')).toBe('"2"');
    expect(((await cmtOf(company.id)).body as Cmt).creditLimit).toBe(4_000_000);
    const stale = await t.client.call('saveCmt', {
      body: { ...body, id: cmt.id },
      headers: { 'If-Match': `"${cmt.version}"` },
    });
    expect(stale.status).toBe(412);
    const other = companies.find((c) => c.id !== company.id) as Company;
    const moved = await t.client.call('saveCmt', { body: { ...body, id: cmt.id, companyId: other.id } });
    expect(moved.status).toBe(409);
  });

  it('answers 404 for an unknown CMT, company or account manager, 400 for a bad discount', async () => {
    const manager = await employee();
    const [company] = companies;
    const base = { companyId: company.id, accountManagerId: manager.id, ...terms };
    expect((await t.client.call('saveCmt', { body: { ...base, id: missingId } })).status).toBe(404);
    expect((await t.client.call('saveCmt', { body: { ...base, companyId: missingId } })).status).toBe(404);
    const customer = ((await t.client.call('listContacts', { query: { limit: 50 } })).body as Page<Contact>).items.find(
      (c) => c.type !== 'employee',
    ) as Contact;
    const notEmployee = await t.client.call('saveCmt', { body: { ...base, accountManagerId: customer.id } });
    expect(notEmployee.status).toBe(404);
    const bad = await t.client.call('saveCmt', { body: { ...base, discountBasisPoints: 10_001 } });
    expect(bad.status).toBe(400);
  });
});
