/**
 * Remembers row counts of list queries (and other read results, e.g. a search's window of rows)
 * until the next write to the database, so that scrolling a window through a large list (same
 * query, new offset) does not count the rows again, and a search typed again finds its rows at once.
 * A write is noticed through `total_changes()` (this connection), `PRAGMA <schema>.data_version` of
 * every file the connection has open (commits of other connections, e.g. the sync writer thread;
 * https://sqlite.org/pragma.html#pragma_data_version), and `forgetCounts` (a file was replaced).
 */
import type { Database } from 'better-sqlite3';

/** Read results keyed by query, valid while the connection has made no write. */
export interface ReadCache<T> {
  /** Returns the cached value for `key`, or computes it with `read` and keeps it. */
  get(key: string, read: () => T): T;
}

/** Counts keyed by query. */
export type CountCache = ReadCache<number>;

const epochs = new WeakMap<Database, number>();

/** Forgets every count kept for `db` (its cache file was replaced by a new one). */
export function forgetCounts(db: Database): void {
  epochs.set(db, (epochs.get(db) ?? 0) + 1);
}

/** Creates a CountCache over `db` holding at most `maxEntries` counts. */
export function createCountCache(db: Database, maxEntries = 64): CountCache {
  return createReadCache<number>(db, maxEntries);
}

/** Creates a ReadCache over `db` holding at most `maxEntries` values (the least recently used forgotten first). */
export function createReadCache<T>(db: Database, maxEntries: number): ReadCache<T> {
  const totalChanges = db.prepare('SELECT total_changes()').pluck();
  const schemas = (db.pragma('database_list') as { name: string }[])
    .map((row) => row.name)
    .filter((name) => name !== 'temp');
  const dataVersions = schemas.map((name) => db.prepare(`PRAGMA ${name}.data_version`).pluck());
  const counts = new Map<string, T>();
  let seenChanges = '';
  return {
    get(key, read) {
      const changes = [epochs.get(db) ?? 0, totalChanges.get(), ...dataVersions.map((v) => v.get())].join(' ');
      if (changes !== seenChanges) {
        counts.clear();
        seenChanges = changes;
      }
      let value = counts.get(key);
      if (value === undefined) {
        value = read();
        if (counts.size >= maxEntries) counts.delete(counts.keys().next().value as string);
      } else counts.delete(key);
      // Kept last in the map's order: the least recently used goes first when it is full.
      counts.set(key, value);
      return value;
    },
  };
}
