/** The latest changed deals (`deals.recent`, the service's `Gets recent deals`), newest first. */
import type { QueryState } from '../../lib/use-bridge-query';
import type { DealList, KeptAnswer } from '../../../../preload/contract';
import { DealListState } from './deal-list-state';
import { DealTable } from './deal-table';

/** How many recent deals the view asks for. */
export const recentDealCount = 50;

/** Renders the recent deals of `query`. */
export function RecentDeals({ query }: { query: QueryState<KeptAnswer<DealList>> }) {
  return (
    <DealListState query={query} subject="Recent deals" none="No deal has changed yet.">
      {(list) => <DealTable deals={list.deals} label="Recently changed deals" showCompany showChanged />}
    </DealListState>
  );
}
