/**
 * Handlers of `rebates.*`: rebate agreements (`Rebate Detail`), their deal earnings (`Rebate Deal
 * Earnings`) and grouped totals (`Rebate Summary Data`), fetched on demand and kept for offline use
 * with their age (kept.ts). Rebates are not in the change feed (api/openapi.yaml, ChangeType), so
 * they are not synced. Amounts are passed on as the service gives them, per currency.
 */
import type { RebateDealEarning, RebateDetail, RebateSummary } from '../../../../preload/contract';
import { aggregatePages } from '../aggregate-pages';
import { companyNames, companyServiceId } from '../company-refs';
import type { AreaHandlers } from '../context';
import { keptAnswer } from '../kept';

type Names = 'rebates.summary' | 'rebates.detail';
type RebateSummaryPage = Pick<RebateSummary, 'rows' | 'totals'> & { nextCursor: string | null };

/** Rows (or deal earnings) asked for per page: the contract's largest page. */
const pageSize = 500;
/** Most pages read for one answer (2,000 rows or earnings). */
const maxPages = 4;
const timeoutMs = 10_000;

/** Creates the rebates handlers. */
export const rebatesHandlers: AreaHandlers<Names> = (ctx) => ({
  'rebates.summary': async ({ groupBy, rebateId, companyId }) => {
    const empty: RebateSummary = { groupBy, rows: [], totals: [], complete: true };
    const company = companyId === undefined ? undefined : companyServiceId(ctx, companyId);
    if (company === null) return { value: empty, fetchedAt: null };
    return keptAnswer(
      ctx,
      `rebateSummary:${groupBy}:${rebateId ?? '*'}:${company ?? '*'}`,
      async () => {
        const api = ctx.session.api();
        const body = {
          groupBy,
          limit: pageSize,
          ...(rebateId ? { rebateIds: [rebateId] } : {}),
          ...(company ? { companyId: company } : {}),
        };
        const pages = await aggregatePages(
          (cursor): Promise<RebateSummaryPage> =>
            api.call('rebateSummaryData', { body: cursor ? { ...body, cursor } : body, timeoutMs }),
          maxPages,
        );
        return { groupBy, ...pages };
      },
      empty,
    );
  },
  'rebates.detail': async ({ id }) => {
    const kept = await keptAnswer(
      ctx,
      `rebateDetail:${id}`,
      async () => {
        const api = ctx.session.api();
        const rebate = await api.call('rebateDetail', { query: { id }, timeoutMs });
        const earnings: RebateDealEarning[] = [];
        let cursor: string | null = null;
        for (let page = 0; page < maxPages; page++) {
          const answer: { items: RebateDealEarning[]; nextCursor: string | null } = await api.call(
            'rebateDealEarnings',
            {
              query: { rebateId: id, sort: '-closedAt' as const, limit: pageSize, ...(cursor ? { cursor } : {}) },
              timeoutMs,
            },
          );
          earnings.push(...answer.items);
          cursor = answer.nextCursor;
          if (!cursor) break;
        }
        return { rebate, earnings, complete: cursor === null };
      },
      null,
    );
    if (kept.value === null) return { value: null, fetchedAt: null };
    const ids = new Set([...kept.value.rebate.companyIds, ...kept.value.earnings.map((e) => e.companyId)]);
    const value: RebateDetail = { ...kept.value, companyNames: companyNames(ctx, ids) };
    return { value, fetchedAt: kept.fetchedAt };
  },
});
