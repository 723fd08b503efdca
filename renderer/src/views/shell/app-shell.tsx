/**
 * The signed-in app: a sidebar with the main navigation, the sync status and the user, and the
 * current view. Keyboard: Ctrl/Cmd+1..4 switch views, Ctrl/Cmd+F focuses the view's search.
 */
import { useEffect } from 'react';
import { useStores, useUi } from '../../stores/stores-context';
import type { ViewName } from '../../stores/ui-store';
import { CalendarView } from '../calendar/calendar-view';
import { ContactsView } from '../contacts/contacts-view';
import { DocumentsView } from '../documents/documents-view';
import { NotificationsView } from '../notifications/notifications-view';
import { MainNavigation } from './main-navigation';
import { SyncStatusIndicator } from './sync-status-indicator';
import { useShortcuts } from './use-shortcuts';
import { UserPanel } from './user-panel';
import './shell.css';

const views: Record<ViewName, () => React.JSX.Element> = {
  contacts: ContactsView,
  calendar: CalendarView,
  documents: DocumentsView,
  notifications: NotificationsView,
};

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

  const View = views[view];
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
    </div>
  );
}
