/**
 * Operation `getChanges`: the change feed (see sync/feed.ts). A delta request with
 * `Prefer: wait=N` (RFC 7240) that finds no change is held until one comes for the caller, N
 * seconds pass, its client goes away or the service stops (sync/feed-waits.ts), and is answered
 * with `Preference-Applied: wait=N`.
 */
import type { ChangeType } from '../sync/feed';
import { preferredWaitSeconds } from '../sync/feed-waits';
import type { OperationHandlers } from '../http/bind';
import type { OperationDeps } from './deps';

/** Handlers of the Sync group. */
export function syncHandlers(deps: OperationDeps): Pick<OperationHandlers, 'getChanges'> {
  return {
    getChanges: async ({ query, headers, userId, reply }) => {
      const feed = deps.store.feed;
      const input = {
        userId,
        cursor: query.cursor,
        limit: query.limit ?? 500,
        types: query.types ? (query.types.split(',') as ChangeType[]) : undefined,
      };
      const waitSeconds = query.cursor ? preferredWaitSeconds(headers.Prefer, feed.waits.maxSeconds) : null;
      if (waitSeconds === null || feed.waits.maxSeconds === 0) return feed.read(input);
      // Said for `wait=0` too: a client learns from any delta answer that it may hold a request here.
      reply.header('Preference-Applied', `wait=${waitSeconds}`);
      if (waitSeconds === 0) return feed.read(input);
      const deadline = Date.now() + waitSeconds * 1000;
      // The client going away ends the wait (its answer would reach nobody).
      const gone = new AbortController();
      reply.raw.once('close', () => gone.abort());
      for (;;) {
        const page = feed.readPage(input);
        const left = deadline - Date.now();
        if (page.count > 0 || left <= 0 || gone.signal.aborted || feed.waits.stopping) return page.json;
        await feed.waits.wait(left, gone.signal);
      }
    },
  };
}
