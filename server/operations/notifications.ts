/** Operations of the Notifications group; every one is scoped to the signed-in user. */
import { pageJson } from '../db/paging';
import type { OperationHandlers } from '../http/bind';
import { notFound } from '../http/problem';
import type { OperationDeps } from './deps';

/** Handlers of the Notifications group. */
export function notificationHandlers(
  deps: OperationDeps,
): Pick<
  OperationHandlers,
  'getNotifications' | 'getRecentNotifications' | 'dismissNotification' | 'dismissAllNotifications'
> {
  const { notifications } = deps.store;
  return {
    getNotifications: ({ query, userId }) =>
      pageJson(notifications.list(userId, { state: query.state, cursor: query.cursor, limit: query.limit ?? 50 })),
    getRecentNotifications: ({ query, userId }) => {
      const page = notifications.list(userId, { limit: query.limit ?? 10 });
      return `{"items":[${page.items.join(',')}],"unreadCount":${notifications.unreadCount(userId)}}`;
    },
    dismissNotification: ({ body, userId }) => {
      const result = deps.store.transaction(() => notifications.dismiss(userId, body.id));
      if (!result) throw notFound('notification', body.id);
      return result;
    },
    dismissAllNotifications: ({ body, userId }) => {
      const before = body?.before ? new Date(body.before).toISOString() : new Date().toISOString();
      return { dismissed: notifications.dismissAll(userId, before) };
    },
  };
}
