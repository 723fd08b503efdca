/**
 * Notifications: newest first, unread ones marked. A notification's title opens its record (and
 * marks it read); "Dismiss" removes it with a few seconds to undo; "Dismiss all" asks first. In
 * browser mode the user can allow desktop notifications here (the browser asks only after a click).
 */
import { useEffect, useState } from 'react';
import type { Notification } from '../../../../preload/contract';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { EmptyState } from '../../components/empty-state';
import { ErrorBanner } from '../../components/error-banner';
import { LoadingState } from '../../components/loading-state';
import { pluralize } from '../../lib/format';
import { useNow } from '../../lib/use-now';
import { undoWindowMs } from '../../stores/notifications-store';
import { useNotifications, useSession, useUi } from '../../stores/stores-context';
import { NotificationItem, recordOf } from './notification-item';
import { NotificationsCheck } from './notifications-check';
import './notifications.css';

/** Renders the notifications view. */
export function NotificationsView() {
  const items = useNotifications((state) => state.items);
  const unread = useNotifications((state) => state.unreadCount);
  const phase = useNotifications((state) => state.phase);
  const error = useNotifications((state) => state.error);
  const { load, dismiss, undoDismiss, flushDismissals, markRead, dismissAll, clearError } = useNotifications(
    (state) => state,
  );
  const pushToast = useUi((state) => state.pushToast);
  const openRecord = useUi((state) => state.openRecord);
  const canOpen = useUi((state) => state.canOpen);
  const [confirmingAll, setConfirmingAll] = useState(false);
  const now = useNow();

  // A dismissal still inside its undo window is sent before the page goes away.
  useEffect(() => {
    window.addEventListener('pagehide', flushDismissals);
    return () => window.removeEventListener('pagehide', flushDismissals);
  }, [flushDismissals]);

  function open(item: Notification) {
    const target = recordOf(item, canOpen);
    void markRead(item.id);
    if (target) openRecord(target.type, target.id);
  }

  function dismissWithUndo(item: Notification) {
    dismiss(item.id);
    pushToast({
      title: 'Notification dismissed',
      body: item.title,
      durationMs: undoWindowMs,
      action: { label: 'Undo', run: () => undoDismiss(item.id) },
    });
  }

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
          <NotificationItem
            key={item.id}
            item={item}
            target={recordOf(item, canOpen)}
            now={now}
            onOpen={open}
            onMarkRead={(n) => void markRead(n.id)}
            onDismiss={dismissWithUndo}
          />
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
            onClick={() => setConfirmingAll(true)}
            disabled={phase !== 'ready' || items.length === 0}
          >
            Dismiss all
          </button>
        </div>
      </header>
      <NotificationsCheck />
      {error && phase !== 'failed' ? <ErrorBanner message={error} onDismiss={clearError} /> : null}
      <div className="view-body view-body-scroll">{body}</div>
      <ConfirmDialog
        open={confirmingAll}
        title="Dismiss all notifications?"
        message={`All ${pluralize(items.length, 'notification')} leave this list, here and on your other devices. This cannot be undone.`}
        confirmLabel="Dismiss all"
        onConfirm={() => {
          setConfirmingAll(false);
          void dismissAll();
        }}
        onCancel={() => setConfirmingAll(false)}
      />
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
