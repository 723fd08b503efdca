/**
 * Versions of the cached data, one counter per synced record type. `data.changed` bumps the named
 * types; anything that shows synced data depends on the versions of its types and re-queries the
 * core when they move (DESIGN §1: views re-query what they show).
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { type SyncedType, syncedTypes } from '../../../preload/contract';

export interface DataStoreState {
  /** Incremented each time `data.changed` names the type. */
  versions: Record<SyncedType, number>;
  /** Marks the given types as changed. */
  bump(types: readonly SyncedType[]): void;
}

/** Creates the data-version store, all versions 0. */
export function createDataStore(): StoreApi<DataStoreState> {
  const initial = Object.fromEntries(syncedTypes.map((type) => [type, 0])) as Record<SyncedType, number>;
  return createStore<DataStoreState>()((set) => ({
    versions: initial,
    bump(types) {
      set((state) => {
        const versions = { ...state.versions };
        for (const type of types) if (type in versions) versions[type] += 1;
        return { versions };
      });
    },
  }));
}
