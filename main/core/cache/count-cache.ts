/**
 * Remembers row counts of list queries until the next write to the database, so that scrolling a
 * window through a large list (same query, new offset) does not count the rows again.
 * A write is noticed through `total_changes()` (this connection) and `PRAGMA data_version`
 * (commits of other connections, e.g. the sync writer thread; https://sqlite.org/pragma.html#pragma_data_version).
 */
import type { Database } from 'better-sqlite3';

/** Counts keyed by query, valid while the connection has made no write. */
export interface CountCache {
  /** Returns the cached count for `key`, or computes it with `count` and keeps it. */
  get(key: string, count: () => number): number;
}

/** Creates a CountCache over `db` holding at most `maxEntries` counts. */
export function createCountCache(db: Database, maxEntries = 64): CountCache {
  const totalChanges = db.prepare('SELECT total_changes()').pluck();
  const dataVersion = db.prepare('PRAGMA data_version').pluck();
  const counts = new Map<string, number>();
  let seenChanges = '';
  return {
    get(key, count) {
      const changes = `${totalChanges.get()} ${dataVersion.get()}`;
      if (changes !== seenChanges) {
        counts.clear();
        seenChanges = changes;
      }
      let value = counts.get(key);
      if (value === undefined) {
        value = count();
        if (counts.size >= maxEntries) counts.clear();
        counts.set(key, value);
      }
      return value;
    },
  };
}
