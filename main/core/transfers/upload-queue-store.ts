/**
 * The `upload_queue` table (cache schema 5, migrations/005-upload-queue.ts): uploads accepted and
 * not landed yet, oldest first. Local-only; see docs/ARCHITECTURE.md, "Transfers".
 */
import type { Database } from 'better-sqlite3';

/** One queued upload as stored. */
export interface QueuedUpload {
  /** The transfer id, the same across restarts. */
  id: string;
  /** Sent with every attempt (api/openapi.yaml, uploadDocument). */
  idempotencyKey: string;
  folderId: string;
  /** The document name to give the file. */
  name: string;
  /** Bytes. */
  size: number;
  /** The copy kept under `<data folder>/upload-queue/`. */
  filePath: string;
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
  /** Counts an attempt that starts now. */
  attempted(id: string): void;
  /** Records the state and the error to show. */
  setState(id: string, state: QueuedUpload['state'], lastError: string | null): void;
  remove(id: string): void;
}

const columns = `id, idempotency_key AS idempotencyKey, folder_id AS folderId, name, size, file_path AS filePath,
  state, attempts, last_error AS lastError, created_at AS createdAt`;

/** Creates the UploadQueueStore over `db`. */
export function createUploadQueueStore(db: Database): UploadQueueStore {
  const insert = db.prepare(
    `INSERT INTO upload_queue (id, idempotency_key, folder_id, name, size, file_path, state, attempts, last_error, created_at)
     VALUES (@id, @idempotencyKey, @folderId, @name, @size, @filePath, @state, @attempts, @lastError, @createdAt)`,
  );
  const everything = db.prepare(`SELECT ${columns} FROM upload_queue ORDER BY created_at, rowid`);
  const countAttempt = db.prepare('UPDATE upload_queue SET attempts = attempts + 1 WHERE id = ?');
  const putState = db.prepare('UPDATE upload_queue SET state = ?, last_error = ? WHERE id = ?');
  const del = db.prepare('DELETE FROM upload_queue WHERE id = ?');
  return {
    add: (upload) => void insert.run(upload),
    all: () => everything.all() as QueuedUpload[],
    attempted: (id) => void countAttempt.run(id),
    setState: (id, state, lastError) => void putState.run(state, lastError, id),
    remove: (id) => void del.run(id),
  };
}
