/** Bridge calls of the notifications area: list, mark read, dismiss (queued offline like any edit). */
import { type ApiSchemas, byId, call, empty } from './common';

/** A notification (the contract's Notification without its bookkeeping). */
export type Notification = Pick<
  ApiSchemas['Notification'],
  'id' | 'kind' | 'title' | 'body' | 'state' | 'resourceType' | 'resourceId' | 'createdAt'
>;

export const notificationsCalls = {
  'notifications.list': call<{ items: Notification[]; unreadCount: number }>()(empty),
  /** Marks a notification read (opening its record does this). */
  'notifications.markRead': call<Notification>()(byId),
  'notifications.dismiss': call<Notification>()(byId),
  'notifications.dismissAll': call<{ dismissed: number }>()(empty),
} as const;
