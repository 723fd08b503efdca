/**
 * The write of one change-feed page: its changes and its cursor in one transaction, so that a
 * crash resumes from the last written page. Used on the main connection (inline writer) and on
 * the writer thread's own connection (page-writer-worker.ts). A page arrives as the feed answer's
 * body bytes and is parsed and validated against the contract here, before anything is written.
 */
import type { Database } from 'better-sqlite3';
import { type SyncedType, syncedTypes } from '../../../preload/contract';
import { parseAnswer } from '../api/answer';
import type { ApiNotification } from '../api/types';
import { type ChangeToApply, createChangeApplier } from '../cache/apply-changes';
import { beginBulkLoad, endBulkLoad, inBulkLoad } from '../cache/bulk-load';
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

/** Where a page stands in the feed, for `PageTransactions.write`. */
export interface PagePlace {
  /** The cache held a complete bootstrap before this page. */
  wasBootstrapped: boolean;
  /** The page was asked for without a cursor: the first of a bootstrap. */
  first: boolean;
  /** More pages follow this one. */
  hasMore: boolean;
}

/** Page writes over one connection. */
export interface PageTransactions {
  /**
   * Applies `changes` and stores `cursor` (and whether the bootstrap is complete: after this page,
   * when it was before or no more follow) atomically. The first page of a bootstrap that more
   * pages follow starts the bulk load (cache/bulk-load.ts) when this connection is cache.db's own;
   * the page that completes the bootstrap ends it, or the first page written `bulkLoadLimitMs`
   * after it started (on a slow link, search is then whole again while the rest arrives).
   */
  write(changes: readonly ChangeToApply[], cursor: string, place: PagePlace): PageWriteResult;
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
  /**
   * Commits the pages a bulk load left in an open transaction (`groupPages`); does nothing when none
   * is open. Returns whether there was one. Throws SQLite's error when the commit fails, after
   * rolling those pages back (the feed is then fetched again from the last committed cursor).
   */
  commitOpen(): boolean;
}

