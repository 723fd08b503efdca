/**
 * One notification: its title opens the record it is about (and marks it read), "Mark read" marks it
 * read without leaving, "Dismiss" removes it with a few seconds to undo.
 */
import type { Notification } from '../../../../preload/contract';
import { formatAgo, formatDateTime } from '../../lib/format';
import type { RecordType } from '../../stores/ui-store';
import { DocumentApprovalActions } from './document-approval-actions';

/**
 * The record a notification opens, or null when it names none or no view of the app shows that kind
 * of record (`canOpen` from the UI store).
 */
export function recordOf(
  item: Notification,
  canOpen: (type: string) => type is RecordType,
): { type: RecordType; id: string } | null {
  const type = item.resourceType;
  if (!type || !item.resourceId || !canOpen(type)) return null;
  return { type, id: item.resourceId };
}

export interface NotificationItemProps {
  item: Notification;
  /** Where its title leads, or null when it opens nothing. */
  target: { type: RecordType; id: string } | null;
  now: number;
  onOpen(item: Notification): void;
  onMarkRead(item: Notification): void;
  onDismiss(item: Notification): void;
}

/** Renders the notification as a list item. */
export function NotificationItem({ item, target, now, onOpen, onMarkRead, onDismiss }: NotificationItemProps) {
  const unread = item.state === 'unread';
  const title = (
    <>
      {item.title}
      {unread ? <span className="visually-hidden"> (unread)</span> : null}
    </>
  );
  return (
    <li className={unread ? 'notification notification-unread' : 'notification'}>
      <span className="notification-dot" aria-hidden="true" />
      <div className="notification-text">
        <p className="notification-title">
          {target ? (
            <button type="button" className="notification-open" onClick={() => onOpen(item)}>
              {title}
            </button>
          ) : (
            title
          )}
        </p>
        <p className="notification-body">{item.body}</p>
        {item.kind === 'documentAwaitingApproval' && item.resourceId ? (
          <DocumentApprovalActions documentId={item.resourceId} />
        ) : null}
        <time className="notification-time" dateTime={item.createdAt} title={formatDateTime(item.createdAt)}>
          {formatAgo(item.createdAt, now)}
        </time>
      </div>
      <div className="button-row">
        {unread ? (
          <button
            type="button"
            className="button button-small button-quiet"
            aria-label={`Mark read: ${item.title}`}
            onClick={() => onMarkRead(item)}
          >
            Mark read
          </button>
        ) : null}
        <button
          type="button"
          className="button button-small button-quiet"
          aria-label={`Dismiss ${item.title}`}
          onClick={() => onDismiss(item)}
        >
          Dismiss
        </button>
      </div>
    </li>
  );
}
