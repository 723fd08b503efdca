/** App-wide keyboard shortcuts: Ctrl/Cmd+1..4 switch views, Ctrl/Cmd+F focuses the current view's search. */
import { useEffect } from 'react';
import { useStores } from '../../stores/stores-context';
import { viewNames } from '../../stores/ui-store';

/** Installs the shortcuts on the window while the caller is mounted. */
export function useShortcuts(): void {
  const { ui } = useStores();
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.shiftKey) return;
      const position = Number.parseInt(event.key, 10);
      if (position >= 1 && position <= viewNames.length) {
        event.preventDefault();
        ui.getState().setView(viewNames[position - 1]);
        return;
      }
      if (event.key.toLowerCase() === 'f') {
        const focusSearch = ui.getState().focusSearch;
        if (focusSearch) {
          event.preventDefault();
          focusSearch();
        }
      }
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [ui]);
}
