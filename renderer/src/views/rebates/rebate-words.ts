/**
 * Words for rebates (api/openapi.yaml: `Rebate`, `RebateKind`, `RebateSummaryGroupBy`) and the
 * rates and periods they state.
 */
import type { Rebate, RebateGroupBy, RebateSummaryRow } from '../../../../preload/contract';
import { formatDate } from '../../lib/format';
import { dealCategoryLabel } from '../companies/related-labels';

/** Label of a rebate's kind. */
export const rebateKindLabel: Record<Rebate['kind'], string> = {
  company: 'Company rebate',
  group: 'Group rebate',
};

/** Label of a grouping of `Rebate Summary Data`, as the column heading of its rows. */
export const groupByLabel: Record<RebateGroupBy, string> = {
  rebate: 'Agreement',
  company: 'Company',
  category: 'Category',
  month: 'Month',
  quarter: 'Quarter',
  year: 'Year',
};

/** A rate in basis points as a percentage: 250 → "2.5 %" (the contract's `rateBasisPoints`). */
export function formatRate(basisPoints: number): string {
  return `${(basisPoints / 100).toLocaleString('en-US', { maximumFractionDigits: 2 })} %`;
}

/** An agreement's period: "Jan 1, 2026 – Dec 31, 2026" (inclusive dates). */
export function formatPeriod(rebate: Pick<Rebate, 'periodStart' | 'periodEnd'>): string {
  return `${formatDate(rebate.periodStart)} – ${formatDate(rebate.periodEnd)}`;
}

/** The readable name of a summary row's group (a category's label; otherwise the service's label). */
export function rowLabel(row: RebateSummaryRow, groupBy: RebateGroupBy): string {
  if (groupBy === 'category') return dealCategoryLabel[row.key as keyof typeof dealCategoryLabel] ?? row.label;
  return row.label;
}
