/** The main navigation: one button per view, with the unread-notifications badge. */
import { Icon, type IconName } from '../../components/icon';
import { useNotifications, useUi } from '../../stores/stores-context';
import type { ViewName } from '../../stores/ui-store';

const items: ReadonlyArray<{ view: ViewName; label: string; icon: IconName }> = [
  { view: 'contacts', label: 'Contacts', icon: 'contacts' },
  { view: 'calendar', label: 'Calendar', icon: 'calendar' },
  { view: 'documents', label: 'Documents', icon: 'documents' },
  { view: 'notifications', label: 'Notifications', icon: 'notifications' },
];

const isMac = typeof navigator !== 'undefined' && /Mac/i.test(navigator.platform);

/** Renders the navigation; the current view's button carries aria-current="page". */
export function MainNavigation() {
  const view = useUi((state) => state.view);
  const setView = useUi((state) => state.setView);
  const unread = useNotifications((state) => state.unreadCount);

  return (
    <nav aria-label="Main" className="main-nav">
      <ul>
        {items.map((item, index) => (
          <li key={item.view} className="main-nav-item">
            <button
              type="button"
              className="main-nav-button"
              aria-current={item.view === view ? 'page' : undefined}
              aria-keyshortcuts={`${isMac ? 'Meta' : 'Control'}+${index + 1}`}
              title={`${item.label} (${isMac ? '⌘' : 'Ctrl+'}${index + 1})`}
              onClick={() => setView(item.view)}
            >
              <Icon name={item.icon} />
              <span>{item.label}</span>
            </button>
            {item.view === 'notifications' && unread > 0 ? (
              <span className="badge" role="status" aria-label="Unread notifications">
                {unread}
              </span>
            ) : null}
          </li>
        ))}
      </ul>
    </nav>
  );
}
