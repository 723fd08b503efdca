import { describe, expect, it } from 'vitest';
import type { SpendSummary } from '../../../preload/contract';
import {
  currenciesOf,
  monthBefore,
  monthlyChart,
  monthsBetween,
  periodMonths,
} from '../../../renderer/src/views/spend/spend-words';

const row = (period: string, currency: string, amount: number, count = 1) => ({
  key: period,
  companyId: null,
  category: null,
  period,
  currency,
  amount,
  count,
});

describe('spend words', () => {
  it('counts months back across a year and gives the months of a period choice', () => {
    const now = Date.UTC(2026, 1, 15); // 15 Feb 2026
    expect(monthBefore(now, 0)).toBe('2026-02');
    expect(monthBefore(now, 2)).toBe('2025-12');
    expect(periodMonths('12', now)).toEqual({ from: '2025-03', to: '2026-02' });
    expect(periodMonths('3', now)).toEqual({ from: '2025-12', to: '2026-02' });
    expect(periodMonths('all', now)).toEqual({});
  });

  it('lists every month between two, across a year', () => {
    expect(monthsBetween('2025-11', '2026-02')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02']);
    expect(monthsBetween('2026-03', '2026-03')).toEqual(['2026-03']);
  });

  it("charts one currency's months with a gap as null, never adding another currency, and leaves out an empty direction", () => {
    const summary: SpendSummary = {
      sales: {
        rows: [row('2025-12', 'USD', 100), row('2025-12', 'EUR', 999), row('2026-02', 'USD', 300)],
        totals: [
          { currency: 'EUR', amount: 999, count: 1 },
          { currency: 'USD', amount: 400, count: 2 },
        ],
        complete: true,
      },
      purchases: {
        rows: [row('2026-01', 'EUR', 50)],
        totals: [{ currency: 'EUR', amount: 50, count: 1 }],
        complete: true,
      },
    };
    expect(currenciesOf(summary)).toEqual(['EUR', 'USD']);
    const usd = monthlyChart(summary, 'USD');
    expect(usd.categories.map((c) => c.key)).toEqual(['2025-12', '2026-01', '2026-02']);
    expect(usd.series).toEqual([{ key: 'sales', label: 'Sales', values: [100, null, 300] }]);
    const eur = monthlyChart(summary, 'EUR');
    expect(eur.series).toEqual([
      { key: 'sales', label: 'Sales', values: [999, null] },
      { key: 'purchases', label: 'Purchases', values: [null, 50] },
    ]);
    expect(monthlyChart(summary, 'GBP')).toEqual({ categories: [], series: [] });
  });
});
