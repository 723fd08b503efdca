/**
 * Opening the data folder's two database files (docs/ARCHITECTURE.md, "Cache schema"):
 * - `local.db`, what only this machine has, is the main file of one connection; `cache.db`, the
 *   rebuildable synced records, is attached to it as `cache` (https://sqlite.org/lang_attach.html),
 *   so a statement names any table without its file;
 * - each file is checked (`PRAGMA quick_check`, integrity.ts) before use. A damaged cache.db (also:
 *   its -wal lost after a kill) is set aside and a new one made, to be downloaded again; a damaged
 *   local.db is set aside with the folders of files its entries name, and a new one made. Nothing is deleted;
 * - each file is migrated under its own `user_version`; local.db is copied before each migration; a
 *   schema-5 cache's local-only tables move to local.db (local-split.ts);
 * - a folder that cannot be written is opened from copies in the system's temporary folder,
 *   read-only, when it holds data to show; otherwise the start fails with a StorageError.
 */
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3, { type Database } from 'better-sqlite3';
import { BridgeError } from '../../../preload/contract';
import { type StorageProblem, StorageError, storageProblemOf } from '../storage-errors';
import { probeWritable } from '../storage-probe';
import {
  cacheFileName,
  existingSidecars,
  headerUserVersion,
  localFileName,
  setAside,
  setFolderAside,
} from './data-files';
import { busyTimeoutMs, configure, migrate, migrateWithBackups, NewerSchemaError, schemaVersion } from './database';
import { inspectFile } from './integrity';
import { copyLocalTables } from './local-split';
import { migrations } from './migrations/index';
import { createStateStore } from './state-store';

/** A damaged file that was set aside at open. */
export interface SetAsideFile {
  kind: 'cache' | 'local';
  /** Where the file was, and its new name (absolute paths). */
  file: string;
  aside: string;
  /** What SQLite found, in its words. */
  reason: string;
  /** True when the file held what only this machine has (local.db, or a cache from before schema 6). */
  heldLocalData: boolean;
  /** Folders of files that the set-aside local.db named (kept copies of uploads, files of notes), set aside with it. */
  folders: string[];
}

/** The open files. */
export interface OpenedFiles {
  /** local.db as the main file, cache.db attached as `cache`. */
  db: Database;
  /** The cache.db file attached (a temporary copy when read-only). */
  cacheFile: string;
  /** The local.db file open (a temporary copy when read-only). */
  localFile: string;
  setAside: SetAsideFile[];
  /** Set when the folder cannot be written and the data is shown from read-only copies. */
  readOnly: StorageError | null;
  /** Closes the connection (and removes the temporary copies). */
  close(): void;
}

/** How to open. */
export interface OpenOptions {
  mode?: 'electron' | 'browser';
  /** Folders of the data folder holding files that local.db names; set aside with a damaged local.db. */
  localFolders?: readonly string[];
}

/** The schema version from which cache.db no longer holds the local-only tables. */
const splitVersion = 6;

/** Moves -wal/-shm files whose database file is gone, so that a new file never meets an old journal. */
function clearOrphans(file: string): void {
  if (!existsSync(file) && existingSidecars(file).length > 0) setAside(file, 'orphaned');
}

/** Thrown (in read-only mode) when a file is damaged and cannot be set aside. */
class DamagedFileError extends Error {}

/**
 * Brings `cacheFile` (new, or whole) to the current schema on its own connection; a schema-5 file's
 * local-only rows are copied into `local` first. Returns the version the file had. Throws NewerSchemaError.
 */
export function prepareCacheFile(cacheFile: string, local: Database): number {
  const cache = new BetterSqlite3(cacheFile);
  try {
    configure(cache);
    const known = migrations[migrations.length - 1].version;
    const found = schemaVersion(cache);
    if (found > known) throw new NewerSchemaError(cacheFile, found, known, 'cache');
    if (found > 0 && found < splitVersion) {
      migrate(cache, migrations.slice(0, splitVersion - 1), cacheFile);
      copyLocalTables(local, cacheFile);
    }
    migrate(cache, migrations, cacheFile);
    return found;
  } finally {
    cache.close();
  }
}

/** Attaches `cacheFile` to `db` as `cache`. */
export function attachCache(db: Database, cacheFile: string): void {
  db.prepare('ATTACH DATABASE ? AS cache').run(cacheFile);
  db.pragma('cache.synchronous = NORMAL');
}

