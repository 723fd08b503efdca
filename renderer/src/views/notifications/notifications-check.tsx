/**
 * "Check with the service" for the notifications list, and "Show dismissed": the dismissed
 * notifications this computer keeps (the change feed brings a dismissal as the notification with
 * `state: dismissed`), checked against `getNotifications` with `state=dismissed` while they show
 * (components/service-check.tsx; preload/contract/listing-checks.ts).
 */
import { useCallback, useState } from 'react';
import { EmptyState } from '../../components/empty-state';
import { ErrorBanner } from '../../components/error-banner';
import { ServiceCheck } from '../../components/service-check';
import { formatAgo, formatDateTime, pluralize } from '../../lib/format';
import { useBridgeQuery } from '../../lib/use-bridge-query';
import { useNow } from '../../lib/use-now';
import { useBridge, useUi } from '../../stores/stores-context';
import { recordOf } from './notification-item';
import './notifications-check.css';

const notificationNoun = ['notification', 'notifications'] as const;
/** The newest dismissed notifications shown; older ones are counted. */
const shownDismissed = 50;
const dismissedNoun = ['dismissed notification', 'dismissed notifications'] as const;

/** Renders the check, the "Show dismissed" switch and, while it is on, the dismissed notifications. */
export function NotificationsCheck() {
  const bridge = useBridge();
  const [showDismissed, setShowDismissed] = useState(false);
  const check = useCallback(
    () => bridge.call('notifications.checkList', showDismissed ? { state: 'dismissed' } : {}),
    [bridge, showDismissed],
  );
  return (
    <div className="notifications-check">
      <div className="service-check-bar">
        <label className="service-check-toggle">
          <input type="checkbox" checked={showDismissed} onChange={(e) => setShowDismissed(e.target.checked)} />
          Show dismissed
        </label>
        <ServiceCheck
          scopeKey={showDismissed ? 'dismissed' : 'current'}
          noun={showDismissed ? dismissedNoun : notificationNoun}
          check={check}
        />
      </div>
      {showDismissed ? <DismissedNotifications /> : null}
    </div>
  );
}

/** The dismissed notifications kept here, newest first; a title opens the record it is about. */
function DismissedNotifications() {
  const { data, error, reload } = useBridgeQuery('notifications.listDismissed', {}, ['notification']);
  const openRecord = useUi((state) => state.openRecord);
  const canOpen = useUi((state) => state.canOpen);
  const now = useNow();
  if (error) return <ErrorBanner message={`Dismissed notifications could not be read: ${error}`} onRetry={reload} />;
  if (!data) return null;
  return (
    <section className="dismissed-notifications" aria-label="Dismissed notifications">
      <h2>{pluralize(data.length, 'dismissed notification')} kept on this computer</h2>
      {data.length === 0 ? (
        <EmptyState title="No dismissed notifications here">
          Check with the service to bring the ones it keeps as dismissed.
        </EmptyState>
      ) : (
        <ul>
          {data.slice(0, shownDismissed).map((item) => {
            const target = recordOf(item, canOpen);
            return (
              <li key={item.id}>
                {target ? (
                  <button type="button" className="link-button" onClick={() => openRecord(target.type, target.id)}>
                    {item.title}
                  </button>
                ) : (
                  <span>{item.title}</span>
                )}{' '}
                <time className="muted" dateTime={item.createdAt} title={formatDateTime(item.createdAt)}>
                  {formatAgo(item.createdAt, now)}
                </time>
              </li>
            );
          })}
          {data.length > shownDismissed ? <li>and {data.length - shownDismissed} older ones</li> : null}
        </ul>
      )}
    </section>
  );
}
