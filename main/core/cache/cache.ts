/**
 * The cache as the rest of the core sees it (docs/ARCHITECTURE.md, "Cache schema"): one connection
 * to local.db with cache.db attached, its state store and change applier, what was found damaged at
 * open, and the replacement of a cache.db found damaged while running.
 */
import type { Database } from 'better-sqlite3';
import type { StorageError } from '../storage-errors';
import { type ChangeApplier, createChangeApplier } from './apply-changes';
import { forgetCounts } from './count-cache';
import { setAside } from './data-files';
import { attachCache, type OpenOptions, openDataFiles, prepareCacheFile, type SetAsideFile } from './open-files';
import { createStateStore, type StateStore } from './state-store';

/** The open cache. Areas read it through their stores (main/core/areas/stores.ts). */
export interface Cache {
  /** local.db, with cache.db attached as `cache`: statements name tables without their file. */
  db: Database;
  /** The cache.db file (the sync writer thread opens it on its own). */
  file: string;
  /** The local.db file. */
  localFile: string;
  state: StateStore;
  applier: ChangeApplier;
  /** Damaged files set aside at open. */
  setAside: SetAsideFile[];
  /** Set when the data folder could not be written at open: the data is shown read-only. */
  readOnly: StorageError | null;
  /**
   * Sets cache.db (found damaged while running) aside and attaches a new, empty one in its place.
   * Call with no transaction open and no other connection to cache.db (the writer thread closed).
   * Returns the path the damaged file was moved to. Throws SQLite's and the file system's errors.
   */
  replaceDamaged(): string;
  close(): void;
}

/**
 * Opens `<dataDir>/local.db` and `<dataDir>/cache.db` (checking, setting aside and migrating them;
 * see open-files.ts). Throws NewerSchemaError for a file of a newer version and StorageError when
 * the folder can be neither written nor shown.
 */
export async function openCache(dataDir: string, options: OpenOptions = {}): Promise<Cache> {
  const files = await openDataFiles(dataDir, options);
  const { db } = files;
  return {
    db,
    file: files.cacheFile,
    localFile: files.localFile,
    state: createStateStore(db),
    applier: createChangeApplier(db),
    setAside: files.setAside,
    readOnly: files.readOnly,
    replaceDamaged() {
      db.exec('DETACH DATABASE cache');
      const aside = setAside(files.cacheFile, 'damaged');
      prepareCacheFile(files.cacheFile, db);
      attachCache(db, files.cacheFile);
      forgetCounts(db);
      return aside;
    },
    close: () => files.close(),
  };
}
