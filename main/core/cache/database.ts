/**
 * Opens the cache database (`<dataDir>/cache.db`, better-sqlite3) with the pragmas the core relies
 * on and brings its schema up to date. WAL journal (https://sqlite.org/wal.html): the -wal and -shm
 * files belong to the database and are never deleted by the core.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3, { type Database } from 'better-sqlite3';
import { type Migration, migrations as allMigrations } from './migrations/index';

/** Milliseconds a statement waits for a lock held by another connection before failing. */
export const busyTimeoutMs = 5000;

/** Thrown when the database file was written by a newer BRM Desktop. */
export class NewerSchemaError extends Error {
  constructor(file: string, found: number, known: number) {
    super(
      `The cache at ${file} was written by a newer version of BRM Desktop (schema ${found}; this version knows up to ${known}). Install the newer version again, or sign out there first so that the cache can be rebuilt.`,
    );
    this.name = 'NewerSchemaError';
  }
}

/**
 * Applies the pending migrations of `list` to `db`, each with its `user_version` bump in one
 * transaction. Throws NewerSchemaError when the database is ahead of `list`. Returns the new version.
 */
export function migrate(db: Database, list: readonly Migration[] = allMigrations, file = db.name): number {
  const known = list.length > 0 ? list[list.length - 1].version : 0;
  const current = db.pragma('user_version', { simple: true }) as number;
  if (current > known) throw new NewerSchemaError(file, current, known);
  for (const migration of list) {
    if (migration.version <= current) continue;
    db.transaction(() => {
      migration.up(db);
      db.pragma(`user_version = ${migration.version}`);
    })();
  }
  return db.pragma('user_version', { simple: true }) as number;
}

/** Sets the connection pragmas: WAL, synchronous=NORMAL, foreign keys, busy timeout. */
export function configure(db: Database): void {
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma(`busy_timeout = ${busyTimeoutMs}`);
}

/** Opens (creating when needed) `<dataDir>/cache.db`, configures it and migrates it. Throws NewerSchemaError. */
export function openCacheDatabase(dataDir: string): Database {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'cache.db');
  const db = new BetterSqlite3(file);
  try {
    configure(db);
    migrate(db, allMigrations, file);
  } catch (err) {
    db.close();
    throw err;
  }
  return db;
}
