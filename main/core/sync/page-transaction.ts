/**
 * The write of one change-feed page: its changes and its cursor in one transaction, so that a
 * crash resumes from the last written page. Used on the main connection (inline writer) and on
 * the writer thread's own connection (page-writer-worker.ts). A page arrives as the feed answer's
 * body bytes and is parsed and validated against the contract here, before anything is written.
 */
import type { Database } from 'better-sqlite3';
import type { SyncedType } from '../../../preload/contract';
import { parseAnswer } from '../api/answer';
import type { ApiNotification } from '../api/types';
import { type ChangeToApply, createChangeApplier } from '../cache/apply-changes';
import { createStateStore } from '../cache/state-store';
import { ServiceError } from '../errors';

/** What writing a page did, in a form that can cross a thread boundary (plain arrays). */
export interface PageWriteResult {
  applied: Partial<Record<SyncedType, number>>;
  changedTypes: SyncedType[];
  newUnreadNotifications: ApiNotification[];
}

/** Where a page leaves the feed: the cursor after it (always persistable) and whether more pages follow. */
export interface PageCursor {
  nextCursor: string;
  hasMore: boolean;
}

/** What writing a feed answer did, and the cursor it stored. */
export type FeedPageResult = PageWriteResult & PageCursor;

/** Page writes over one connection. */
export interface PageTransactions {
  /** Applies `changes` and stores `cursor` (and whether the bootstrap is complete) atomically. */
  write(changes: readonly ChangeToApply[], cursor: string, bootstrapped: boolean): PageWriteResult;
  /**
   * Reads a `getChanges` answer body (UTF-8 JSON bytes of a ChangePage), then writes its changes and
   * `nextCursor` in one transaction. `bootstrapped` says whether the cache already holds a complete
   * bootstrap; the stored flag becomes true with the page that has no more after it. `asked` is the
   * cursor the page was asked for with (null for the first page of a bootstrap). `onRead` gets the
   * page's cursor once the page is valid and before it is written (to fetch the next page
   * meanwhile). Throws ServiceError('server_error') for an unreadable or invalid page, and for a
   * page that says more follow but gives back the cursor it was asked with (the next fetch would
   * get the same page again, for ever: see `sameCursorError`), writing nothing; SQLite errors roll
   * the transaction back.
   */
  writeAnswer(
    body: ArrayBuffer,
    bootstrapped: boolean,
    asked: string | null,
    onRead: (cursor: PageCursor) => void,
  ): FeedPageResult;
  /** Deletes the synced records and the sync state (for a 410); keeps outbox and downloads. */
  clear(): void;
}

/**
 * The error for a feed that does not move on: a page that says more pages follow but whose
 * `nextCursor` is the cursor it was asked with (or one asked for earlier in the same run), so that
 * fetching on would get the same pages again and again. Sync stops and retries later with backoff.
 */
export function sameCursorError(): ServiceError {
  return new ServiceError(
    'server_error',
    'The BRM service sent the same page of changes again instead of the next one, so sync stopped. BRM Desktop tries again later; if it keeps happening, contact your administrator.',
    502,
  );
}

/** Prepares page writes on `db`. */
export function createPageTransactions(db: Database): PageTransactions {
  const applier = createChangeApplier(db);
  const state = createStateStore(db);
  const write = db.transaction(
    (changes: readonly ChangeToApply[], cursor: string, bootstrapped: boolean): PageWriteResult => {
      const result = applier.apply(changes);
      state.saveCursor(cursor, bootstrapped);
      return {
        applied: result.applied,
        changedTypes: [...result.changedTypes],
        newUnreadNotifications: result.newUnreadNotifications,
      };
    },
  );
  return {
    write,
    writeAnswer(body, bootstrapped, asked, onRead) {
      const page = parseAnswer('getChanges', 200, body);
      if (page.hasMore && page.nextCursor === asked) throw sameCursorError();
      const cursor: PageCursor = { nextCursor: page.nextCursor, hasMore: page.hasMore };
      onRead(cursor);
      const result = write(page.changes as ChangeToApply[], page.nextCursor, bootstrapped || !page.hasMore);
      return { ...result, ...cursor };
    },
    clear: () => state.clearSyncedData(),
  };
}
