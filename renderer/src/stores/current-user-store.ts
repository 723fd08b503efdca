/**
 * The signed-in user with their roles and permission grants (`account.me`, getCurrentUser, kept by
 * the core for offline use), read once for the whole renderer: what the access rules judge a caller
 * by (lib/use-access.ts). `connectAppStores` reads it at sign-in and again after each sync run (the
 * core asks the service at most once a minute), and forgets it at sign-out.
 */
import { createStore, type StoreApi } from 'zustand/vanilla';
import type { BrmBridge, CurrentUser } from '../../../preload/contract';
import { errorMessage } from '../lib/errors';

export interface CurrentUserStoreState {
  /** The user as the service last said (null: not known yet, e.g. a first start offline). */
  user: CurrentUser | null;
  /** True once `account.me` answered at least once in this session (with a user or with nothing kept). */
  asked: boolean;
  /** Why the last read failed, in words (null when it did not). */
  error: string | null;
  /** Reads the user from the core; the previous answer stays while it runs and when it fails. */
  load(): Promise<void>;
  /** Forgets the user (the session ended). */
  reset(): void;
}

/** Creates the current-user store over `bridge`. */
export function createCurrentUserStore(bridge: BrmBridge): StoreApi<CurrentUserStoreState> {
  let seq = 0;
  return createStore<CurrentUserStoreState>()((set) => ({
    user: null,
    asked: false,
    error: null,
    async load() {
      const mine = ++seq;
      try {
        const answer = await bridge.call('account.me', {});
        if (mine !== seq) return;
        set((state) => ({ user: answer.value ?? state.user, asked: true, error: null }));
      } catch (reason) {
        if (mine === seq) set({ asked: true, error: errorMessage(reason) });
      }
    },
    reset() {
      seq++;
      set({ user: null, asked: false, error: null });
    },
  }));
}
