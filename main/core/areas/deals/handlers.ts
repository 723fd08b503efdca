/**
 * Handlers of `deals.*`: PSA deals read on demand from the service (they are not in the change
 * feed: api/openapi.yaml `ChangeType`), each answer kept for offline use with its age (`kept.ts`),
 * and named with the company and contact the cache holds.
 */
import { type DealList, maxDealList } from '../../../../preload/contract';
import type { ApiClient } from '../../api/client';
import { allPages } from '../all-pages';
import type { AreaHandlers, HandlerContext } from '../context';
import { keptAnswer, keptFirst } from '../kept';
import { dealAnswerKey } from './keys';
import { createDealNamer, type ServiceDeal as ApiDeal } from './names';

type Names = 'deals.get' | 'deals.related' | 'deals.byCategory' | 'deals.recent';

/** Deals per page asked of the service (api/openapi.yaml `Limit`: at most 500). */
const pageSize = 500;
/** How long one page may take, ms. */
const timeoutMs = 10_000;

/** The deals a paged operation answers, page after page, up to `maxDealList`. */
function allDeals(
  fetchPage: (cursor: string | undefined) => Promise<{ items: ApiDeal[]; nextCursor: string | null }>,
): Promise<{ items: ApiDeal[]; complete: boolean }> {
  return allPages(fetchPage, maxDealList);
}

/**
 * A kept list of deals, named from the cache as it is now (names change between fetches). The
 * Deals view's lists (`first: 'kept'`) are given from what is kept at once and refreshed in the
 * background (kept.ts `keptFirst`); the others wait for the service when it can be reached.
 */
async function keptList(
  ctx: HandlerContext,
  key: string,
  fetch: (api: ApiClient) => Promise<{ items: ApiDeal[]; complete: boolean }>,
  first: 'service' | 'kept' = 'service',
) {
  const fallback = { items: [] as ApiDeal[], complete: true };
  const ask = () => fetch(ctx.session.api());
  const kept =
    first === 'kept' ? await keptFirst(ctx, 'deals', key, ask, fallback) : await keptAnswer(ctx, key, ask, fallback);
  const name = createDealNamer(ctx);
  const value: DealList = { deals: kept.value.items.map(name), complete: kept.value.complete };
  return { value, fetchedAt: kept.fetchedAt, ...(kept.refreshing ? { refreshing: true } : {}) };
}

/** Creates the deals handlers. */
export const dealsHandlers: AreaHandlers<Names> = (ctx) => ({
  'deals.get': async ({ id }) => {
    const kept = await keptAnswer<ApiDeal | null>(
      ctx,
      dealAnswerKey(id),
      () => ctx.session.api().call('getDeal', { query: { id }, timeoutMs }),
      null,
    );
    return { value: kept.value ? createDealNamer(ctx)(kept.value) : null, fetchedAt: kept.fetchedAt };
  },
  'deals.related': async (input) => {
    const [by, id] = 'contactId' in input ? ['contactId', input.contactId] : ['companyId', input.companyId];
    const recordId = ctx.writes.currentId(id);
    // A record the service does not have yet has no deals there.
    if (ctx.outbox.serviceIdOf(recordId) === null) return { value: { deals: [], complete: true }, fetchedAt: null };
    return keptList(ctx, `dealsRelated:${by}:${recordId}`, (api) =>
      allDeals((cursor) =>
        api.call('getRelatedDeals', { query: { [by]: recordId, limit: pageSize, cursor }, timeoutMs }),
      ),
    );
  },
  'deals.byCategory': async ({ category }) =>
    keptList(
      ctx,
      `dealsByCategory:${category}`,
      (api) =>
        allDeals((cursor) =>
          api.call('getDealsByCategory', { query: { category, limit: pageSize, cursor }, timeoutMs }),
        ),
      'kept',
    ),
  'deals.recent': async ({ limit }) =>
    keptList(
      ctx,
      `dealsRecent:${limit}`,
      async (api) => {
        const answer = await api.call('getRecentDeals', { query: { limit }, timeoutMs });
        return { items: answer.items, complete: true };
      },
      'kept',
    ),
});
