/**
 * The bulk load of a bootstrap (docs/ARCHITECTURE.md, "Sync protocol"): while the cache is first
 * filled from the change feed, the record tables are written without their secondary indexes (but
 * the ones their lists walk, `RecordTable.listIndex`) and without the triggers that keep their
 * FTS5 tables (https://sqlite.org/fts5.html §4.4.3), and without the columns other tables derive
 * from them; the page that completes the bootstrap builds all of these in one pass each (sorted
 * index builds, one FTS5 `rebuild` with a larger in-memory budget, one update per derived column),
 * in the same transaction as its rows and the `bootstrapped` flag. Keeping them row by row costs about
 * twice the plain inserts; building them after costs a fraction of that.
 *
 * The structures' SQL is kept in `deferred_structures` (schema 8) in the transaction that drops
 * them, so a bootstrap interrupted by a crash resumes without them and still ends with them.
 *
 * Works on a connection to cache.db itself (the sync writer thread's), where the record tables are
 * in `main`.
 */
import type { Database } from 'better-sqlite3';
import { recordTables } from '../areas/tables';

/** The cache tables of the synced record types. */
const recordTableNames = new Set(Object.values(recordTables).map((spec) => spec.table));
/** The indexes the lists walk, never set aside (`RecordTable.listIndex`). */
const listIndexes = new Set(Object.values(recordTables).flatMap((spec) => (spec.listIndex ? [spec.listIndex] : [])));

/** One deferred structure, as `deferred_structures` keeps it. */
interface Deferred {
  name: string;
  kind: 'index' | 'trigger' | 'fts';
  sql: string;
}

/**
 * FTS5's budget for the terms it gathers in memory before writing them out as a segment
 * (https://sqlite.org/fts5.html, the `hashsize` option; default 1 MiB), bytes, while a search index
 * is rebuilt at a bulk load's end: the contacts' index at the design scale is then written as 2
 * segments instead of 8 that had to be merged (0.66 s to 0.48 s, docs/PERFORMANCE.md row 1). Set
 * back to `ftsHashBytes` after the rebuild, which writes out what is left.
 */
export const rebuildHashBytes = 16 * 1024 * 1024;
/** FTS5's default `hashsize`, bytes, kept for the row-by-row writes that follow a bulk load. */
export const ftsHashBytes = 1024 * 1024;

/** Sets FTS5 table `name`'s `hashsize` (written into the SQL: FTS5 refuses a REAL, which a bound JS number is). */
function setHashSize(db: Database, name: string, bytes: number): void {
  db.exec(`INSERT INTO ${name} (${name}, rank) VALUES ('hashsize', ${Math.trunc(bytes)})`);
}

/** Statements that build the columns derived from other types' records, for the whole table. */
const derivedRefreshes: readonly string[] = Object.values(recordTables).flatMap((spec) =>
  (spec.derived ?? []).map((rule) => rule.refreshSql),
);

/** True when a bootstrap's bulk load is under way on `db` (structures deferred). */
export function inBulkLoad(db: Database): boolean {
  return db.prepare('SELECT 1 FROM deferred_structures LIMIT 1').get() !== undefined;
}

/** The secondary indexes, FTS triggers and FTS tables of the record tables, as they are now. */
function presentStructures(db: Database): Deferred[] {
  const rows = db
    .prepare(
      "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE type IN ('index', 'trigger') AND sql IS NOT NULL",
    )
    .all() as { type: 'index' | 'trigger'; name: string; tbl_name: string; sql: string }[];
  const found: Deferred[] = rows
    .filter((row) => recordTableNames.has(row.tbl_name) && !listIndexes.has(row.name))
    .map((row) => ({ name: row.name, kind: row.type, sql: row.sql }));
  const fts = db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = ? || '_fts'").pluck() as {
    get(table: string): string | undefined;
  };
  for (const table of recordTableNames) {
    const name = fts.get(table);
    if (name) found.push({ name, kind: 'fts', sql: `INSERT INTO ${name} (${name}) VALUES ('rebuild')` });
  }
  return found;
}

/**
 * Starts a bulk load: keeps the definitions of the record tables' secondary indexes and FTS
 * triggers and drops them. Does nothing when one is already under way. Call inside the
 * transaction of the bootstrap's page.
 */
export function beginBulkLoad(db: Database): void {
  if (inBulkLoad(db)) return;
  const keep = db.prepare('INSERT INTO deferred_structures (name, kind, sql) VALUES (?, ?, ?)');
  for (const structure of presentStructures(db)) {
    keep.run(structure.name, structure.kind, structure.sql);
    if (structure.kind === 'index') db.exec(`DROP INDEX ${structure.name}`);
    else if (structure.kind === 'trigger') db.exec(`DROP TRIGGER ${structure.name}`);
  }
}

/**
 * Ends a bulk load: fills the derived columns, builds the deferred indexes, rebuilds the FTS5
 * tables from their content tables and puts the triggers back, then forgets the definitions. Does
 * nothing when no bulk load is under way. Call inside a transaction (the page that ends the bulk
 * load). Throws SQLite's errors (the transaction then rolls back whole).
 */
export function endBulkLoad(db: Database): void {
  const deferred = db.prepare('SELECT name, kind, sql FROM deferred_structures').all() as Deferred[];
  if (deferred.length === 0) return;
  for (const sql of derivedRefreshes) db.prepare(sql).run();
  const ofKind = (kind: Deferred['kind']) => deferred.filter((structure) => structure.kind === kind);
  for (const structure of ofKind('index')) db.exec(structure.sql);
  for (const structure of ofKind('fts')) {
    setHashSize(db, structure.name, rebuildHashBytes);
    db.exec(structure.sql);
    setHashSize(db, structure.name, ftsHashBytes);
  }
  for (const structure of ofKind('trigger')) db.exec(structure.sql);
  db.exec('DELETE FROM deferred_structures');
}
