/** Words about a deal used by the board and the deal page. */
import type { Deal } from '../../../../preload/contract';
import { formatAgo } from '../../lib/format';
import { isOpenDeal } from '../companies/related-labels';

/** How old a deal is: since it was opened while open, since it was won or lost once closed. */
export function dealAge(deal: Deal, now: number): string {
  if (deal.closedAt && !isOpenDeal(deal)) return `Closed ${formatAgo(deal.closedAt, now)}`;
  return `Opened ${formatAgo(deal.createdAt, now)}`;
}
