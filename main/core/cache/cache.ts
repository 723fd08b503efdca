/** The cache as the rest of the core sees it: the database, its local state and the change applier, opened together. */
import type { Database } from 'better-sqlite3';
import { type ChangeApplier, createChangeApplier } from './apply-changes';
import { openCacheDatabase } from './database';
import { createStateStore, type StateStore } from './state-store';

/** The open cache. Areas read it through their stores (main/core/areas/stores.ts). */
export interface Cache {
  db: Database;
  state: StateStore;
  applier: ChangeApplier;
  close(): void;
}

/** Opens `<dataDir>/cache.db` (migrating it). Throws NewerSchemaError for a newer database. */
export function openCache(dataDir: string): Cache {
  const db = openCacheDatabase(dataDir);
  return {
    db,
    state: createStateStore(db),
    applier: createChangeApplier(db),
    close: () => db.close(),
  };
}
