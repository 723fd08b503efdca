/**
 * Schema 5: the durable upload queue (docs/ARCHITECTURE.md, "Transfers"). One row per upload that
 * was accepted and has not landed yet: the folder it goes to, the file's name and size (bytes), the
 * path of the copy kept under `<data folder>/upload-queue/`, its own Idempotency-Key (made once, sent
 * with every attempt), `queued` (waiting or being sent) or `failed` (refused by the service, kept
 * until the user sends it again or cancels it), the attempts made, the last error, and when it was
 * queued (ISO 8601 UTC). Local-only: the 410 rebuild never clears it; a change of user does.
 */
import type { Migration } from './migration';

export const uploadQueue: Migration = {
  version: 5,
  name: 'upload queue',
  up: (db) =>
    db.exec(`
CREATE TABLE upload_queue (
  id TEXT PRIMARY KEY,
  idempotency_key TEXT NOT NULL UNIQUE,
  folder_id TEXT NOT NULL,
  name TEXT NOT NULL CHECK (length(name) > 0),
  size INTEGER NOT NULL CHECK (size > 0),
  file_path TEXT NOT NULL,
  state TEXT NOT NULL DEFAULT 'queued' CHECK (state IN ('queued', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  created_at TEXT NOT NULL
);
CREATE INDEX upload_queue_by_created ON upload_queue (created_at);
`),
};
