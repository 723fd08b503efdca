/**
 * `useViewKeys`: a view's own plain keys (E edits, A archives, Delete deletes…) while the view is
 * mounted. They follow the app-wide rule for plain keys (`lib/keyboard.ts`): ignored while the user
 * types or a dialog is open. List the same keys in the view's registry entry (`shortcuts`) so the
 * shortcuts help shows them.
 */
import { useEffect, useRef } from 'react';
import { isPlainShortcutKey } from './keyboard';

/** Handlers by `KeyboardEvent.key`, lower-cased for letters ("e", "delete", "backspace"). */
export type ViewKeyHandlers = Record<string, () => void>;

/** Installs `handlers` on the window while the caller is mounted (the latest handlers always run). */
export function useViewKeys(handlers: ViewKeyHandlers): void {
  const latest = useRef(handlers);
  latest.current = handlers;
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.shiftKey || !isPlainShortcutKey(event)) return;
      const handler = latest.current[event.key.toLowerCase()];
      if (!handler) return;
      event.preventDefault();
      handler();
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
}
