/**
 * The Users view's navigation gate: its entry shows only to administrators, as the service says
 * who is one (the `admin` role of `Gets current user`; preload/contract/account.ts).
 */
import type { ReactNode } from 'react';
import { useCurrentUser } from '../../lib/use-current-user';

/** Renders `children` only while the signed-in user is known to be an administrator. */
export function AdminNavGate({ children }: { children: ReactNode }) {
  const { isAdmin } = useCurrentUser();
  return isAdmin ? children : null;
}
