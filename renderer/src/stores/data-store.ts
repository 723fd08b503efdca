/**
 * Versions of the cached data, one counter per synced record type, plus one for the outbox (the
 * edits made here and not yet accepted by the service). `data.changed` bumps the named types and
 * `outbox.changed` bumps `outbox`; anything that shows them depends on their versions and re-queries
 * the core when they move (docs/ARCHITECTURE.md, "Events": views re-query what they show). Areas
 * whose kept answers are refreshed in the background have one each, bumped by `answers.refreshed`.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import { type KeptFirstArea, keptFirstAreas, type SyncedType, syncedTypes } from '../../../preload/contract';

/** What a view can depend on: a synced type, the outbox, or an area refreshed in the background. */
export type DataKey = SyncedType | 'outbox' | KeptFirstArea;

export interface DataStoreState {
  /** Incremented each time `data.changed` names the type (or the outbox changes). */
  versions: Record<DataKey, number>;
  /** Marks the given keys as changed. */
  bump(keys: readonly DataKey[]): void;
}

/** Creates the data-version store, all versions 0. */
export function createDataStore(): StoreApi<DataStoreState> {
  const initial = Object.fromEntries([...syncedTypes, 'outbox', ...keptFirstAreas].map((key) => [key, 0])) as Record<
    DataKey,
    number
  >;
  return createStore<DataStoreState>()((set) => ({
    versions: initial,
    bump(keys) {
      set((state) => {
        const versions = { ...state.versions };
        for (const key of keys) if (key in versions) versions[key] += 1;
        return { versions };
      });
    },
  }));
}
