/** Operation `getChanges`: the change feed (see sync/feed.ts). */
import type { ChangeType } from '../sync/feed';
import type { OperationHandlers } from '../http/bind';
import type { OperationDeps } from './deps';

/** Handlers of the Sync group. */
export function syncHandlers(deps: OperationDeps): Pick<OperationHandlers, 'getChanges'> {
  return {
    getChanges: ({ query, userId }) =>
      deps.store.feed.read({
        userId,
        cursor: query.cursor,
        limit: query.limit ?? 500,
        types: query.types ? (query.types.split(',') as ChangeType[]) : undefined,
      }),
  };
}
