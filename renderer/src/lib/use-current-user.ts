/**
 * `useCurrentUser`: the signed-in user with their roles and permission grants, as the service last
 * said (`account.me`, getCurrentUser, kept for offline use), from the one store that reads it
 * (stores/current-user-store.ts). What those allow is judged by lib/use-access.ts.
 */
import type { CurrentUser } from '../../../preload/contract';
import { useCurrentUserStore } from '../stores/stores-context';

/** The signed-in user; `known` false until the service (or a kept answer) said. */
export interface CurrentUserState {
  user: CurrentUser | null;
  known: boolean;
  /** True once the core answered (with the user, or with nothing kept) or failed to. */
  asked: boolean;
  /** The last failure to ask, in words (null when none). */
  error: string | null;
}

/** Reads the signed-in user. */
export function useCurrentUser(): CurrentUserState {
  const user = useCurrentUserStore((state) => state.user);
  const asked = useCurrentUserStore((state) => state.asked);
  const error = useCurrentUserStore((state) => state.error);
  return { user, known: user !== null, asked, error };
}
