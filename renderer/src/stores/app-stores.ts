/**
 * All renderer state, created once per bridge. The stores are plain zustand stores so the app and
 * its tests can each make a fresh set; `connectAppStores` wires them to the core's events.
 */
import type { StoreApi } from 'zustand/vanilla';
import type { BrmBridge } from '../../../preload/contract';
import { type AnswerCache, createAnswerCache } from './answer-cache';
import { createCurrentUserStore, type CurrentUserStoreState } from './current-user-store';
import { createDataStore, type DataStoreState } from './data-store';
import { createNotificationsStore, type NotificationsStoreState } from './notifications-store';
import { createSessionStore, type SessionStoreState } from './session-store';
import { createStorageStore, type StorageStoreState } from './storage-store';
import { createSyncStore, type SyncStoreState } from './sync-store';
import { createTransfersStore, type TransfersStoreState } from './transfers-store';
import { createUiStore, type RecordType, type UiStoreState, type ViewName } from './ui-store';

export interface AppStores {
  bridge: BrmBridge;
  session: StoreApi<SessionStoreState>;
  /** The signed-in user's roles and grants, which the access rules judge (lib/use-access.ts). */
  currentUser: StoreApi<CurrentUserStoreState>;
  sync: StoreApi<SyncStoreState>;
  data: StoreApi<DataStoreState>;
  notifications: StoreApi<NotificationsStoreState>;
  transfers: StoreApi<TransfersStoreState>;
  storage: StoreApi<StorageStoreState>;
  ui: StoreApi<UiStoreState>;
  /** The views' last answers, shown at once when a view opens again (`useBridgeQuery`'s `showLast`). */
  answers: AnswerCache;
}

/** What the stores need to know of the view registry (`views/registry.ts`). */
export interface ViewRouting {
  initialView: ViewName;
  viewOfRecord(type: RecordType): ViewName | null;
}

/** Creates a fresh set of stores talking to `bridge` (not yet listening to its events). */
export function createAppStores(bridge: BrmBridge, routing: ViewRouting): AppStores {
  return {
    bridge,
    session: createSessionStore(bridge),
    currentUser: createCurrentUserStore(bridge),
    sync: createSyncStore(bridge),
    data: createDataStore(),
    notifications: createNotificationsStore(bridge),
    transfers: createTransfersStore(bridge),
    storage: createStorageStore(bridge),
    ui: createUiStore(routing.initialView, routing.viewOfRecord),
    answers: createAnswerCache(),
  };
}

/**
 * Shows an `app.notify` message: as a desktop notification when the user allowed them, otherwise
 * as an in-app toast.
 */
function showNotification(stores: AppStores, message: { title: string; body: string }): void {
  if (typeof Notification !== 'undefined' && Notification.permission === 'granted') {
    try {
      new Notification(message.title, { body: message.body });
      return;
    } catch {
      // Some browsers only allow notifications from a service worker; fall back to a toast.
    }
  }
  stores.ui.getState().pushToast(message);
}

/**
 * Opens the record of the `brm://` link that reached the app last, if one waits and the user is
 * signed in (docs/PACKAGING.md, "Record links"); a link that came while signed out waits for the
 * sign-in.
 */
async function openWaitingRecordLink(stores: AppStores): Promise<void> {
  if (stores.session.getState().session?.state !== 'signedIn') return;
  const link = await stores.bridge.call('app.takeRecordLink', {});
  const ui = stores.ui.getState();
  if (link && ui.canOpen(link.type)) ui.openRecord(link.type, link.id);
}

/** Subscribes the stores to the bridge's events; returns the function that unsubscribes them all. */
export function connectAppStores(stores: AppStores): () => void {
  const { bridge } = stores;
  const subscriptions = [
    bridge.on('session.changed', (session) => stores.session.getState().applySession(session)),
    // Leaving a session (sign-out or expiry) forgets its notifications and transfers.
    stores.session.subscribe((state, previous) => {
      if (previous.session?.state === 'signedIn' && state.session?.state !== 'signedIn') {
        stores.notifications.getState().reset();
        stores.transfers.getState().reset();
        stores.answers.clear();
        stores.currentUser.getState().reset();
      }
      if (state.session?.state === 'signedIn' && previous.session?.state !== 'signedIn') {
        void stores.currentUser.getState().load();
        void openWaitingRecordLink(stores);
      }
    }),
    bridge.on('sync.status', (status) => {
      const before = stores.sync.getState().status?.lastSyncedAt;
      stores.sync.getState().apply(status);
      // Grants may have changed on the service: read the user again after each sync run.
      if (
        status.lastSyncedAt &&
        status.lastSyncedAt !== before &&
        stores.session.getState().session?.state === 'signedIn'
      )
        void stores.currentUser.getState().load();
    }),
    bridge.on('data.changed', ({ types }) => {
      stores.data.getState().bump(types);
      if (types.includes('notification')) void stores.notifications.getState().load();
    }),
    bridge.on('answers.refreshed', ({ areas }) => stores.data.getState().bump(areas)),
    bridge.on('outbox.changed', () => stores.data.getState().bump(['outbox'])),
    bridge.on('transfer.progress', (transfer) => stores.transfers.getState().upsert([transfer])),
    bridge.on('app.notify', (message) => showNotification(stores, message)),
    bridge.on('app.recordLink', () => void openWaitingRecordLink(stores)),
    bridge.on('storage.notices', (notices) => stores.storage.getState().apply(notices)),
  ];
  return () => {
    for (const unsubscribe of subscriptions) unsubscribe();
  };
}
