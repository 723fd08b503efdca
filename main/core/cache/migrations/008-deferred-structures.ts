/**
 * Schema 8: `deferred_structures`, where a bootstrap keeps the definitions of the record tables'
 * secondary indexes and full-text triggers while it writes without them (cache/bulk-load.ts,
 * docs/ARCHITECTURE.md "Bootstrap"). One row per structure: its name in `sqlite_master`, its kind
 * (`index`, `trigger`, or `fts` for an FTS5 table to rebuild from its content table) and the SQL
 * that makes it again. Empty whenever no bootstrap is under way. Released: never edited.
 */
import type { Migration } from './migration';

export const deferredStructures: Migration = {
  version: 8,
  name: 'deferred structures of a bootstrap',
  up: (db) =>
    db.exec(`
CREATE TABLE deferred_structures (
  name TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('index', 'trigger', 'fts')),
  sql TEXT NOT NULL
);
`),
};
