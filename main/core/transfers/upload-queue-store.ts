/**
 * The `upload_queue` table of local.db (cache/local-migrations/001-local-tables.ts): uploads
 * accepted and not landed yet, oldest first. See docs/ARCHITECTURE.md, "Transfers".
 */
import type { Database } from 'better-sqlite3';

/**
 * The operation that sends a queued upload (local.db schema 4): a document into a folder, or an
 * import mapping file (api/openapi.yaml `uploadImportMapping`).
 */
export type UploadOperation = 'uploadDocument' | 'uploadImportMapping';

/** One queued upload as stored. */
export interface QueuedUpload {
  /** The transfer id, the same across restarts. */
  id: string;
  /** Sent with every attempt (api/openapi.yaml, uploadDocument). */
  idempotencyKey: string;
  /** The folder a document goes into; '' for an import mapping file. */
  folderId: string;
  /** The operation that sends it (absent in rows written before local.db schema 4: `uploadDocument`). */
  operation?: UploadOperation;
  /** The document name to give the file. */
  name: string;
  /** Bytes. */
  size: number;
  /** Where its bytes are read from: the user's own file while `sourceMtimeMs` is set, else the copy kept under `<data folder>/upload-queue/`. */
  filePath: string;
  /**
   * The user's file's modification time when it was added (ms since 1970-01-01 UTC) while the upload
   * is sent from that file (local.db schema 5); null once the queue keeps its own copy. Absent in
   * rows written before: null.
   */
  sourceMtimeMs?: number | null;
  /** `queued`: waiting or being sent; `failed`: refused by the service, waiting for the user. */
  state: 'queued' | 'failed';
  /** Attempts started so far. */
  attempts: number;
  /** What the last attempt ran into, as shown to the user; null before any failure. */
  lastError: string | null;
  /** ISO 8601 UTC. */
  createdAt: string;
}

/** Reads and writes the upload queue. */
export interface UploadQueueStore {
  add(upload: QueuedUpload): void;
  /** Every queued upload, oldest first. */
  all(): QueuedUpload[];
  /** Counts an attempt that starts now. Bookkeeping: a failure to write is reported (see createUploadQueueStore), not thrown. */
  attempted(id: string): void;
  /**
   * Records the state and the error to show. Bookkeeping: a failure to write (a full disk) is
   * reported, not thrown, so the queue goes on in memory; the row keeps its last recorded state.
   */
  setState(id: string, state: QueuedUpload['state'], lastError: string | null): void;
  remove(id: string): void;
  /** Records that upload `id` is now read from the queue's own copy at `filePath`. */
  kept(id: string, filePath: string): void;
}

const columns = `id, idempotency_key AS idempotencyKey, folder_id AS folderId, name, size, file_path AS filePath,
  state, attempts, last_error AS lastError, created_at AS createdAt, operation, source_mtime_ms AS sourceMtimeMs`;

/**
 * Creates the UploadQueueStore over `db`. `bookkeepingFailed` hears of the writes of `attempted` and
 * `setState` that failed (e.g. the storage guard, main/core/storage-guard.ts); without it they are logged.
 */
export function createUploadQueueStore(
  db: Database,
  bookkeepingFailed: (err: unknown) => void = (err) =>
    console.error('BRM Desktop: the upload queue could not record a change:', err),
): UploadQueueStore {
  const insert = db.prepare(
    `INSERT INTO upload_queue (id, idempotency_key, folder_id, name, size, file_path, state, attempts, last_error, created_at, operation, source_mtime_ms)
     VALUES (@id, @idempotencyKey, @folderId, @name, @size, @filePath, @state, @attempts, @lastError, @createdAt, @operation, @sourceMtimeMs)`,
  );
  const everything = db.prepare(`SELECT ${columns} FROM upload_queue ORDER BY created_at, rowid`);
  const countAttempt = db.prepare('UPDATE upload_queue SET attempts = attempts + 1 WHERE id = ?');
  const putState = db.prepare('UPDATE upload_queue SET state = ?, last_error = ? WHERE id = ?');
  const del = db.prepare('DELETE FROM upload_queue WHERE id = ?');
  const putKept = db.prepare('UPDATE upload_queue SET file_path = ?, source_mtime_ms = NULL WHERE id = ?');
  return {
    add: (upload) =>
      void insert.run({
        ...upload,
        operation: upload.operation ?? 'uploadDocument',
        sourceMtimeMs: upload.sourceMtimeMs ?? null,
      }),
    all: () => everything.all() as QueuedUpload[],
    attempted(id) {
      try {
        countAttempt.run(id);
      } catch (err) {
        bookkeepingFailed(err);
      }
    },
    setState(id, state, lastError) {
      try {
        putState.run(state, lastError, id);
      } catch (err) {
        bookkeepingFailed(err);
      }
    },
    remove: (id) => void del.run(id),
    kept: (id, filePath) => void putKept.run(filePath, id),
  };
}
