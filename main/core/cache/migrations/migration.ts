/** One schema step of a database file (cache.db or local.db). `up` runs inside a transaction together with the user_version bump. */
import type { Database } from 'better-sqlite3';

export interface Migration {
  version: number;
  name: string;
  up(db: Database): void;
}
