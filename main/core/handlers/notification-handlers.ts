/**
 * Notification handlers: the list from the cache; dismissing goes to the service (it needs it),
 * then the answer is applied to the cache and views are told.
 */
import { BridgeError, type Notification } from '../../../preload/contract';
import type { ApiNotification } from '../api/types';
import type { CoreHandlers } from '../platform';
import type { HandlerContext } from './context';

type Names = 'notifications.list' | 'notifications.dismiss' | 'notifications.dismissAll';

/** The bridge shape of a notification record. */
export function toNotification(record: ApiNotification): Notification {
  const { id, kind, title, body, state, resourceType, resourceId, createdAt } = record;
  return { id, kind, title, body, state, resourceType: resourceType ?? null, resourceId, createdAt };
}

/** Runs a dismiss call, turning "offline" into the message for dismissing. */
async function whileOnline<T>(action: () => Promise<T>): Promise<T> {
  try {
    return await action();
  } catch (err) {
    if (err instanceof BridgeError && err.code === 'offline') {
      throw new BridgeError('offline', "You're offline. Dismiss it again when the connection is back.");
    }
    throw err;
  }
}

/** Creates the notification handlers. */
export function notificationHandlers(ctx: HandlerContext): Pick<CoreHandlers, Names> {
  return {
    'notifications.list': async () => ctx.cache.notifications.list(),
    'notifications.dismiss': async ({ id }) => {
      const record = await whileOnline(() => ctx.session.api().call('dismissNotification', { body: { id } }));
      ctx.reachedService();
      const result = ctx.cache.applier.apply([
        { type: 'notification', id: record.id, op: 'upsert', version: record.version, data: record },
      ]);
      ctx.notifier.changed(result.changedTypes);
      return toNotification(record);
    },
    'notifications.dismissAll': async () => {
      const before = new Date().toISOString();
      const answer = await whileOnline(() => ctx.session.api().call('dismissAllNotifications', { body: { before } }));
      if (ctx.cache.notifications.dismissUpTo(before) > 0) ctx.notifier.changed(['notification']);
      // The service changed the records' versions; the next pull brings them.
      void ctx.sync.run();
      return { dismissed: answer.dismissed };
    },
  };
}
