/**
 * The words and numbers of the Spend view: category and direction names, the period choices, month
 * names, and the chart of one currency's months (sales and purchases apart; amounts in different
 * currencies are never added together, api/openapi.yaml `Query Spend`).
 */
import type { SpendByCompany, SpendCategory, SpendDirection, SpendSummary } from '../../../../preload/contract';
import type { ChartCategory, ChartSeries } from '../../components/chart-types';
import { formatMinorUnits } from '../../lib/currency-format';

/** The name of each direction, as a salesperson says it. */
export const directionLabels: Record<SpendDirection, string> = { sales: 'Sales', purchases: 'Purchases' };

/** The name of each spend category. */
export const categoryLabels: Record<SpendCategory, string> = {
  software: 'Software',
  hardware: 'Hardware',
  services: 'Services',
  support: 'Support',
  training: 'Training',
  consulting: 'Consulting',
  logistics: 'Logistics',
  marketing: 'Marketing',
};

/** The period choices: the last N months up to this month, or every month ('all'). */
export const periodChoices = [
  { id: '3', label: 'Last 3 months' },
  { id: '6', label: 'Last 6 months' },
  { id: '12', label: 'Last 12 months' },
  { id: '24', label: 'Last 24 months' },
  { id: 'all', label: 'All months' },
] as const;
/** A period choice's id. */
export type PeriodChoice = (typeof periodChoices)[number]['id'];

/** `YYYY-MM` of the month `back` months before the UTC month of `now` (ms since the epoch). */
export function monthBefore(now: number, back: number): string {
  const d = new Date(now);
  return new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() - back, 1)).toISOString().slice(0, 7);
}

/** The months (`from`, `to`, inclusive, `YYYY-MM`) of a period choice at `now`; none for 'all'. */
export function periodMonths(choice: PeriodChoice, now: number): { from?: string; to?: string } {
  if (choice === 'all') return {};
  return { from: monthBefore(now, Number(choice) - 1), to: monthBefore(now, 0) };
}

/** Made once: building a date format costs far more than using one, and charts label many months. */
const monthFormat = new Intl.DateTimeFormat('en-US', { month: 'short', year: 'numeric', timeZone: 'UTC' });

/** "Jan 2026" for `2026-01`. */
export function monthLabel(period: string): string {
  const [year, month] = period.split('-').map(Number);
  return monthFormat.format(new Date(Date.UTC(year, month - 1, 1)));
}

/** Every month from `first` to `last` (`YYYY-MM`, inclusive), in order. */
export function monthsBetween(first: string, last: string): string[] {
  const months: string[] = [];
  let [year, month] = first.split('-').map(Number);
  for (let period = first; period <= last; ) {
    months.push(period);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
    period = `${year}-${String(month).padStart(2, '0')}`;
  }
  return months;
}

/** The currencies of a summary, those with the most records first. */
export function currenciesOf(summary: SpendSummary): string[] {
  const counts = new Map<string, number>();
  for (const total of [...summary.sales.totals, ...summary.purchases.totals])
    counts.set(total.currency, (counts.get(total.currency) ?? 0) + total.count);
  return [...counts].sort(([a, x], [b, y]) => y - x || a.localeCompare(b)).map(([currency]) => currency);
}

/**
 * One currency's spend per month as chart data: every month from the first to the last with spend
 * in that currency, one series per direction that has any (null where it has none that month).
 */
export function monthlyChart(
  summary: SpendSummary,
  currency: string,
): { categories: ChartCategory[]; series: ChartSeries[] } {
  const directions = ['sales', 'purchases'] as const;
  const amounts = directions.map(
    (d) =>
      new Map(summary[d].rows.filter((r) => r.currency === currency && r.period).map((r) => [r.period!, r.amount])),
  );
  const periods = amounts.flatMap((m) => [...m.keys()]).sort();
  if (periods.length === 0) return { categories: [], series: [] };
  const months = monthsBetween(periods[0], periods[periods.length - 1]);
  return {
    categories: months.map((period) => ({ key: period, label: monthLabel(period) })),
    series: directions
      .map((d, index) => ({
        key: d,
        label: directionLabels[d],
        values: months.map((period) => amounts[index].get(period) ?? null),
      }))
      .filter((s) => s.values.some((value) => value !== null)),
  };
}

/** A short amount for a chart's axis ("$12K"), `amount` in minor units of `currency` (ISO 4217). */
export function formatShortAmount(amount: number, currency: string): string {
  return formatMinorUnits(amount, currency, 'compact') ?? `${Math.round(amount / 100)} ${currency}`;
}

/** How many companies a chart of the largest companies shows. */
export const topCompanies = 10;

/**
 * One currency's largest companies as chart data: the `topCompanies` companies with the largest
 * sales or purchases in that currency, largest first, one series per direction that has any. A
 * company this computer does not have yet is named "Not synced yet".
 */
export function companyChart(
  byCompany: SpendByCompany,
  currency: string,
): { categories: ChartCategory[]; series: ChartSeries[] } {
  const directions = ['sales', 'purchases'] as const;
  const amounts = directions.map(
    (d) =>
      new Map(byCompany[d].filter((r) => r.currency === currency && r.companyId).map((r) => [r.companyId!, r.amount])),
  );
  const largest = (id: string) => Math.max(...amounts.map((m) => m.get(id) ?? 0));
  const ids = [...new Set(amounts.flatMap((m) => [...m.keys()]))]
    .sort((a, b) => largest(b) - largest(a) || a.localeCompare(b))
    .slice(0, topCompanies);
  return {
    categories: ids.map((id) => ({ key: id, label: byCompany.companyNames[id] ?? 'Not synced yet' })),
    series: directions
      .map((d, index) => ({
        key: d,
        label: directionLabels[d],
        values: ids.map((id) => amounts[index].get(id) ?? null),
      }))
      .filter((s) => s.values.some((value) => value !== null)),
  };
}

/** The currencies of spend per company, the one with the most companies first. */
export function companyCurrencies(byCompany: SpendByCompany): string[] {
  const counts = new Map<string, number>();
  for (const r of [...byCompany.sales, ...byCompany.purchases])
    counts.set(r.currency, (counts.get(r.currency) ?? 0) + 1);
  return [...counts].sort(([a, x], [b, y]) => y - x || a.localeCompare(b)).map(([currency]) => currency);
}
