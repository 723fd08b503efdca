/**
 * Handlers of `notifications.*`: the list from the cache; marking read, dismissing and dismissing
 * all are actions through the write path, so they work offline and reach the service in order.
 */
import { BridgeError, type Notification } from '../../../../preload/contract';
import type { ApiNotification } from '../../api/types';
import type { AreaHandlers, HandlerContext } from '../context';

type Names = 'notifications.list' | 'notifications.markRead' | 'notifications.dismiss' | 'notifications.dismissAll';

/** The bridge shape of a notification record. */
export function toNotification(record: ApiNotification): Notification {
  const { id, kind, title, body, state, resourceType, resourceId, createdAt } = record;
  return { id, kind, title, body, state, resourceType: resourceType ?? null, resourceId, createdAt };
}

/** Moves a notification to `state` here and queues the operation that does it on the service. */
function move(ctx: HandlerContext, id: string, state: 'read' | 'dismissed'): Notification {
  const current = ctx.writes.read('notification', id) as ApiNotification | null;
  if (!current) throw new BridgeError('not_found', 'That notification is not here any more.');
  if (current.state === state || current.state === 'dismissed') return toNotification(current);
  const mine = { ...current, state };
  ctx.writes.action(
    'notification',
    id,
    mine,
    { operationId: state === 'read' ? 'markNotificationRead' : 'dismissNotification', body: { id } },
    `${state === 'read' ? 'Mark read' : 'Dismiss'}: ${current.title}`,
  );
  return toNotification(mine);
}

/** Creates the notification handlers. */
export const notificationsHandlers: AreaHandlers<Names> = (ctx) => ({
  'notifications.list': async () => ctx.stores.notifications.list(),
  'notifications.markRead': async ({ id }) => move(ctx, id, 'read'),
  'notifications.dismiss': async ({ id }) => move(ctx, id, 'dismissed'),
  'notifications.dismissAll': async () => {
    const before = new Date().toISOString();
    const dismissed = ctx.stores.notifications.list().items.filter((n) => n.createdAt <= before).length;
    if (dismissed === 0) return { dismissed };
    ctx.cache.db.transaction(() => {
      ctx.writes.queue({
        kind: 'action',
        recordType: 'notification',
        recordId: null,
        request: { operationId: 'dismissAllNotifications', body: { before } },
        base: null,
        mine: null,
        ifMatch: null,
        summary: `Dismiss all ${dismissed} notifications`,
      });
      ctx.stores.notifications.dismissUpTo(before);
    })();
    ctx.notifier.changed(['notification']);
    return { dismissed };
  },
});
