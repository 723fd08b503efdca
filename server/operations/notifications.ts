/** Operations of the Notifications group; every one is scoped to the signed-in user. */
import type { components } from '../../api/generated/schema';
import { pageJson } from '../db/paging';
import type { OperationHandlers } from '../http/bind';
import { notFound } from '../http/problem';
import { nextState, type TransitionTable } from '../http/transitions';
import type { OperationDeps } from './deps';

type NotificationState = components['schemas']['NotificationState'];

/**
 * The moves of a notification (contract: `NotificationState`): unread → read → dismissed, and
 * unread → dismissed. Repeating the move that led to the current state answers the notification
 * unchanged (0.1 clients rely on dismissing being idempotent); a dismissed notification cannot be read.
 */
const notificationMoves: TransitionTable<NotificationState, 'read' | 'dismissed'> = {
  read: { from: ['unread', 'read'], to: 'read' },
  dismissed: { from: ['unread', 'read', 'dismissed'], to: 'dismissed' },
};

/** Handlers of the Notifications group. */
export function notificationHandlers(
  deps: OperationDeps,
): Pick<
  OperationHandlers,
  | 'getNotifications'
  | 'getRecentNotifications'
  | 'dismissNotification'
  | 'dismissAllNotifications'
  | 'markNotificationRead'
> {
  const { notifications } = deps.store;
  const move = (userId: string, id: string, action: 'read' | 'dismissed') =>
    deps.store.transaction(() => {
      const current = notifications.get(userId, id);
      if (!current) throw notFound('notification', id);
      const to = nextState(notificationMoves, action, current.state, 'notification', id);
      return notifications.setState(userId, id, to);
    });
  return {
    getNotifications: ({ query, userId }) =>
      pageJson(notifications.list(userId, { state: query.state, cursor: query.cursor, limit: query.limit ?? 50 })),
    getRecentNotifications: ({ query, userId }) => {
      const page = notifications.list(userId, { limit: query.limit ?? 10 });
      return `{"items":[${page.items.join(',')}],"unreadCount":${notifications.unreadCount(userId)}}`;
    },
    markNotificationRead: ({ body, userId }) => move(userId, body.id, 'read'),
    dismissNotification: ({ body, userId }) => move(userId, body.id, 'dismissed'),
    dismissAllNotifications: ({ body, userId }) => {
      const before = body?.before ? new Date(body.before).toISOString() : new Date().toISOString();
      return { dismissed: notifications.dismissAll(userId, before) };
    },
  };
}
