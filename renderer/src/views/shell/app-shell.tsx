/**
 * The signed-in app: a sidebar with the main navigation, the sync status and the user, the current
 * view (from the view registry), and the overlays (command palette, shortcuts help, pending
 * changes). Keyboard: see `shortcuts.ts`.
 */
import { useEffect } from 'react';
import { useStores, useUi } from '../../stores/stores-context';
import { SinceAwayPrompt } from '../news/since-away';
import { viewDefinition } from '../registry';
import { MainNavigation } from './main-navigation';
import { Overlays } from './overlays';
import { SyncStatusIndicator } from './sync-status-indicator';
import { useShortcuts } from './use-shortcuts';
import { UserPanel } from './user-panel';
import './shell.css';

/** Renders the shell and loads what it always shows (sync status, unread count, transfers). */
export function AppShell() {
  const stores = useStores();
  const view = useUi((state) => state.view);
  useShortcuts();

  useEffect(() => {
    void stores.sync.getState().refresh();
    void stores.notifications.getState().load();
    void stores.transfers.getState().load();
  }, [stores]);

  const View = viewDefinition(view).component;
  return (
    <div className="app-shell">
      <aside className="sidebar">
        <div className="sidebar-brand">
          <span className="brand-mark" aria-hidden="true">
            B
          </span>
          <span className="sidebar-brand-name">BRM Desktop</span>
        </div>
        <MainNavigation />
        <div className="sidebar-footer">
          <SyncStatusIndicator />
          <UserPanel />
        </div>
      </aside>
      <main className="app-main">
        <View />
      </main>
      <Overlays />
      <SinceAwayPrompt />
    </div>
  );
}
