/**
 * Handlers of `spend.*`: spend per month and per company (`Query Spend` grouped by period or by
 * company, sales and purchases apart) and a company's spend records (`Get Spend`), fetched on demand
 * and kept for offline use with their age (kept.ts); the sums are given from what is kept first and
 * refreshed in the background (`keptFirst`), so the dashboard paints at once. Spend is not in the change feed (api/openapi.yaml, ChangeType), so it is not synced.
 * Amounts are passed on as the service gives them, per currency.
 */
import type {
  Spend,
  SpendAggregateRow,
  SpendByCompany,
  SpendCategory,
  SpendDirection,
  SpendRecords,
  SpendSeries,
  SpendSummary,
  SpendTotal,
} from '../../../../preload/contract';
import { spendDirections } from '../../../../preload/contract';
import { aggregatePages } from '../aggregate-pages';
import { companyNames, companyServiceId } from '../company-refs';
import type { AreaHandlers, HandlerContext } from '../context';
import { keptAnswer, keptFirst } from '../kept';

type Names = 'spend.summary' | 'spend.records' | 'spend.companies';
interface AggregatePage {
  items: SpendAggregateRow[];
  totals: SpendTotal[];
  nextCursor: string | null;
}
/** The filters as the handlers receive them. */
interface Filter {
  companyId?: string;
  from?: string;
  to?: string;
  category?: SpendCategory;
}

/** Rows (or records) asked for per page: the contract's largest page. */
const pageSize = 500;
/** Most pages read for one answer (2,000 rows or records). */
const maxPages = 4;
const timeoutMs = 10_000;

/** The months of a filter, without the unset ones. */
function months(filter: Filter) {
  return {
    ...(filter.from ? { from: filter.from } : {}),
    ...(filter.to ? { to: filter.to } : {}),
  };
}

/** The kept-answer key of a filter. */
function filterKey(filter: Filter): string {
  return `${filter.companyId ?? '*'}:${filter.from ?? '*'}:${filter.to ?? '*'}:${filter.category ?? '*'}`;
}

/**
 * Reads one direction's sums with `Query Spend`, following its cursor: per month oldest first
 * (`period`), or per company largest first (`company`).
 */
async function sums(
  ctx: HandlerContext,
  direction: SpendDirection,
  filter: Filter,
  groupBy: 'period' | 'company',
): Promise<SpendSeries> {
  const api = ctx.session.api();
  const body = {
    groupBy,
    direction,
    sort: groupBy === 'period' ? ('key' as const) : ('-amount' as const),
    limit: pageSize,
    ...months(filter),
    ...(filter.companyId ? { companyIds: [filter.companyId] } : {}),
    ...(filter.category ? { categories: [filter.category] } : {}),
  };
  return aggregatePages(async (cursor) => {
    const answer: AggregatePage = await api.call('querySpend', {
      body: cursor ? { ...body, cursor } : body,
      timeoutMs,
    });
    return { rows: answer.items, totals: answer.totals, nextCursor: answer.nextCursor };
  }, maxPages);
}

/** Creates the spend handlers. */
export const spendHandlers: AreaHandlers<Names> = (ctx) => ({
  'spend.summary': async (filter) => {
    const none: SpendSeries = { rows: [], totals: [], complete: true };
    const empty: SpendSummary = { sales: none, purchases: none };
    const companyId = filter.companyId === undefined ? undefined : companyServiceId(ctx, filter.companyId);
    if (companyId === null) return { value: empty, fetchedAt: null };
    const asked = { ...filter, companyId };
    return keptFirst(
      ctx,
      'spend',
      `spendSummary:${filterKey(asked)}`,
      async () => {
        const [sales, purchases] = await Promise.all(spendDirections.map((d) => sums(ctx, d, asked, 'period')));
        return { sales, purchases };
      },
      empty,
    );
  },
  'spend.companies': async (filter) => {
    const kept = await keptFirst<Omit<SpendByCompany, 'companyNames'>>(
      ctx,
      'spend',
      `spendCompanies:${filterKey(filter)}`,
      async () => {
        const [sales, purchases] = await Promise.all(spendDirections.map((d) => sums(ctx, d, filter, 'company')));
        return { sales: sales.rows, purchases: purchases.rows, complete: sales.complete && purchases.complete };
      },
      { sales: [], purchases: [], complete: true },
    );
    const ids = [...kept.value.sales, ...kept.value.purchases].map((r) => r.companyId).filter((id) => id !== null);
    return {
      value: { ...kept.value, companyNames: companyNames(ctx, ids) },
      fetchedAt: kept.fetchedAt,
      ...(kept.refreshing ? { refreshing: true } : {}),
    };
  },
  'spend.records': async (filter) => {
    const empty: SpendRecords = { records: [], complete: true };
    const companyId = companyServiceId(ctx, filter.companyId);
    if (companyId === null) return { value: empty, fetchedAt: null };
    return keptAnswer(
      ctx,
      `spendRecords:${filterKey({ ...filter, companyId })}`,
      async () => {
        const api = ctx.session.api();
        const records: Spend[] = [];
        let cursor: string | null = null;
        for (let page = 0; page < maxPages; page++) {
          const answer: { items: Spend[]; nextCursor: string | null } = await api.call('getSpend', {
            query: {
              companyId,
              sort: '-period' as const,
              limit: pageSize,
              ...months(filter),
              ...(filter.category ? { category: filter.category } : {}),
              ...(cursor ? { cursor } : {}),
            },
            timeoutMs,
          });
          records.push(...answer.items);
          cursor = answer.nextCursor;
          if (!cursor) break;
        }
        return { records, complete: cursor === null };
      },
      empty,
    );
  },
});
