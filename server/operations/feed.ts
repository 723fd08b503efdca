/** Operation of the Feed group: `getFeedItems`, the signed-in user's activity feed. */
import { pageJson } from '../db/paging';
import type { OperationHandlers } from '../http/bind';
import type { OperationDeps } from './deps';

/** Handlers of the Feed group. */
export function feedHandlers(deps: OperationDeps): Pick<OperationHandlers, 'getFeedItems'> {
  return {
    getFeedItems: ({ query, userId }) =>
      pageJson(
        deps.repos.feedItems.list(userId, {
          kind: query.kind,
          since: query.since,
          cursor: query.cursor,
          limit: query.limit ?? 50,
        }),
      ),
  };
}
