/**
 * The move of a schema-5 cache's local-only tables into local.db (docs/ARCHITECTURE.md, "Cache
 * schema"): their rows are copied into local.db and committed there first; only then does cache
 * migration 6 drop them from cache.db. A crash in between copies again at the next start; rows
 * local.db already holds are kept (every table has a primary key), so nothing is doubled or lost.
 */
import type { Database } from 'better-sqlite3';
import { movedTables } from './migrations/006-local-tables-moved';

/**
 * Copies the rows of the local-only tables of the cache file `cacheFile` (schema 5, not attached
 * to `local`) into the same tables of `local` (local.db, schema 1 or later), in one transaction;
 * columns local.db gained since take their defaults.
 * Returns the rows copied per table. Throws SQLite's errors (nothing is copied then).
 */
export function copyLocalTables(local: Database, cacheFile: string): Record<string, number> {
  local.prepare('ATTACH DATABASE ? AS old_cache').run(cacheFile);
  try {
    return local.transaction(() => {
      const copied: Record<string, number> = {};
      for (const table of movedTables) {
        // The columns both files have: local.db's later migrations may have added columns (with
        // defaults) that a schema-5 cache never had.
        const names = (schema: string) =>
          (local.pragma(`${schema}.table_info(${table})`) as { name: string }[]).map((column) => column.name);
        const old = new Set(names('old_cache'));
        const columns = names('main')
          .filter((name) => old.has(name))
          .join(', ');
        copied[table] = local
          .prepare(`INSERT OR IGNORE INTO main.${table} (${columns}) SELECT ${columns} FROM old_cache.${table}`)
          .run().changes;
      }
      return copied;
    })();
  } finally {
    local.exec('DETACH DATABASE old_cache');
  }
}
