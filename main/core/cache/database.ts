/**
 * The database files' common rules (docs/ARCHITECTURE.md, "Cache schema"): the pragmas the core
 * relies on, numbered migrations under each file's own `PRAGMA user_version`, the refusal of a file
 * written by a newer build, and the copy of local.db taken before each of its migrations. WAL journal
 * (https://sqlite.org/wal.html): the -wal and -shm files belong to their database and are never
 * deleted by the core.
 */
import type { Database } from 'better-sqlite3';
import { backupPath } from './data-files';
import { localMigrations } from './local-migrations/index';
import { type Migration, migrations as cacheMigrations } from './migrations/index';

/** Milliseconds a statement waits for a lock held by another connection before failing. */
export const busyTimeoutMs = 5000;

/** Which of the two files: the rebuildable cache, or what only this machine has. */
export type DatabaseKind = 'cache' | 'local';

/** Thrown when a database file was written by a newer BRM Desktop. */
export class NewerSchemaError extends Error {
  readonly file: string;
  readonly found: number;
  readonly known: number;
  readonly kind: DatabaseKind;
  constructor(file: string, found: number, known: number, kind: DatabaseKind = 'cache') {
    const versions = `(schema ${found}; this version knows up to ${known})`;
    super(
      kind === 'cache'
        ? `The cache at ${file} was written by a newer version of BRM Desktop ${versions}. Install the newer version again, or delete ${file} with its -wal and -shm files: this version then downloads your data again from the service.`
        : `The file ${file}, which holds what only this machine has (changes not sent yet, drafts, waiting uploads), was written by a newer version of BRM Desktop ${versions}. Install the newer version again.`,
    );
    this.name = 'NewerSchemaError';
    this.file = file;
    this.found = found;
    this.known = known;
    this.kind = kind;
  }
}

/** The `user_version` of `db`'s main file. */
export function schemaVersion(db: Database): number {
  return db.pragma('user_version', { simple: true }) as number;
}

function pending(db: Database, list: readonly Migration[], file: string, kind: DatabaseKind): Migration[] {
  const known = list.length > 0 ? list[list.length - 1].version : 0;
  const current = schemaVersion(db);
  if (current > known) throw new NewerSchemaError(file, current, known, kind);
  return list.filter((migration) => migration.version > current);
}

function apply(db: Database, migration: Migration): void {
  db.transaction(() => {
    migration.up(db);
    db.pragma(`user_version = ${migration.version}`);
  })();
}

/**
 * Applies the pending migrations of `list` to `db`, each with its `user_version` bump in one
 * transaction. Throws NewerSchemaError when the database is ahead of `list`. Returns the new version.
 */
export function migrate(
  db: Database,
  list: readonly Migration[] = cacheMigrations,
  file = db.name,
  kind: DatabaseKind = 'cache',
): number {
  for (const migration of pending(db, list, file, kind)) apply(db, migration);
  return schemaVersion(db);
}

/**
 * Migrates local.db (`db`, at `file`) like `migrate`, first taking a copy of the file with SQLite's
 * backup API (https://sqlite.org/backup.html) before each migration of a file that already had a
 * schema: `local.before-v<N>.db` next to it, N the version about to be applied. Returns the new version.
 */
export async function migrateWithBackups(
  db: Database,
  file: string,
  list: readonly Migration[] = localMigrations,
): Promise<number> {
  for (const migration of pending(db, list, file, 'local')) {
    if (schemaVersion(db) > 0) await db.backup(backupPath(file, migration.version));
    apply(db, migration);
  }
  return schemaVersion(db);
}

/** Sets the connection pragmas: WAL, synchronous=NORMAL, foreign keys, busy timeout. */
export function configure(db: Database): void {
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.pragma('foreign_keys = ON');
  db.pragma(`busy_timeout = ${busyTimeoutMs}`);
}
