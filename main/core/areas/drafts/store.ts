/** Drafts kept on this machine (local-only table `drafts`): what a user typed into a form and has not saved. */
import type { Database } from 'better-sqlite3';

/** Reads and writes drafts. Values are JSON; times ISO 8601 UTC. */
export interface DraftsStore {
  get(key: string): { value: unknown; savedAt: string } | null;
  put(key: string, value: unknown): { savedAt: string };
  remove(key: string): boolean;
}

/** Creates the DraftsStore over `db`. */
export function createDraftsStore(db: Database): DraftsStore {
  const get = db.prepare('SELECT value, saved_at AS savedAt FROM drafts WHERE key = ?');
  const put = db.prepare(
    'INSERT INTO drafts (key, value, saved_at) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value, saved_at = excluded.saved_at',
  );
  const del = db.prepare('DELETE FROM drafts WHERE key = ?');
  return {
    get(key) {
      const row = get.get(key) as { value: string; savedAt: string } | undefined;
      return row ? { value: JSON.parse(row.value), savedAt: row.savedAt } : null;
    },
    put(key, value) {
      const savedAt = new Date().toISOString();
      put.run(key, JSON.stringify(value), savedAt);
      return { savedAt };
    },
    remove: (key) => del.run(key).changes > 0,
  };
}
