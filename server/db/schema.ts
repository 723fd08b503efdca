/**
 * The service's SQLite schema and connection settings. Entity tables keep the columns that queries
 * filter and sort on, plus `data`: the record's JSON exactly as the contract shapes it, so lists and
 * the change feed splice stored JSON instead of re-serializing rows.
 */
import Database from 'better-sqlite3';
import { nameKeysDdl } from './unique-names';

/** A better-sqlite3 connection. */
export type Db = Database.Database;

/**
 * Schema version stored in `PRAGMA user_version`: 1 for the core tables, 2 adds the areas' tables,
 * 3 adds refresh-token families (`./users.ts`), 4 indexes the documents that lack `crc32` (contract
 * 0.5.0; filled in at start-up by `./document-crc32-backfill.ts`), 5 gives folders and groups an
 * `ownerId` (contract 0.6.0), 6 adds the name keys of names that must be unique
 * (`./unique-names.ts`; filled in at start-up by `backfillNameKeys`, `./record-table.ts`).
 */
export const schemaVersion = 6;

const coreDdl = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);

CREATE TABLE companies (
  id TEXT PRIMARY KEY, name TEXT NOT NULL COLLATE NOCASE, updated_at TEXT NOT NULL,
  version INTEGER NOT NULL, data TEXT NOT NULL);
CREATE INDEX companies_name ON companies (name, id);
CREATE INDEX companies_updated ON companies (updated_at, id);
CREATE VIRTUAL TABLE company_search USING fts5 (text, tokenize = 'unicode61 remove_diacritics 2');

CREATE TABLE contacts (
  id TEXT PRIMARY KEY, last_name TEXT NOT NULL COLLATE NOCASE, first_name TEXT NOT NULL COLLATE NOCASE,
  company_id TEXT REFERENCES companies (id), state TEXT NOT NULL, updated_at TEXT NOT NULL,
  version INTEGER NOT NULL, data TEXT NOT NULL);
CREATE INDEX contacts_name ON contacts (last_name, first_name, id);
CREATE INDEX contacts_updated ON contacts (updated_at, id);
CREATE INDEX contacts_company ON contacts (company_id);
CREATE VIRTUAL TABLE contact_search USING fts5 (text, tokenize = 'unicode61 remove_diacritics 2');

CREATE TABLE users (
  id TEXT PRIMARY KEY REFERENCES contacts (id), email TEXT NOT NULL UNIQUE COLLATE NOCASE,
  password_hash TEXT NOT NULL, roles TEXT NOT NULL);
CREATE TABLE access_tokens (
  token_hash TEXT PRIMARY KEY, user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE, expires_at TEXT NOT NULL);
CREATE TABLE refresh_tokens (
  token_hash TEXT PRIMARY KEY, user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE, expires_at TEXT NOT NULL);

CREATE TABLE calendar_events (
  id TEXT PRIMARY KEY, starts_at TEXT NOT NULL, ends_at TEXT NOT NULL, updated_at TEXT NOT NULL,
  version INTEGER NOT NULL, data TEXT NOT NULL);
CREATE INDEX calendar_events_starts ON calendar_events (starts_at, id);
CREATE TABLE calendar_recipients (
  event_id TEXT NOT NULL REFERENCES calendar_events (id) ON DELETE CASCADE, email TEXT NOT NULL COLLATE NOCASE,
  name TEXT NOT NULL COLLATE NOCASE, contact_id TEXT, response TEXT NOT NULL, PRIMARY KEY (event_id, email));
CREATE INDEX calendar_recipients_name ON calendar_recipients (event_id, name, email);

CREATE TABLE folders (
  id TEXT PRIMARY KEY, parent_id TEXT REFERENCES folders (id), name TEXT NOT NULL COLLATE NOCASE,
  updated_at TEXT NOT NULL, version INTEGER NOT NULL, data TEXT NOT NULL);
CREATE INDEX folders_parent ON folders (parent_id, name);

CREATE TABLE documents (
  id TEXT PRIMARY KEY, folder_id TEXT NOT NULL REFERENCES folders (id), name TEXT NOT NULL COLLATE NOCASE,
  updated_at TEXT NOT NULL, version INTEGER NOT NULL, data TEXT NOT NULL);
CREATE INDEX documents_folder ON documents (folder_id, name, id);
CREATE VIRTUAL TABLE document_search USING fts5 (text, tokenize = 'unicode61 remove_diacritics 2');

CREATE TABLE notifications (
  id TEXT PRIMARY KEY, user_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE, state TEXT NOT NULL,
  created_at TEXT NOT NULL, updated_at TEXT NOT NULL, version INTEGER NOT NULL, data TEXT NOT NULL);
CREATE INDEX notifications_user ON notifications (user_id, created_at, id);

