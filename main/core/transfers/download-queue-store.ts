/**
 * The `download_queue` table (local.db schemas 2, 3 and 6, cache/local-migrations/002-download-queue.ts,
 * 003-email-attachment-downloads.ts, 006-download-crc32.ts):
 * downloads asked for and not finished yet, oldest first. Local-only; see docs/ARCHITECTURE.md,
 * "Transfers".
 */
import type { Database } from 'better-sqlite3';

/** One queued download as stored: what it fetches and what it checks the file against. */
export interface QueuedDownload {
  /** The transfer id, the same across restarts. */
  id: string;
  documentId: string;
  /** The document's name: the downloaded file is named after it (safe-file-name.ts). */
  name: string;
  /** The document's size, bytes: the download stops when the service sends more. */
  size: number;
  /** The document's SHA-256 (hex): its content's name; the finished file must match it when `crc32` is null. */
  sha256: string;
  /**
   * The document's CRC-32 (hex; local.db schema 6): the finished file must match it. Null for an
   * e-mail attachment, or a document whose record has none (checksum.ts, expectedChecksum).
   */
  crc32?: string | null;
  /** ISO 8601 UTC. */
  createdAt: string;
  /**
   * For an e-mail attachment, the e-mail whose message it is taken from (local.db schema 3); then
   * `documentId` is the attachment's id and name, size and SHA-256 are the attachment's. Null or
   * absent for a document.
   */
  emailId?: string | null;
}

/** Reads and writes the download queue. */
export interface DownloadQueueStore {
  /** The database the table lives in (a download lands in one transaction with its `downloads` row). */
  readonly db: Database;
  add(download: QueuedDownload): void;
  /** Every queued download, oldest first. */
  all(): QueuedDownload[];
  remove(id: string): void;
  /** Removes every row (the user's data is cleared). */
  clear(): void;
}

/** Creates the DownloadQueueStore over `db`. */
export function createDownloadQueueStore(db: Database): DownloadQueueStore {
  const insert = db.prepare(
    `INSERT INTO download_queue (id, document_id, name, size, sha256, crc32, created_at, email_id)
     VALUES (@id, @documentId, @name, @size, @sha256, @crc32, @createdAt, @emailId)`,
  );
  const everything = db.prepare(
    `SELECT id, document_id AS documentId, name, size, sha256, crc32, created_at AS createdAt, email_id AS emailId
     FROM download_queue ORDER BY created_at, rowid`,
  );
  const del = db.prepare('DELETE FROM download_queue WHERE id = ?');
  const delAll = db.prepare('DELETE FROM download_queue');
  return {
    db,
    add: (download) =>
      void insert.run({ ...download, crc32: download.crc32 ?? null, emailId: download.emailId ?? null }),
    all: () => everything.all() as QueuedDownload[],
    remove: (id) => void del.run(id),
    clear: () => void delAll.run(),
  };
}
