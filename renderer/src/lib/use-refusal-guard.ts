/**
 * `useRefusalGuard`: for the ways of starting an action that have no button to disable (keyboard
 * shortcuts, drops, commands): runs the action when it is allowed, else says why in a toast and does
 * nothing else (no bridge call). The refusal comes from lib/use-access.ts.
 */
import { useCallback } from 'react';
import { useUi } from '../stores/stores-context';
import type { Access } from './use-access';

/** The toast's title of a refused action. */
export const refusedTitle = 'Not allowed';

/** Returns `guard(access, run)`: runs `run` when `access` allows it, else shows `access.reason`; true when it ran. */
export function useRefusalGuard(): (access: Access, run: () => void) => boolean {
  const pushToast = useUi((state) => state.pushToast);
  return useCallback(
    (access, run) => {
      if (access.allowed) {
        run();
        return true;
      }
      pushToast({ title: refusedTitle, body: access.reason ?? 'The service does not let you do this.' });
      return false;
    },
    [pushToast],
  );
}
