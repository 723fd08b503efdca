/** Schema 3: settings, sync state, the on-demand query cache, downloads and the first outbox. Released: never edited. */
import type { Migration } from './migration';

export const localState: Migration = {
  version: 3,
  name: 'settings, sync state, query cache, downloads, outbox',
  up: (db) =>
    db.exec(`
CREATE TABLE settings (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE sync_state (
  id INTEGER PRIMARY KEY CHECK (id = 1), cursor TEXT, bootstrapped INTEGER NOT NULL DEFAULT 0, last_synced_at TEXT
);
INSERT INTO sync_state (id) VALUES (1);
CREATE TABLE query_cache (key TEXT PRIMARY KEY, value TEXT NOT NULL, fetched_at TEXT NOT NULL);
CREATE TABLE downloads (
  document_id TEXT PRIMARY KEY, sha256 TEXT NOT NULL, local_path TEXT, part_path TEXT, updated_at TEXT NOT NULL
);
CREATE TABLE outbox (
  id INTEGER PRIMARY KEY AUTOINCREMENT, operation_id TEXT NOT NULL, idempotency_key TEXT NOT NULL UNIQUE,
  record_type TEXT, record_id TEXT, base_version INTEGER, payload TEXT NOT NULL,
  state TEXT NOT NULL DEFAULT 'pending' CHECK (state IN ('pending', 'conflict', 'failed')),
  attempts INTEGER NOT NULL DEFAULT 0, last_error TEXT, created_at TEXT NOT NULL
);
`),
};
