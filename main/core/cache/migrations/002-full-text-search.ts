/**
 * Schema 2: external-content FTS5 tables (https://sqlite.org/fts5.html §4.4.3) kept by triggers;
 * prefix indexes of 1 to 3 characters make short per-word prefix queries ("da* re*") cheap.
 * Released: never edited.
 */
import type { Migration } from './migration';

export const fullTextSearch: Migration = {
  version: 2,
  name: 'full-text search',
  up: (db) =>
    db.exec(`
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
`),
};
