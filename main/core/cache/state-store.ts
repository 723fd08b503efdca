/**
 * The cache's local state: settings (server URL, user), the sync state (cursor, lastSyncedAt),
 * the on-demand query cache, and the record of local downloads. Also the bulk clears used on
 * sign-out, on a change of user, and on a 410 from the feed.
 */
import type { Database } from 'better-sqlite3';
import { recordTables } from '../areas/tables';

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

/** Reads and writes the local state tables. */
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
  /** Deletes the synced records, the sync state and the query cache; keeps outbox, upload queue, downloads and settings (410 rebuild). */
  clearSyncedData(): void;
  /**
   * Deletes everything that belongs to the signed-in user: synced data, downloads records, outbox, id
   * mapping, refetch list, drafts and upload queue (the caller removes the files kept for notes and
   * uploads).
   */
  clearUserData(): void;
}

/** Creates the StateStore over `db`. */
export function createStateStore(db: Database): StateStore {
  const getSetting = db.prepare('SELECT value FROM settings WHERE key = ?').pluck();
  const putSetting = db.prepare(
    'INSERT INTO settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  );
  const deleteSetting = db.prepare('DELETE FROM settings WHERE key = ?');
  const getSync = db.prepare(
    'SELECT cursor, bootstrapped, last_synced_at AS lastSyncedAt FROM sync_state WHERE id = 1',
  );
  const putCursor = db.prepare('UPDATE sync_state SET cursor = ?, bootstrapped = ? WHERE id = 1');
  const putSynced = db.prepare('UPDATE sync_state SET last_synced_at = ? WHERE id = 1');
  const resetSync = db.prepare(
    'UPDATE sync_state SET cursor = NULL, bootstrapped = 0, last_synced_at = NULL WHERE id = 1',
  );
  const getAnswer = db.prepare('SELECT value, fetched_at AS fetchedAt FROM query_cache WHERE key = ?');
  const putAnswer = db.prepare(
    'INSERT INTO query_cache (key, value, fetched_at) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value, fetched_at = excluded.fetched_at',
  );
  const getDl = db.prepare(
    'SELECT document_id AS documentId, sha256, local_path AS localPath, part_path AS partPath FROM downloads WHERE document_id = ?',
  );
  const putDl = db.prepare(
    `INSERT INTO downloads (document_id, sha256, local_path, part_path, updated_at) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (document_id) DO UPDATE SET sha256 = excluded.sha256, local_path = excluded.local_path,
       part_path = excluded.part_path, updated_at = excluded.updated_at`,
  );
  const deleteDl = db.prepare('DELETE FROM downloads WHERE document_id = ?');
  const syncedTables = Object.values(recordTables).map((t) => t.table);

  const clearSyncedData = db.transaction(() => {
    for (const table of syncedTables) db.prepare(`DELETE FROM ${table}`).run();
    db.prepare('DELETE FROM query_cache').run();
    resetSync.run();
  });
  const clearUserData = db.transaction(() => {
    clearSyncedData();
    db.prepare('DELETE FROM downloads').run();
    // Everything of the previous user's own: unsent edits and their id mapping, drafts, uploads.
    for (const table of ['outbox', 'id_map', 'refetch', 'drafts', 'upload_queue'])
      db.prepare(`DELETE FROM ${table}`).run();
  });

  return {
    getSetting: (key) => (getSetting.get(key) as string | undefined) ?? null,
    setSetting(key, value) {
      if (value === null) deleteSetting.run(key);
      else putSetting.run(key, value);
    },
    getSyncState() {
      const row = getSync.get() as { cursor: string | null; bootstrapped: number; lastSyncedAt: string | null };
      return { cursor: row.cursor, bootstrapped: row.bootstrapped === 1, lastSyncedAt: row.lastSyncedAt };
    },
    saveCursor: (cursor, bootstrapped) => void putCursor.run(cursor, bootstrapped ? 1 : 0),
    markSynced: (at) => void putSynced.run(at),
    getCached<T>(key: string) {
      const row = getAnswer.get(key) as { value: string; fetchedAt: string } | undefined;
      return row ? { value: JSON.parse(row.value) as T, fetchedAt: row.fetchedAt } : null;
    },
    putCached: (key, value, fetchedAt) => void putAnswer.run(key, JSON.stringify(value), fetchedAt),
    getDownload: (documentId) => (getDl.get(documentId) as DownloadRecord | undefined) ?? null,
    putDownload: (r) => void putDl.run(r.documentId, r.sha256, r.localPath, r.partPath, new Date().toISOString()),
    removeDownload: (documentId) => void deleteDl.run(documentId),
    clearSyncedData: () => clearSyncedData(),
    clearUserData: () => clearUserData(),
  };
}
