/**
 * The core's state beside the records: settings (server URL, user) and the record of local
 * downloads (in local.db), the sync state (cursor, lastSyncedAt) and the on-demand query cache (in
 * cache.db). Also the bulk clears used on sign-out, on a change of user, and on a 410 from the feed
 * (docs/ARCHITECTURE.md, "Cache schema": what survives what). Statements are prepared when first
 * used, so a connection that holds only cache.db (the sync writer thread) can use the sync state.
 */
import type { Database, Statement } from 'better-sqlite3';
import { keptTables, recordTables } from '../areas/tables';

/** The persisted position in the change feed. */
export interface SyncState {
  /** The last persisted `nextCursor`, or null before the first page. */
  cursor: string | null;
  /** True once a bootstrap reached its last page; later pages are deltas. */
  bootstrapped: boolean;
  /** ISO 8601 UTC time of the last complete sync, or null. */
  lastSyncedAt: string | null;
}

/** A local download: the finished file (`localPath`) or the partial one (`partPath`) of a document's content `sha256`. */
export interface DownloadRecord {
  documentId: string;
  sha256: string;
  localPath: string | null;
  partPath: string | null;
}

/** An answer kept from an on-demand query, with when it was fetched (ISO 8601 UTC). */
export interface CachedAnswer<T> {
  value: T;
  fetchedAt: string;
}

/** Reads and writes the state tables. */
export interface StateStore {
  getSetting(key: string): string | null;
  setSetting(key: string, value: string | null): void;
  getSyncState(): SyncState;
  /** Writes the cursor and bootstrapped flag (call inside the page's transaction). */
  saveCursor(cursor: string, bootstrapped: boolean): void;
  markSynced(at: string): void;
  getCached<T>(key: string): CachedAnswer<T> | null;
  putCached(key: string, value: unknown, fetchedAt: string): void;
  getDownload(documentId: string): DownloadRecord | null;
  putDownload(record: DownloadRecord): void;
  removeDownload(documentId: string): void;
  /** Deletes the synced records, the sync state, the query cache and the kept tables beside it (all in cache.db); keeps everything in local.db (410 rebuild). */
  clearSyncedData(): void;
  /**
   * Deletes everything that belongs to the signed-in user: synced data, downloads records, outbox, id
   * mapping, refetch list, drafts, upload and download queues (the caller removes the files kept for
   * notes and uploads). Settings stay.
   */
  clearUserData(): void;
}

/** A statement prepared on first use. */
function lazy(db: Database, sql: string, pluck = false): () => Statement {
  let statement: Statement | null = null;
  return () => {
    if (!statement) statement = pluck ? db.prepare(sql).pluck() : db.prepare(sql);
    return statement;
  };
}

/** The tables of local.db that hold the signed-in user's own data (settings stay: the server URL is not the user's). */
const usersLocalTables = ['downloads', 'outbox', 'id_map', 'refetch', 'drafts', 'upload_queue', 'download_queue'];

/** Creates the StateStore over `db` (local.db with cache.db attached, or cache.db alone for the sync state). */
export function createStateStore(db: Database): StateStore {
  const getSetting = lazy(db, 'SELECT value FROM settings WHERE key = ?', true);
  const putSetting = lazy(
    db,
    'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  );
  const deleteSetting = lazy(db, 'DELETE FROM settings WHERE key = ?');
  const getSync = lazy(db, 'SELECT cursor, bootstrapped, last_synced_at AS lastSyncedAt FROM sync_state WHERE id = 1');
  const putCursor = lazy(db, 'UPDATE sync_state SET cursor = ?, bootstrapped = ? WHERE id = 1');
  const putSynced = lazy(db, 'UPDATE sync_state SET last_synced_at = ? WHERE id = 1');
  const resetSync = lazy(
    db,
    'UPDATE sync_state SET cursor = NULL, bootstrapped = 0, last_synced_at = NULL WHERE id = 1',
  );
  const getAnswer = lazy(db, 'SELECT value, fetched_at AS fetchedAt FROM query_cache WHERE key = ?');
  const putAnswer = lazy(
    db,
    'INSERT INTO query_cache (key, value, fetched_at) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value, fetched_at = excluded.fetched_at',
  );
  const getDl = lazy(
    db,
    'SELECT document_id AS documentId, sha256, local_path AS localPath, part_path AS partPath FROM downloads WHERE document_id = ?',
  );
  const putDl = lazy(
    db,
    `INSERT INTO downloads (document_id, sha256, local_path, part_path, updated_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (document_id) DO UPDATE SET sha256 = excluded.sha256, local_path = excluded.local_path,
       part_path = excluded.part_path, updated_at = excluded.updated_at`,
  );
  const deleteDl = lazy(db, 'DELETE FROM downloads WHERE document_id = ?');
  const syncedTables = Object.values(recordTables).map((t) => t.table);

  const clearSyncedData = db.transaction(() => {
    for (const table of syncedTables) db.prepare(`DELETE FROM ${table}`).run();
    db.prepare('DELETE FROM query_cache').run();
    for (const table of keptTables) db.prepare(`DELETE FROM ${table}`).run();
    resetSync().run();
  });
  const clearUserData = db.transaction(() => {
    clearSyncedData();
    // Everything of the previous user's own: downloads, unsent edits and their id mapping, drafts, transfers.
    const present = new Set(db.prepare("SELECT name FROM main.sqlite_master WHERE type = 'table'").pluck().all());
    for (const table of usersLocalTables) if (present.has(table)) db.prepare(`DELETE FROM ${table}`).run();
  });

  return {
    getSetting: (key) => (getSetting().get(key) as string | undefined) ?? null,
    setSetting(key, value) {
      if (value === null) deleteSetting().run(key);
      else putSetting().run(key, value);
    },
    getSyncState() {
      const row = getSync().get() as { cursor: string | null; bootstrapped: number; lastSyncedAt: string | null };
      return { cursor: row.cursor, bootstrapped: row.bootstrapped === 1, lastSyncedAt: row.lastSyncedAt };
    },
    saveCursor: (cursor, bootstrapped) => void putCursor().run(cursor, bootstrapped ? 1 : 0),
    markSynced: (at) => void putSynced().run(at),
    getCached<T>(key: string) {
      const row = getAnswer().get(key) as { value: string; fetchedAt: string } | undefined;
      return row ? { value: JSON.parse(row.value) as T, fetchedAt: row.fetchedAt } : null;
    },
    putCached: (key, value, fetchedAt) => void putAnswer().run(key, JSON.stringify(value), fetchedAt),
    getDownload: (documentId) => (getDl().get(documentId) as DownloadRecord | undefined) ?? null,
    putDownload: (r) => void putDl().run(r.documentId, r.sha256, r.localPath, r.partPath, new Date().toISOString()),
    removeDownload: (documentId) => void deleteDl().run(documentId),
    clearSyncedData: () => clearSyncedData(),
    clearUserData: () => clearUserData(),
  };
}