CREATE TABLE changes (
  seq INTEGER PRIMARY KEY AUTOINCREMENT, type TEXT NOT NULL, id TEXT NOT NULL, op TEXT NOT NULL,
  version INTEGER NOT NULL, data TEXT, owner_id TEXT, changed_at TEXT NOT NULL, UNIQUE (type, id));
CREATE INDEX changes_tombstones ON changes (op, changed_at) WHERE op = 'delete';

CREATE TABLE idempotency (
  user_id TEXT NOT NULL, key TEXT NOT NULL, operation_id TEXT NOT NULL, status INTEGER,
  etag TEXT, body TEXT, created_at TEXT NOT NULL, PRIMARY KEY (user_id, key));
`;

/**
 * Version 3: every refresh token and access token belongs to a family started by a sign-in
 * (`family_id`); a rotated refresh token is kept, marked `used_at`, until it expires, so that its
 * reuse can be told from an unknown token. Tokens issued before have no family: each such refresh
 * token becomes a family of its own.
 */
const tokenFamiliesDdl = `
ALTER TABLE access_tokens ADD COLUMN family_id TEXT;
ALTER TABLE refresh_tokens ADD COLUMN family_id TEXT;
ALTER TABLE refresh_tokens ADD COLUMN used_at TEXT;
UPDATE refresh_tokens SET family_id = token_hash;
CREATE INDEX access_tokens_family ON access_tokens (family_id);
CREATE INDEX refresh_tokens_family ON refresh_tokens (family_id);
`;

/**
 * The condition (SQL, on `documents`) of a document stored before contract 0.5.0, without `crc32`.
 * A query must use it word for word for SQLite to read the partial index below.
 */
export const documentLacksCrc32 = "json_extract(data, '$.crc32') IS NULL";

/**
 * Version 4: contract 0.5.0 requires `crc32` on every Document. Documents stored before it lack the
 * field until the start-up backfill (`./document-crc32-backfill.ts`) reads their files; this partial
 * index holds exactly those documents, so that the backfill finds them, or finds that there are none
 * (every start after the first), by reading an index that is empty. Every write validates the record
 * against the contract (`./record-table.ts`), so no document enters it afterwards.
 */
const documentsWithoutCrc32Ddl = `
CREATE INDEX documents_without_crc32 ON documents (id) WHERE ${documentLacksCrc32};
`;

/**
 * Version 5: contract 0.6.0 gives every folder and group an `ownerId` (the user who created it),
 * which its access rules compare with the caller. Who made the ones stored before is not known, so
 * they get null: only managers and admins may change them (`api/openapi.yaml`, `x-access`). The
 * change feed's copies of folders get the field too, so that a bootstrap serves valid records; their
 * versions stay, as nothing a client shows changed.
 */
function addOwners(db: Db): void {
  db.exec(`
UPDATE folders SET data = json_set(data, '$.ownerId', json('null')) WHERE json_type(data, '$.ownerId') IS NULL;
UPDATE changes SET data = json_set(data, '$.ownerId', json('null'))
  WHERE type = 'folder' AND op = 'upsert' AND json_type(data, '$.ownerId') IS NULL;`);
  // The groups table is the groups area's (version 2); a database made without the areas has none.
  if (db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'contact_groups'").get())
    db.exec(
      `UPDATE contact_groups SET data = json_set(data, '$.ownerId', json('null')) WHERE json_type(data, '$.ownerId') IS NULL;`,
    );
}

/**
 * Opens (creating when missing) the service database at `file`: WAL journal, NORMAL sync, foreign
 * keys on, 5 s busy timeout. Migrates older files: version 1 creates the core tables, version 2 runs
 * `areaDdl` (the areas' tables), version 3 adds token families, version 4 the index of documents
 * without `crc32`, version 5 the owners of folders and groups, version 6 the name keys. Throws when the
 * file was written by a newer schema version.
 */
export function openDatabase(file: string, areaDdl: string): Db {
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma('busy_timeout = 5000');
  db.pragma('cache_size = -16384');
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version > schemaVersion) {
    db.close();
    throw new Error(`The database ${file} has schema version ${version}; this service knows up to ${schemaVersion}.`);
  }
  const steps: Array<string | ((db: Db) => void)> = [
    coreDdl,
    areaDdl,
    tokenFamiliesDdl,
    documentsWithoutCrc32Ddl,
    addOwners,
    nameKeysDdl,
  ];
  for (let next = version + 1; next <= schemaVersion; next++) {
    db.transaction(() => {
      const step = steps[next - 1];
      if (typeof step === 'string') db.exec(step);
      else step(db);
      db.pragma(`user_version = ${next}`);
    })();
  }
  return db;
}
