/**
 * Schema 4: the offline write path and wider search.
 * - `local_state` on every synced table: null when the row is the service's, else 'pending',
 *   'conflict' or 'refused' while an edit of this machine waits in the outbox.
 * - Contacts keep their phone digits reversed (`phone_rev`) in the search index, so a number is
 *   found by any trailing part of it however it is typed (api/full-text-query.ts).
 * - Search indexes of companies (name, industry, city) and calendar events (title, location).
 * - The outbox (edits in order, each with its Idempotency-Key and If-Match), the local-to-service
 *   id mapping, drafts, records to fetch again after a discarded edit, and the upload queue: all
 *   local-only, kept when the synced tables are rebuilt (docs/ARCHITECTURE.md, "The write path").
 */
import type { Database } from 'better-sqlite3';
import { reversedPhoneDigits } from '../../../../api/full-text-query';
import type { Migration } from './migration';

const syncedTables = ['contacts', 'companies', 'calendar_events', 'folders', 'documents', 'notifications'];

/** An external-content FTS5 table over `table` with its three triggers, filled from the table's rows. */
export function ftsTableSql(table: string, columns: readonly string[]): string {
  const fts = `${table}_fts`;
  const list = columns.join(', ');
  const news = columns.map((c) => `new.${c}`).join(', ');
  const olds = columns.map((c) => `old.${c}`).join(', ');
  const changed = columns.map((c) => `old.${c} IS NOT new.${c}`).join(' OR ');
  return `
CREATE VIRTUAL TABLE ${fts} USING fts5 (
  ${list},
  content = '${table}', content_rowid = 'rowid', tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3'
);
CREATE TRIGGER ${fts}_insert AFTER INSERT ON ${table} BEGIN
  INSERT INTO ${fts} (rowid, ${list}) VALUES (new.rowid, ${news});
END;
CREATE TRIGGER ${fts}_delete AFTER DELETE ON ${table} BEGIN
  INSERT INTO ${fts} (${fts}, rowid, ${list}) VALUES ('delete', old.rowid, ${olds});
END;
CREATE TRIGGER ${fts}_update AFTER UPDATE ON ${table} WHEN ${changed} BEGIN
  INSERT INTO ${fts} (${fts}, rowid, ${list}) VALUES ('delete', old.rowid, ${olds});
  INSERT INTO ${fts} (rowid, ${list}) VALUES (new.rowid, ${news});
END;
INSERT INTO ${fts} (${fts}) VALUES ('rebuild');
`;
}

const local = `
DROP TABLE outbox;
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
`;

function up(db: Database): void {
  for (const table of syncedTables) db.exec(`ALTER TABLE ${table} ADD COLUMN local_state TEXT`);
  db.exec(`
    ALTER TABLE contacts ADD COLUMN phone_rev TEXT;
    DROP TRIGGER contacts_fts_insert; DROP TRIGGER contacts_fts_delete; DROP TRIGGER contacts_fts_update;
    DROP TABLE contacts_fts;`);
  const setPhone = db.prepare('UPDATE contacts SET phone_rev = ? WHERE rowid = ?');
  for (const row of db.prepare('SELECT rowid, phone FROM contacts WHERE phone IS NOT NULL').iterate() as Iterable<{
    rowid: number;
    phone: string;
  }>) {
    setPhone.run(reversedPhoneDigits(row.phone), row.rowid);
  }
  db.exec(ftsTableSql('contacts', ['first_name', 'last_name', 'email', 'phone', 'company_name', 'phone_rev']));
  db.exec(ftsTableSql('companies', ['name', 'industry', 'city']));
  db.exec(ftsTableSql('calendar_events', ['title', 'location']));
  db.exec(local);
}

export const writePath: Migration = { version: 4, name: 'write path, phone and wider search', up };
