/**
 * React access to the stores: `StoresProvider` at the top of the tree, typed selector hooks below.
 * Components select the smallest slice they need so a progress event re-renders only its row.
 */
import { createContext, type ReactNode, useContext } from 'react';
import { useStore } from 'zustand';
import type { BrmBridge } from '../../../preload/contract';
import type { AppStores } from './app-stores';
import type { CurrentUserStoreState } from './current-user-store';
import type { DataKey, DataStoreState } from './data-store';
import type { NotificationsStoreState } from './notifications-store';
import type { SessionStoreState } from './session-store';
import type { StorageStoreState } from './storage-store';
import type { SyncStoreState } from './sync-store';
import type { TransfersStoreState } from './transfers-store';
import type { UiStoreState } from './ui-store';

const StoresContext = createContext<AppStores | null>(null);

/** Makes `stores` available to the hooks below. */
export function StoresProvider({ stores, children }: { stores: AppStores; children: ReactNode }) {
  return <StoresContext.Provider value={stores}>{children}</StoresContext.Provider>;
}

/** The store set of the enclosing provider. Throws if used outside `StoresProvider` (a programming error). */
export function useStores(): AppStores {
  const stores = useContext(StoresContext);
  if (!stores) throw new Error('useStores must be used inside <StoresProvider>.');
  return stores;
}

/** The bridge to the core. */
export function useBridge(): BrmBridge {
  return useStores().bridge;
}

/** Selects from the session store. */
export function useSession<T>(selector: (state: SessionStoreState) => T): T {
  return useStore(useStores().session, selector);
}

/** Selects from the current-user store (the signed-in user's roles and grants). */
export function useCurrentUserStore<T>(selector: (state: CurrentUserStoreState) => T): T {
  return useStore(useStores().currentUser, selector);
}

/** Selects from the sync store. */
export function useSync<T>(selector: (state: SyncStoreState) => T): T {
  return useStore(useStores().sync, selector);
}

/** Selects from the notifications store. */
export function useNotifications<T>(selector: (state: NotificationsStoreState) => T): T {
  return useStore(useStores().notifications, selector);
}

/** Selects from the transfers store. */
export function useTransfers<T>(selector: (state: TransfersStoreState) => T): T {
  return useStore(useStores().transfers, selector);
}

/** Selects from the storage store (notices about the data folder's files). */
export function useStorage<T>(selector: (state: StorageStoreState) => T): T {
  return useStore(useStores().storage, selector);
}

/** Selects from the UI store. */
export function useUi<T>(selector: (state: UiStoreState) => T): T {
  return useStore(useStores().ui, selector);
}

/**
 * A token that changes whenever `data.changed` names one of `types` (or the outbox changes, for
 * `'outbox'`): put it in an effect's dependencies to re-query the core when the data it shows changed.
 */
export function useDataVersion(types: readonly DataKey[]): string {
  return useStore(useStores().data, (state: DataStoreState) => types.map((type) => state.versions[type]).join('.'));
}
