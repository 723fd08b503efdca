/**
 * Installs the app-wide keyboard shortcuts (`shortcuts.ts`) on the window. Ctrl/Cmd shortcuts work
 * everywhere; plain keys (`?`, `N`, `P`) only when the user is not typing and no dialog is open.
 */
import { useEffect } from 'react';
import { isTyping } from '../../lib/keyboard';
import { useStores } from '../../stores/stores-context';
import { globalShortcuts } from './shortcuts';

/** Installs the shortcuts while the caller is mounted. */
export function useShortcuts(): void {
  const stores = useStores();
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (event.defaultPrevented || event.altKey) return;
      const mod = event.ctrlKey || event.metaKey;
      const key = event.key.toLowerCase();
      for (const shortcut of globalShortcuts) {
        if (shortcut.key !== key) continue;
        if (shortcut.mod) {
          if (!mod || event.shiftKey) continue;
        } else {
          if (mod || isTyping(event.target) || document.querySelector('dialog[open]')) continue;
        }
        event.preventDefault();
        shortcut.run(stores);
        return;
      }
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [stores]);
}
