/**
 * `useCurrentUser`: the signed-in user with their roles, as the service last said
 * (`account.me`, getCurrentUser, kept for offline use), and what those roles allow by the
 * contract's rules (preload/contract/account.ts: `isAdministrator`, `readsEveryAuditRecord`).
 */
import { type CurrentUser, isAdministrator, readsEveryAuditRecord } from '../../../preload/contract';
import { useBridgeQuery } from './use-bridge-query';

/** The signed-in user and what their roles allow; `known` false until the service (or a kept answer) said. */
export interface CurrentUserState {
  user: CurrentUser | null;
  known: boolean;
  /** Has the `admin` role. */
  isAdmin: boolean;
  /** May read every audit record (roles `manager` or `admin`). */
  readsEveryAuditRecord: boolean;
  /** The last failure to ask, in words (null when none). */
  error: string | null;
}

/** Reads the signed-in user's roles. */
export function useCurrentUser(): CurrentUserState {
  const { data, error } = useBridgeQuery('account.me', {});
  const user = data?.value ?? null;
  return {
    user,
    known: user !== null,
    isAdmin: user ? isAdministrator(user.roles) : false,
    readsEveryAuditRecord: user ? readsEveryAuditRecord(user.roles) : false,
    error,
  };
}
