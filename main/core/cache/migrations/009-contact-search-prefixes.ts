/**
 * Schema 9: the contacts' search index (`contacts_fts`) keeps prefix indexes of one and two
 * characters, no longer three. Building it is the largest step at the end of a bootstrap, and the
 * three-character prefixes cost a quarter of it (100,000 contacts: 0.78–0.88 s to 0.57–0.60 s);
 * a three-letter search now reads the few terms that start with it instead (a count of 1,300
 * matches 0.06 to 0.14 ms, of 41,000 1.4 to 2.6 ms; docs/PERFORMANCE.md, rows 1 and 3). Only the
 * FTS5 table is made again: its triggers stay as they are (or stay set aside while a bootstrap's
 * bulk load runs, cache/bulk-load.ts). Released: never edited.
 */
import type { Migration } from './migration';

export const contactSearchPrefixes: Migration = {
  version: 9,
  name: 'contact search prefixes of one and two characters',
  up: (db) =>
    db.exec(`
DROP TABLE contacts_fts;
CREATE VIRTUAL TABLE contacts_fts USING fts5 (
  first_name, last_name, email, phone, company_name, phone_rev,
  content = 'contacts', content_rowid = 'rowid', tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2'
);
INSERT INTO contacts_fts (contacts_fts) VALUES ('rebuild');
`),
};
