/**
 * Handlers of `savedQueries.*`: the Contact group's saved queries, `Get Query List` (getQueryList)
 * and `Get Query Results` (getQueryResults), asked of the service on demand and kept for offline
 * use with their age (kept.ts); the results are read back a window at a time like the cached list.
 */
import { maxSavedQueries, type SavedQuery } from '../../../../preload/contract';
import type { AreaHandlers } from '../context';
import { keptAnswer } from '../kept';
import {
  fetchContactPages,
  listFreshForMs,
  pageTimeoutMs,
  type ServiceContactList,
  serviceWindow,
} from '../users/service-contacts';

type Names = 'savedQueries.list' | 'savedQueries.results';

/** Creates the saved-queries handlers. */
export const savedQueriesHandlers: AreaHandlers<Names> = (ctx) => ({
  'savedQueries.list': async () =>
    keptAnswer<SavedQuery[]>(
      ctx,
      'getQueryList:all',
      async () => {
        const page = await ctx.session.api().call('getQueryList', {
          query: { scope: 'all', limit: maxSavedQueries },
          timeoutMs: pageTimeoutMs,
        });
        return page.items;
      },
      [],
    ),
  'savedQueries.results': async ({ queryId, offset, limit, ...narrowing }) => {
    const kept = await keptAnswer<ServiceContactList>(
      ctx,
      `getQueryResults:${queryId}`,
      () =>
        fetchContactPages((cursor, pageLimit) =>
          ctx.session.api().call('getQueryResults', {
            query: { queryId, cursor, limit: pageLimit },
            timeoutMs: pageTimeoutMs,
          }),
        ),
      { contacts: [], complete: true },
      listFreshForMs,
    );
    return serviceWindow(ctx, kept, narrowing, offset, limit);
  },
});
