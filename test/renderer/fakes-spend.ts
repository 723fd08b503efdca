/**
 * The spend area on the fake bridge, for renderer tests: spend records of several companies in two
 * currencies, summed per month, direction and currency the way `Query Spend` does (never across
 * currencies), answers kept as of a time the test chooses.
 */
import type { Spend, SpendCategory, SpendDirection, SpendSeries } from '../../preload/contract';
import type { FakeBridge } from './fake-bridge';
import { fakeId } from './fixtures';

/** The spend state a test reads and changes. */
export interface FakeSpend {
  records: Spend[];
  /** When the answers were fetched (ISO 8601); null: never. */
  fetchedAt: string | null;
}

let seq = 0;

/** A spend record of `companyId` in month `period` (`YYYY-MM`), `amount` in minor units of `currency`. */
export function makeSpend(
  companyId: string,
  period: string,
  direction: SpendDirection,
  category: SpendCategory,
  amount: number,
  currency: string,
): Spend {
  const at = `${period}-28T06:00:00.000Z`;
  return {
    id: fakeId(9, ++seq),
    version: 1,
    companyId,
    direction,
    category,
    period,
    amount,
    currency,
    createdAt: at,
    updatedAt: at,
  };
}

interface Filter {
  companyId?: string;
  from?: string;
  to?: string;
  category?: SpendCategory;
}

function matching(records: readonly Spend[], filter: Filter): Spend[] {
  return records.filter(
    (r) =>
      (!filter.companyId || r.companyId === filter.companyId) &&
      (!filter.from || r.period >= filter.from) &&
      (!filter.to || r.period <= filter.to) &&
      (!filter.category || r.category === filter.category),
  );
}

/** Sums `records` per month and currency, oldest month first, with totals per currency. */
function byMonth(records: readonly Spend[]): SpendSeries {
  const rows = new Map<string, SpendSeries['rows'][number]>();
  const totals = new Map<string, SpendSeries['totals'][number]>();
  for (const r of records) {
    const key = `${r.period}:${r.currency}`;
    const row = rows.get(key) ?? {
      key: r.period,
      companyId: null,
      category: null,
      period: r.period,
      currency: r.currency,
      amount: 0,
      count: 0,
    };
    row.amount += r.amount;
    row.count += 1;
    rows.set(key, row);
    const total = totals.get(r.currency) ?? { currency: r.currency, amount: 0, count: 0 };
    total.amount += r.amount;
    total.count += 1;
    totals.set(r.currency, total);
  }
  return {
    rows: [...rows.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, row]) => row),
    totals: [...totals.values()].sort((a, b) => a.currency.localeCompare(b.currency)),
    complete: true,
  };
}

/** Answers `spend.summary`, `spend.companies` and `spend.records` from `records`. */
export function installSpend(bridge: FakeBridge, records: Spend[], fetchedAt: string | null): FakeSpend {
  const state: FakeSpend = { records, fetchedAt };
  bridge.handle('spend.summary', (filter) => {
    const found = state.fetchedAt === null ? [] : matching(state.records, filter);
    return {
      value: {
        sales: byMonth(found.filter((r) => r.direction === 'sales')),
        purchases: byMonth(found.filter((r) => r.direction === 'purchases')),
      },
      fetchedAt: state.fetchedAt,
    };
  });
  bridge.handle('spend.companies', (filter) => {
    const found = state.fetchedAt === null ? [] : matching(state.records, filter);
    const byCompany = (direction: SpendDirection) => {
      const sums = new Map<string, SpendSeries['rows'][number]>();
      for (const r of found.filter((f) => f.direction === direction)) {
        const key = `${r.companyId}:${r.currency}`;
        const row = sums.get(key) ?? {
          key: r.companyId,
          companyId: r.companyId,
          category: null,
          period: null,
          currency: r.currency,
          amount: 0,
          count: 0,
        };
        row.amount += r.amount;
        row.count += 1;
        sums.set(key, row);
      }
      return [...sums.values()].sort((a, b) => b.amount - a.amount);
    };
    const names = Object.fromEntries(
      bridge.data.contacts.flatMap((c) => (c.company ? [[c.company.id, c.company.name]] : [])),
    );
    return {
      value: { sales: byCompany('sales'), purchases: byCompany('purchases'), complete: true, companyNames: names },
      fetchedAt: state.fetchedAt,
    };
  });
  bridge.handle('spend.records', (filter) => {
    const found = state.fetchedAt === null ? [] : matching(state.records, filter);
    return {
      value: { records: found.sort((a, b) => b.period.localeCompare(a.period)), complete: true },
      fetchedAt: state.fetchedAt,
    };
  });
  return state;
}
