/** Schema 1: the record tables of the synced types (ISO 8601 UTC text; calendar instants also as epoch ms). Released: never edited. */
import type { Migration } from './migration';

export const recordTables: Migration = {
  version: 1,
  name: 'record tables',
  up: (db) =>
    db.exec(`
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
`),
};
