/**
 * The cache schema, as numbered migrations applied in order under `PRAGMA user_version`
 * (see database.ts). A migration is never edited once released; changes come as new migrations.
 *
 * Record tables hold the contract's records in typed columns (timestamps as ISO 8601 UTC text;
 * calendar instants also as epoch ms for range queries). `contacts.company_name` is a copy of the
 * company's name, kept by the sync apply step, so that lists and search need no join.
 */
import type { Database } from 'better-sqlite3';

/** One schema step. `up` runs inside a transaction together with the user_version bump. */
export interface Migration {
  version: number;
  name: string;
  up(db: Database): void;
}

const records = `
CREATE TABLE companies (
  id TEXT PRIMARY KEY, version INTEGER NOT NULL, name TEXT NOT NULL, industry TEXT, website TEXT, phone TEXT,
  street TEXT, city TEXT, postal_code TEXT, country TEXT, created_at TEXT NOT NULL, updated_at TEXT NOT NULL
);
CREATE TABLE contacts (
  id TEXT PRIMARY KEY, version INTEGER NOT NULL, first_name TEXT NOT NULL, last_name TEXT NOT NULL,
  email TEXT, phone TEXT, job_title TEXT, company_id TEXT, company_name TEXT, type TEXT NOT NULL, state TEXT NOT NULL,
  city TEXT, country TEXT, created_at TEXT NOT NULL, updated_at TEXT NOT NULL
);
CREATE INDEX contacts_by_name ON contacts (last_name COLLATE NOCASE, first_name COLLATE NOCASE, id);
CREATE INDEX contacts_by_company ON contacts (company_id);
CREATE TABLE calendar_events (
  id TEXT PRIMARY KEY, version INTEGER NOT NULL, title TEXT NOT NULL, description TEXT, location TEXT,
  starts_at TEXT NOT NULL, ends_at TEXT NOT NULL, starts_ms INTEGER NOT NULL, ends_ms INTEGER NOT NULL,
  all_day INTEGER NOT NULL, status TEXT NOT NULL, organizer_id TEXT NOT NULL, recipient_count INTEGER NOT NULL,
  created_at TEXT NOT NULL, updated_at TEXT NOT NULL
);
CREATE INDEX calendar_events_by_start ON calendar_events (starts_ms);
CREATE TABLE folders (
  id TEXT PRIMARY KEY, version INTEGER NOT NULL, parent_id TEXT, name TEXT NOT NULL,
  created_at TEXT NOT NULL, updated_at TEXT NOT NULL
);
CREATE TABLE documents (
  id TEXT PRIMARY KEY, version INTEGER NOT NULL, folder_id TEXT NOT NULL, name TEXT NOT NULL, title TEXT NOT NULL,
  content_type TEXT NOT NULL, size INTEGER NOT NULL, sha256 TEXT NOT NULL, state TEXT NOT NULL, owner_id TEXT NOT NULL,
  created_at TEXT NOT NULL, updated_at TEXT NOT NULL
);
CREATE INDEX documents_by_folder ON documents (folder_id, name COLLATE NOCASE, id);
CREATE TABLE notifications (
  id TEXT PRIMARY KEY, version INTEGER NOT NULL, kind TEXT NOT NULL, title TEXT NOT NULL, body TEXT NOT NULL,
  state TEXT NOT NULL, resource_type TEXT, resource_id TEXT, created_at TEXT NOT NULL, updated_at TEXT NOT NULL
);
CREATE INDEX notifications_by_created ON notifications (created_at);
`;

// External-content FTS5 tables (https://sqlite.org/fts5.html §4.4.3) kept by triggers; prefix indexes
// of 1 to 3 characters make short per-word prefix queries ("da* re*") cheap.
const search = `
CREATE VIRTUAL TABLE contacts_fts USING fts5 (
  first_name, last_name, email, phone, company_name,
  content = 'contacts', content_rowid = 'rowid', tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3'
);
CREATE TRIGGER contacts_fts_insert AFTER INSERT ON contacts BEGIN
  INSERT INTO contacts_fts (rowid, first_name, last_name, email, phone, company_name)
  VALUES (new.rowid, new.first_name, new.last_name, new.email, new.phone, new.company_name);
END;
CREATE TRIGGER contacts_fts_delete AFTER DELETE ON contacts BEGIN
  INSERT INTO contacts_fts (contacts_fts, rowid, first_name, last_name, email, phone, company_name)
  VALUES ('delete', old.rowid, old.first_name, old.last_name, old.email, old.phone, old.company_name);
END;
CREATE TRIGGER contacts_fts_update AFTER UPDATE ON contacts
WHEN old.first_name IS NOT new.first_name OR old.last_name IS NOT new.last_name OR old.email IS NOT new.email
  OR old.phone IS NOT new.phone OR old.company_name IS NOT new.company_name
BEGIN
  INSERT INTO contacts_fts (contacts_fts, rowid, first_name, last_name, email, phone, company_name)
  VALUES ('delete', old.rowid, old.first_name, old.last_name, old.email, old.phone, old.company_name);
  INSERT INTO contacts_fts (rowid, first_name, last_name, email, phone, company_name)
  VALUES (new.rowid, new.first_name, new.last_name, new.email, new.phone, new.company_name);
END;
CREATE VIRTUAL TABLE documents_fts USING fts5 (
  name, title,
  content = 'documents', content_rowid = 'rowid', tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3'
);
CREATE TRIGGER documents_fts_insert AFTER INSERT ON documents BEGIN
  INSERT INTO documents_fts (rowid, name, title) VALUES (new.rowid, new.name, new.title);
END;
CREATE TRIGGER documents_fts_delete AFTER DELETE ON documents BEGIN
  INSERT INTO documents_fts (documents_fts, rowid, name, title) VALUES ('delete', old.rowid, old.name, old.title);
END;
CREATE TRIGGER documents_fts_update AFTER UPDATE ON documents
WHEN old.name IS NOT new.name OR old.title IS NOT new.title
BEGIN
  INSERT INTO documents_fts (documents_fts, rowid, name, title) VALUES ('delete', old.rowid, old.name, old.title);
  INSERT INTO documents_fts (rowid, name, title) VALUES (new.rowid, new.name, new.title);
END;
`;

const local = `
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
`;

/** All migrations, in order. The last one's version is the schema version this build writes. */
export const migrations: readonly Migration[] = [
  { version: 1, name: 'record tables', up: (db) => db.exec(records) },
  { version: 2, name: 'full-text search', up: (db) => db.exec(search) },
  { version: 3, name: 'settings, sync state, query cache, downloads, outbox', up: (db) => db.exec(local) },
];
