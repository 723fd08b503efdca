/**
 * The signed-in user's notifications and the unread count for the navigation badge. Reloaded when
 * `data.changed` names `notification`; dismissals update the list at once and are confirmed by the
 * reload that follows.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { BrmBridge, Notification } from '../../../preload/contract';
import { errorMessage } from '../lib/errors';

export interface NotificationsStoreState {
  /** Notifications not dismissed, newest first. */
  items: Notification[];
  unreadCount: number;
  phase: 'idle' | 'loading' | 'ready' | 'failed';
  /** What went wrong with the last load or dismissal, and what to do. */
  error: string | null;
  load(): Promise<void>;
  dismiss(id: string): Promise<void>;
  dismissAll(): Promise<void>;
  clearError(): void;
  /** Forgets everything (after sign-out, so the next user never sees this one's notifications). */
  reset(): void;
}

function visible(items: Notification[]): Notification[] {
  return items
    .filter((item) => item.state !== 'dismissed')
    .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
}

/** Creates the notifications store over `bridge`. */
export function createNotificationsStore(bridge: BrmBridge): StoreApi<NotificationsStoreState> {
  // Each load or dismissal takes a ticket; a load's answer is applied only if no later one started,
  // so a slow load never brings back an item the user has just dismissed.
  let ticket = 0;

  return createStore<NotificationsStoreState>()((set, get) => ({
    items: [],
    unreadCount: 0,
    phase: 'idle',
    error: null,

    async load() {
      const mine = ++ticket;
      if (get().phase !== 'ready') set({ phase: 'loading' });
      try {
        const result = await bridge.call('notifications.list', {});
        if (mine !== ticket) return;
        set({ items: visible(result.items), unreadCount: result.unreadCount, phase: 'ready', error: null });
      } catch (reason) {
        if (mine !== ticket) return;
        set({
          phase: get().phase === 'ready' ? 'ready' : 'failed',
          error: `Notifications could not be loaded: ${errorMessage(reason)}`,
        });
      }
    },

    async dismiss(id) {
      ticket++;
      const before = get();
      const target = before.items.find((item) => item.id === id);
      if (!target) return;
      set({
        items: before.items.filter((item) => item.id !== id),
        unreadCount: Math.max(0, before.unreadCount - (target.state === 'unread' ? 1 : 0)),
        error: null,
      });
      try {
        await bridge.call('notifications.dismiss', { id });
      } catch (reason) {
        set({ error: `"${target.title}" could not be dismissed: ${errorMessage(reason)}` });
      }
      await get().load();
    },

    async dismissAll() {
      ticket++;
      set({ items: [], unreadCount: 0, error: null });
      try {
        await bridge.call('notifications.dismissAll', {});
      } catch (reason) {
        set({ error: `Notifications could not be dismissed: ${errorMessage(reason)}` });
      }
      await get().load();
    },

    clearError() {
      set({ error: null });
    },

    reset() {
      ticket++;
      set({ items: [], unreadCount: 0, phase: 'idle', error: null });
    },
  }));
}
