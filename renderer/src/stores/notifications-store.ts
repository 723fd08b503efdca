/**
 * The signed-in user's notifications and the unread count for the navigation badge. Reloaded when
 * `data.changed` names `notification`. A dismissal leaves the list at once but reaches the core only
 * after `undoWindowMs`, so it can be undone meanwhile; opening one marks it read.
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
  /** Hides `id` now and dismisses it for good after `undoWindowMs` unless `undoDismiss` comes first. */
  dismiss(id: string): void;
  /** Brings back a notification whose dismissal has not been sent yet. */
  undoDismiss(id: string): void;
  /** Sends every dismissal still waiting for its undo window (before the page goes away). */
  flushDismissals(): void;
  /** Marks `id` read (no-op when it is not unread). */
  markRead(id: string): Promise<void>;
  dismissAll(): Promise<void>;
  clearError(): void;
  /** Forgets everything (after sign-out, so the next user never sees this one's notifications). */
  reset(): void;
}

/** How long a dismissal can be undone before it is sent, ms. */
export const undoWindowMs = 6_000;

function visible(items: Notification[], hidden: ReadonlyMap<string, unknown>): Notification[] {
  return items
    .filter((item) => item.state !== 'dismissed' && !hidden.has(item.id))
    .sort((a, b) => (a.createdAt < b.createdAt ? 1 : a.createdAt > b.createdAt ? -1 : 0));
}

/** Creates the notifications store over `bridge`. */
export function createNotificationsStore(bridge: BrmBridge): StoreApi<NotificationsStoreState> {
  // Each load or dismissal takes a ticket; a load's answer is applied only if no later one started,
  // so a slow load never brings back an item the user has just dismissed.
  let ticket = 0;
  const sends = new Map<string, () => Promise<void>>();
  /** Dismissals waiting for their undo window: id → timer. */
  const waiting = new Map<string, ReturnType<typeof setTimeout>>();

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
        const hiddenUnread = result.items.filter((item) => waiting.has(item.id) && item.state === 'unread').length;
        set({
          items: visible(result.items, waiting),
          unreadCount: Math.max(0, result.unreadCount - hiddenUnread),
          phase: 'ready',
          error: null,
        });
      } catch (reason) {
        if (mine !== ticket) return;
        set({
          phase: get().phase === 'ready' ? 'ready' : 'failed',
          error: `Notifications could not be loaded: ${errorMessage(reason)}`,
        });
      }
    },

    dismiss(id) {
      ticket++;
      const before = get();
      const target = before.items.find((item) => item.id === id);
      if (!target || waiting.has(id)) return;
      set({
        items: before.items.filter((item) => item.id !== id),
        unreadCount: Math.max(0, before.unreadCount - (target.state === 'unread' ? 1 : 0)),
        error: null,
      });
      const send = async () => {
        waiting.delete(id);
        try {
          await bridge.call('notifications.dismiss', { id });
        } catch (reason) {
          set({ error: `"${target.title}" could not be dismissed: ${errorMessage(reason)}` });
        }
        await get().load();
      };
      waiting.set(
        id,
        setTimeout(() => void send(), undoWindowMs),
      );
      // Kept with the timer so flushDismissals can send it early.
      sends.set(id, send);
    },

    undoDismiss(id) {
      const timer = waiting.get(id);
      if (!timer) return;
      clearTimeout(timer);
      waiting.delete(id);
      sends.delete(id);
      void get().load();
    },

    flushDismissals() {
      for (const [id, timer] of waiting) {
        clearTimeout(timer);
        void sends.get(id)?.();
        sends.delete(id);
      }
    },

    async markRead(id) {
      const target = get().items.find((item) => item.id === id);
      if (target?.state !== 'unread') return;
      ticket++;
      set({
        items: get().items.map((item) => (item.id === id ? { ...item, state: 'read' as const } : item)),
        unreadCount: Math.max(0, get().unreadCount - 1),
      });
      try {
        await bridge.call('notifications.markRead', { id });
      } catch (reason) {
        set({ error: `"${target.title}" could not be marked read: ${errorMessage(reason)}` });
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
      for (const timer of waiting.values()) clearTimeout(timer);
      waiting.clear();
      sends.clear();
      set({ items: [], unreadCount: 0, phase: 'idle', error: null });
    },
  }));
}
