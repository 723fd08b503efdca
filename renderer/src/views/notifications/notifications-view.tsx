/**
 * Notifications: newest first, unread ones marked, each with "Dismiss"; "Dismiss all". In browser
 * mode the user can allow desktop notifications here (the browser asks only after a click).
 */
import { useState } from 'react';
import { EmptyState } from '../../components/empty-state';
import { ErrorBanner } from '../../components/error-banner';
import { LoadingState } from '../../components/loading-state';
import { formatAgo, formatDateTime, pluralize } from '../../lib/format';
import { useNow } from '../../lib/use-now';
import { useNotifications, useSession } from '../../stores/stores-context';
import './notifications.css';

/** Renders the notifications view. */
export function NotificationsView() {
  const items = useNotifications((state) => state.items);
  const unread = useNotifications((state) => state.unreadCount);
  const phase = useNotifications((state) => state.phase);
  const error = useNotifications((state) => state.error);
  const { load, dismiss, dismissAll, clearError } = useNotifications((state) => state);
  const now = useNow();

  let body: React.ReactNode;
  if (phase === 'failed') {
    body = <ErrorBanner message={error ?? 'Notifications could not be loaded.'} onRetry={() => void load()} />;
  } else if (phase !== 'ready') {
    body = <LoadingState label="Loading notifications…" />;
  } else if (items.length === 0) {
    body = (
      <EmptyState title="You're all caught up">
        New notifications about approvals, comments and invitations appear here.
      </EmptyState>
    );
  } else {
    body = (
      <ul className="notification-list" aria-label="Notifications">
        {items.map((item) => (
          <li key={item.id} className={item.state === 'unread' ? 'notification notification-unread' : 'notification'}>
            <span className="notification-dot" aria-hidden="true" />
            <div className="notification-text">
              <p className="notification-title">
                {item.title}
                {item.state === 'unread' ? <span className="visually-hidden"> (unread)</span> : null}
              </p>
              <p className="notification-body">{item.body}</p>
              <time className="notification-time" dateTime={item.createdAt} title={formatDateTime(item.createdAt)}>
                {formatAgo(item.createdAt, now)}
              </time>
            </div>
            <button
              type="button"
              className="button button-small button-quiet"
              aria-label={`Dismiss ${item.title}`}
              onClick={() => void dismiss(item.id)}
            >
              Dismiss
            </button>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div className="single-pane">
      <header className="view-header view-header-row">
        <div>
          <h1>Notifications</h1>
          <p className="view-summary">
            {phase === 'ready' ? `${pluralize(items.length, 'notification')}, ${unread} unread` : ' '}
          </p>
        </div>
        <div className="button-row">
          <DesktopNotificationsToggle />
          <button
            type="button"
            className="button"
            onClick={() => void dismissAll()}
            disabled={phase !== 'ready' || items.length === 0}
          >
            Dismiss all
          </button>
        </div>
      </header>
      {error && phase !== 'failed' ? <ErrorBanner message={error} onDismiss={clearError} /> : null}
      <div className="view-body view-body-scroll">{body}</div>
    </div>
  );
}

/** Browser mode only: asks the browser for permission to show desktop notifications. */
function DesktopNotificationsToggle() {
  const mode = useSession((state) => state.info?.mode);
  const supported = typeof Notification !== 'undefined';
  const [permission, setPermission] = useState(() => (supported ? Notification.permission : 'denied'));
  if (mode !== 'browser' || !supported || permission === 'granted') return null;
  if (permission === 'denied') {
    return <span className="muted">Desktop notifications are blocked in this browser; new ones show in the app.</span>;
  }
  return (
    <button type="button" className="button" onClick={() => void Notification.requestPermission().then(setPermission)}>
      Allow desktop notifications
    </button>
  );
}
