/** Words about a deal used by the board, the tables and the deal page. */
import type { Deal } from '../../../../preload/contract';
import type { CurrencyTotal } from '../../lib/currency-totals';
import { formatAgo } from '../../lib/format';
import { formatAmount, isOpenDeal } from '../companies/related-labels';

/** How old a deal is: since it was opened while open, since it was won or lost once closed. */
export function dealAge(deal: Deal, now: number): string {
  if (deal.closedAt && !isOpenDeal(deal)) return `Closed ${formatAgo(deal.closedAt, now)}`;
  return `Opened ${formatAgo(deal.createdAt, now)}`;
}

/** Totals per currency in words ("€1,200.00 · $300.00"), never added across currencies; "—" for none. */
export function formatTotals(totals: readonly CurrencyTotal[]): string {
  if (totals.length === 0) return '—';
  return totals.map((total) => formatAmount(total.amount, total.currency)).join(' · ');
}
