/**
 * Installs the app-wide keyboard shortcuts (`shortcuts.ts`) on the window. Ctrl/Cmd shortcuts work
 * everywhere; plain keys (`?`, `N`, `P`) only when the user is not typing and no dialog is open.
 */
import { useEffect } from 'react';
import { useStores } from '../../stores/stores-context';
import { globalShortcuts } from './shortcuts';

/** True when the key goes to a text field (or an editable element), where plain keys type text. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  return target.closest('input, textarea, select, [role="combobox"]') !== null;
}

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