/** Options of createPageTransactions. */
export interface PageTransactionOptions {
  /** Gives the time, ms (tests). Default `Date.now`. */
  now?: () => number;
  /**
   * Lets the pages of a bulk load that neither start nor end it share one transaction, up to
   * `maxGroupPages`: the caller must call `commitOpen` as soon as no further page is at hand (the
   * writer thread does, `groupIdleMs` after a page), since until then the pages are not visible to
   * other connections and the transaction holds cache.db's write lock. Default false.
   */
  groupPages?: boolean;
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

/**
 * How long a bulk load may last, ms: the record tables' search indexes are missing while it runs,
 * so a bootstrap that takes longer (a slow link) builds them then and writes the rest row by row.
 * At the design scale on a fast link the whole bootstrap takes 3.1–3.6 s (docs/PERFORMANCE.md).
 */
export const bulkLoadLimitMs = 10_000;

/**
 * The writer connection's settings while a bulk load runs, and after (SQLite's defaults, as
 * database.ts `configure` leaves them), measured on the design-scale page writes:
 * - the write-ahead log is copied into the database every 16,000 pages (64 MB) instead of 1,000
 *   (https://sqlite.org/wal.html#automatic_checkpoint): the pages rewrite the same index pages over
 *   and over (3.1–3.3 s to 2.8 s);
 * - a 64 MiB page cache instead of 2 MiB, so a page's transaction does not spill the primary-key
 *   index it grows (4.1–4.5 s to 3.5–3.9 s at load average 2);
 * - `synchronous = OFF` (https://sqlite.org/pragma.html#pragma_synchronous): no fsync while the
 *   pages go in (to 2.7–2.9 s). An operating-system crash or power loss meanwhile can damage
 *   cache.db, which then holds nothing but what the service sends again: the damage is found at
 *   the next start and the file set aside and downloaded again (docs/ARCHITECTURE.md, "A damaged
 *   file"); what only this machine has is in local.db, never written this way. The page that ends
 *   the bulk load is followed by a checkpoint under `synchronous = NORMAL`, which syncs it all.
 */
const bulkSettings = ['wal_autocheckpoint = 16000', 'cache_size = -65536', 'synchronous = OFF'];
const normalSettings = ['wal_autocheckpoint = 1000', 'cache_size = -2000', 'synchronous = NORMAL'];

/**
 * The most bulk-load pages one transaction holds (`PageTransactionOptions.groupPages`). A commit
 * writes every database page its transaction changed to the write-ahead log, and a feed page's
 * inserts into the id and list indexes (UUID and name order, so all over them) change most of those
 * indexes' pages: at the design scale the commits of single pages wrote 592 MB of log for a 95 MB
 * cache, in groups of 8 pages 165 MB (page writes 2.0–2.2 s to 1.7–1.9 s; docs/PERFORMANCE.md row 1).
 */
export const maxGroupPages = 8;

/**
 * How long the writer thread keeps a group of pages open for the next page, ms: the next page is
 * sent within about a millisecond of the last one's result when its answer has already arrived.
 * Never longer than a main-thread write of cache.db may wait for the lock without being noticed.
 */
export const groupIdleMs = 10;

/** Prepares page writes on `db`. */
export function createPageTransactions(db: Database, options: PageTransactionOptions = {}): PageTransactions {
  const { now = Date.now, groupPages = false } = options;
  const applier = createChangeApplier(db);
  const state = createStateStore(db);
  // The bulk load drops and builds cache.db's structures by their unqualified names: only on its own connection.
  const bulkLoads = !(db.pragma('database_list') as { name: string }[]).some((schema) => schema.name === 'cache');
  // When this connection saw the bulk load under way first (a resumed one counts from then).
  let bulkStartedAt: number | null = null;
  const begin = db.prepare('BEGIN');
  const commit = db.prepare('COMMIT');
  const rollback = db.prepare('ROLLBACK');
  // Pages written in the transaction still open (0: none is).
  let openPages = 0;
  const writePage = (changes: readonly ChangeToApply[], cursor: string, place: PagePlace): PageWriteResult => {
    if (bulkLoads && place.first && place.hasMore && !place.wasBootstrapped) beginBulkLoad(db);
    const bulk = bulkLoads && !place.wasBootstrapped && inBulkLoad(db);
    if (bulk) bulkStartedAt ??= now();
    const result = applier.apply(changes, { deferDerived: bulk });
    const changedTypes = [...result.changedTypes];
    if (bulk && (!place.hasMore || now() - bulkStartedAt! > bulkLoadLimitMs)) {
      endBulkLoad(db);
      bulkStartedAt = null;
      changedTypes.splice(0, changedTypes.length, ...syncedTypes);
    }
    state.saveCursor(cursor, place.wasBootstrapped || !place.hasMore);
    return { applied: result.applied, changedTypes, newUnreadNotifications: result.newUnreadNotifications };
  };
  /** Rolls back the open transaction and the pages in it (nothing happens when none is open). */
  function abandonOpen(): void {
    openPages = 0;
    if (db.inTransaction) rollback.run();
  }
  function commitOpen(): boolean {
    if (openPages === 0) return false;
    openPages = 0;
    try {
      commit.run();
    } catch (err) {
      abandonOpen();
      throw err;
    }
    return true;
  }
  function write(changes: readonly ChangeToApply[], cursor: string, place: PagePlace): PageWriteResult {
    const wasBulk = bulkStartedAt !== null;
    if (openPages === 0) begin.run();
    let result: PageWriteResult;
    let isBulk: boolean;
    try {
      result = writePage(changes, cursor, place);
      openPages += 1;
      isBulk = bulkStartedAt !== null;
      // The pages that start and end a bulk load change the connection's settings after their commit.
      if (groupPages && wasBulk && isBulk && openPages < maxGroupPages) return result;
      commitOpen();
    } catch (err) {
      // Rolled back with the pages it shared a transaction with: the feed is fetched again from the
      // last committed cursor; a bulk load this page began (or found) is as it was before it.
      abandonOpen();
      if (!wasBulk) bulkStartedAt = null;
      throw err;
    }
    if (isBulk && !wasBulk) for (const setting of bulkSettings) db.pragma(setting);
    if (wasBulk && !isBulk) {
      for (const setting of normalSettings) db.pragma(setting);
      // Here, so that no commit on the main thread meets a long write-ahead log to copy.
      db.pragma('wal_checkpoint(PASSIVE)');
    }
    return result;
  }
  return {
    write,
    writeAnswer(body, bootstrapped, asked, onRead) {
      const page = parseAnswer('getChanges', 200, body);
      if (page.hasMore && page.nextCursor === asked) throw sameCursorError();
      const cursor: PageCursor = { nextCursor: page.nextCursor, hasMore: page.hasMore };
      onRead(cursor);
      const result = write(page.changes as ChangeToApply[], page.nextCursor, {
        wasBootstrapped: bootstrapped,
        first: asked === null,
        hasMore: page.hasMore,
      });
      return { ...result, ...cursor };
    },
    clear() {
      commitOpen();
      state.clearSyncedData();
    },
    commitOpen,
  };
}
