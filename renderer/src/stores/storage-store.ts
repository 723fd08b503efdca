/**
 * Notices about the data folder's files (preload/contract/storage.ts): a damaged file set aside, the
 * folder that cannot be written. Loaded at start (a notice may come from before the window opened)
 * and kept current by `storage.notices` events; the user dismisses one with `dismiss`.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { BrmBridge, StorageNotice } from '../../../preload/contract';
import { errorMessage } from '../lib/errors';

export interface StorageStoreState {
  notices: StorageNotice[];
  /** Why loading or dismissing failed, and what to do. */
  error: string | null;
  load(): Promise<void>;
  /** Applies the list pushed by the core. */
  apply(notices: StorageNotice[]): void;
  /** Hides a notice for good (it comes back only if it happens again). */
  dismiss(id: string): Promise<void>;
}

/** Creates the storage store over `bridge`. */
export function createStorageStore(bridge: BrmBridge): StoreApi<StorageStoreState> {
  return createStore<StorageStoreState>()((set) => ({
    notices: [],
    error: null,
    async load() {
      try {
        set({ notices: await bridge.call('storage.listNotices', {}), error: null });
      } catch (reason) {
        set({ error: errorMessage(reason) });
      }
    },
    apply(notices) {
      set({ notices });
    },
    async dismiss(id) {
      set((state) => ({ notices: state.notices.filter((n) => n.id !== id) }));
      try {
        await bridge.call('storage.dismissNotice', { id });
      } catch (reason) {
        set({ error: errorMessage(reason) });
      }
    },
  }));
}
