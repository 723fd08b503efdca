/**
 * Handlers of the listing checks: the calendar range, the notifications list (or the dismissed ones)
 * and one folder on screen, each checked against the service's own list operation by the shared
 * `checkListing` (../listing-check.ts). Also the dismissed notifications the cache keeps: the change
 * feed carries a dismissed notification as an upsert with `state: dismissed`, so the cache holds
 * them and "Show dismissed" reads them here, offline too.
 */
import type { NotListedRecord } from '../../../../preload/contract';
import type { AreaHandlers } from '../context';
import { type ListedRecord, type ListingSource, checkListing } from '../listing-check';
import { createKeptScopes } from './kept-scopes';

type Names =
  | 'calendar.checkRange'
  | 'notifications.checkList'
  | 'documents.checkFolder'
  | 'notifications.listDismissed';

/** How long one page of a check may take, ms. */
const timeoutMs = 15_000;

const listed =
  (type: ListedRecord['type']) =>
  (record: { id: string; version: number }): ListedRecord => ({
    type,
    record,
  });

/** Creates the listing-check handlers. */
export const listingCheckHandlers: AreaHandlers<Names> = (ctx) => {
  const api = () => ctx.session.api();
  // Prepared on first use: the handlers are assembled before the cache is looked at.
  let prepared: ReturnType<typeof createKeptScopes> | null = null;
  const kept = () => {
    prepared ??= createKeptScopes(ctx.cache.db);
    return prepared;
  };

  return {
    'calendar.checkRange': async ({ from, to }) => {
      const source: ListingSource = {
        what: 'the calendar events of this range',
        page: async (cursor, limit) => {
          const page = await api().call('listCalendarEvents', { query: { from, to, limit, cursor }, timeoutMs });
          return { items: page.items.map(listed('calendarEvent')), nextCursor: page.nextCursor };
        },
        keptInScope: () =>
          ctx.stores.calendar
            .listEvents(Date.parse(from), Date.parse(to))
            .map((e): NotListedRecord => ({ type: 'calendarEvent', id: e.id, label: e.title })),
      };
      return checkListing(ctx, source);
    },

    'notifications.checkList': async ({ state }) => {
      const dismissed = state === 'dismissed';
      const source: ListingSource = {
        what: dismissed ? 'your dismissed notifications' : 'your notifications',
        page: async (cursor, limit) => {
          const page = await api().call('getNotifications', {
            query: { limit, cursor, ...(dismissed ? { state: 'dismissed' as const } : {}) },
            timeoutMs,
          });
          return { items: page.items.map(listed('notification')), nextCursor: page.nextCursor };
        },
        keptInScope: () => kept().notifications(dismissed),
      };
      return checkListing(ctx, source);
    },

    'documents.checkFolder': async ({ folderId }) => {
      if (folderId && ctx.outbox.forRecord(ctx.writes.currentId(folderId)).some((e) => e.kind === 'create'))
        return {
          outcome: 'unavailable',
          message:
            'This folder was made on this computer and has not reached the service yet, so the service cannot list it. Check again once it is sent (see Pending changes).',
          checkedAt: new Date().toISOString(),
        };
      const scopeId = folderId ?? kept().topFolderId();
      const source: ListingSource = {
        what: 'the documents of this folder',
        notFound:
          'The service no longer has this folder. It stays here until sync confirms that it was deleted or moved.',
        page: async (cursor, limit) => {
          const page = await api().call('listFolderDocuments', {
            query: { ...(folderId ? { folderId } : {}), limit, cursor },
            timeoutMs,
          });
          return {
            items: [...page.folders.map(listed('folder')), ...page.items.map(listed('document'))],
            nextCursor: page.nextCursor,
            alsoKeep: [listed('folder')(page.folder)],
          };
        },
        keptInScope: () => (scopeId ? kept().folderContent(scopeId) : []),
      };
      return checkListing(ctx, source);
    },

    'notifications.listDismissed': async () => kept().dismissedNotifications(),
  };
};
