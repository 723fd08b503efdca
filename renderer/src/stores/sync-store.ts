/** The sync status shown in the shell, kept current by `sync.status` events. */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { BrmBridge, SyncStatus } from '../../../preload/contract';
import { errorMessage } from '../lib/errors';

export interface SyncStoreState {
  status: SyncStatus | null;
  /** True while a "Sync now" request is on its way. */
  requesting: boolean;
  /** Why the last "Sync now" request itself failed. */
  requestError: string | null;
  /** Reads the current status from the core. */
  refresh(): Promise<void>;
  /** Starts a sync now. */
  runNow(): Promise<void>;
  /** Applies a status pushed by the core. */
  apply(status: SyncStatus): void;
}

/** Creates the sync store over `bridge`. */
export function createSyncStore(bridge: BrmBridge): StoreApi<SyncStoreState> {
  return createStore<SyncStoreState>()((set) => ({
    status: null,
    requesting: false,
    requestError: null,
    async refresh() {
      try {
        set({ status: await bridge.call('sync.getStatus', {}) });
      } catch (reason) {
        set({ requestError: errorMessage(reason) });
      }
    },
    async runNow() {
      set({ requesting: true, requestError: null });
      try {
        const status = await bridge.call('sync.run', {});
        set({ status, requesting: false });
      } catch (reason) {
        set({ requesting: false, requestError: errorMessage(reason) });
      }
    },
    apply(status) {
      set({ status });
    },
  }));
}
