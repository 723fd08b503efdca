/**
 * local.db schema 1: what only this machine has, apart from the rebuildable cache (docs/ARCHITECTURE.md,
 * "Cache schema"). The tables are those cache schemas 3 to 5 held, column for column, so that an
 * existing cache's rows copy over unchanged (../local-split.ts):
 * - `settings`: key/value (server URL, user name, signed-in user);
 * - `downloads`: document → finished file or `.part` file and the content's SHA-256;
 * - `outbox`: edits in order, each with its Idempotency-Key (`id`) and If-Match, state and answer
 *   (docs/ARCHITECTURE.md, "The write path"); `id_map`: local ids of records created here → service ids;
 *   `refetch`: records to read again after a discarded edit; `drafts`: what a closed form held;
 * - `upload_queue`: uploads accepted and not landed (docs/ARCHITECTURE.md, "Transfers").
 * Times are ISO 8601 UTC text, sizes bytes.
 */
import type { Migration } from '../migrations/migration';

export const localTables: Migration = {
  version: 1,
  name: 'local-only tables',
  up: (db) =>
    db.exec(`
CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE downloads (
  document_id TEXT PRIMARY KEY, sha256 TEXT NOT NULL, local_path TEXT, part_path TEXT, updated_at TEXT NOT NULL
);
CREATE TABLE outbox (
  seq INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  kind TEXT NOT NULL CHECK (kind IN ('create', 'update', 'delete', 'action', 'upload')),
  record_type TEXT NOT NULL,
  record_id TEXT,
  operation_id TEXT NOT NULL,
  body TEXT NOT NULL,
  base TEXT,
  mine TEXT,
  if_match INTEGER,
  summary TEXT NOT NULL,
  state TEXT NOT NULL DEFAULT 'waiting' CHECK (state IN ('waiting', 'sending', 'conflict', 'refused')),
  message TEXT,
  field_errors TEXT,
  conflict TEXT,
  file TEXT,
  attempts INTEGER NOT NULL DEFAULT 0,
  created_at TEXT NOT NULL
);
CREATE INDEX outbox_by_record ON outbox (record_id);
CREATE TABLE id_map (
  local_id TEXT PRIMARY KEY, record_type TEXT NOT NULL, service_id TEXT UNIQUE, created_at TEXT NOT NULL
);
CREATE TABLE drafts (key TEXT PRIMARY KEY, value TEXT NOT NULL, saved_at TEXT NOT NULL);
CREATE TABLE refetch (record_type TEXT NOT NULL, id TEXT NOT NULL, PRIMARY KEY (record_type, id));
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