async function openWritable(dir: string, options: OpenOptions, damaged: 'setAside' | 'fail'): Promise<OpenedFiles> {
  const localFile = join(dir, localFileName);
  const cacheFile = join(dir, cacheFileName);
  const found: SetAsideFile[] = [];
  const setAsideIfDamaged = (kind: SetAsideFile['kind'], file: string, heldLocalData: () => boolean) => {
    const reason = inspectFile(file, kind === 'cache');
    if (!reason) return clearOrphans(file);
    if (damaged === 'fail') throw new DamagedFileError(`${file}: ${reason}`);
    const held = heldLocalData();
    const aside = setAside(file, 'damaged');
    const folders =
      kind === 'local' || held
        ? (options.localFolders ?? []).flatMap((name) => setFolderAside(join(dir, name), 'damaged') ?? [])
        : [];
    found.push({ kind, file, aside, reason, heldLocalData: held, folders });
  };

  const localExisted = existsSync(localFile);
  setAsideIfDamaged('local', localFile, () => true);
  const localIsNew = !existsSync(localFile);
  const db = new BetterSqlite3(localFile);
  try {
    configure(db);
    await migrateWithBackups(db, localFile);
    setAsideIfDamaged('cache', cacheFile, () => {
      const version = headerUserVersion(cacheFile);
      return version === null ? !localExisted : version >= 3 && version < splitVersion;
    });
    const cacheVersion = prepareCacheFile(cacheFile, db);
    attachCache(db, cacheFile);
    // A split cache without its local.db: whose data it holds is no longer known (the signed-in
    // user was in local.db), so it is downloaded again after the next sign-in.
    if (localIsNew && cacheVersion >= splitVersion) createStateStore(db).clearSyncedData();
  } catch (err) {
    db.close();
    throw err;
  }
  return { db, cacheFile, localFile, setAside: found, readOnly: null, close: () => db.close() };
}

/** Opens copies of the folder's files, read-only: the folder cannot be written (`problem`). */
async function openReadOnly(dataDir: string, options: OpenOptions, problem: StorageProblem): Promise<OpenedFiles> {
  const sources = [localFileName, cacheFileName].map((name) => join(dataDir, name));
  if (!sources.some((file) => existsSync(file))) {
    throw new StorageError(dataDir, problem, 'cannotStart', null, options.mode);
  }
  const temp = mkdtempSync(join(tmpdir(), 'brm-read-only-'));
  const removeTemp = () => rmSync(temp, { recursive: true, force: true });
  try {
    for (const name of [localFileName, cacheFileName]) {
      for (const suffix of ['', '-wal']) {
        if (existsSync(join(dataDir, name + suffix)))
          copyFileSync(join(dataDir, name + suffix), join(temp, name + suffix));
      }
    }
    // Bring the copies to this version's schema (a copy may be migrated), then reopen them read-only.
    (await openWritable(temp, options, 'fail')).close();
    const localFile = join(temp, localFileName);
    const cacheFile = join(temp, cacheFileName);
    const db = new BetterSqlite3(localFile, { readonly: true, fileMustExist: true });
    db.pragma(`busy_timeout = ${busyTimeoutMs}`);
    attachCache(db, cacheFile);
    const readOnly = new StorageError(dataDir, problem, 'readOnlyStart', null, options.mode);
    return {
      db,
      cacheFile,
      localFile,
      setAside: [],
      readOnly,
      close() {
        db.close();
        removeTemp();
      },
    };
  } catch (err) {
    removeTemp();
    if (err instanceof DamagedFileError) {
      const file = err.message.replace(temp, dataDir);
      throw new BridgeError(
        'storage',
        `BRM Desktop cannot start: ${file}. The file is damaged and ${dataDir} cannot be written, so it cannot be set aside. Make the folder writable and start BRM Desktop again.`,
      );
    }
    if (err instanceof NewerSchemaError)
      throw new NewerSchemaError(err.file.replace(temp, dataDir), err.found, err.known, err.kind);
    if (storageProblemOf(err)) throw new StorageError(dataDir, problem, 'cannotStart', null, options.mode);
    throw err;
  }
}

/**
 * Opens the data folder `dataDir` (created when missing): local.db with cache.db attached, checked,
 * set aside when damaged, migrated. A folder that cannot be written opens read-only from copies
 * when it holds data. Throws StorageError (`cannotStart`) when the folder can be neither written
 * nor shown, NewerSchemaError for a file of a newer version, and SQLite's other errors.
 */
export async function openDataFiles(dataDir: string, options: OpenOptions = {}): Promise<OpenedFiles> {
  try {
    mkdirSync(dataDir, { recursive: true });
  } catch (err) {
    const problem = storageProblemOf(err);
    if (problem) throw new StorageError(dataDir, problem, 'cannotStart', null, options.mode);
    throw err;
  }
  const problem = probeWritable(dataDir);
  if (problem === 'readOnly') return openReadOnly(dataDir, options, problem);
  try {
    return await openWritable(dataDir, options, 'setAside');
  } catch (err) {
    const failure = storageProblemOf(err);
    if (!failure) throw err;
    return openReadOnly(dataDir, options, failure);
  }
}
