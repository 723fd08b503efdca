/** Notification reads from the cache, and the local effect of dismissing all. */
import type { Database } from 'better-sqlite3';
import type { Notification } from '../../../../preload/contract';

/** Notification queries over the cache. */
export interface NotificationsStore {
  /** Notifications that are not dismissed, newest first (at most `limit`), and how many are unread. */
  list(limit?: number): { items: Notification[]; unreadCount: number };
  /** Marks every notification created at or before `beforeIso` as dismissed; returns how many changed. */
  dismissUpTo(beforeIso: string): number;
}

/** Creates the NotificationsStore over `db`. */
export function createNotificationsStore(db: Database): NotificationsStore {
  const recent = db.prepare(
    `SELECT id, kind, title, body, state, resource_type AS resourceType, resource_id AS resourceId, created_at AS createdAt
     FROM notifications WHERE state <> 'dismissed' ORDER BY created_at DESC, id LIMIT ?`,
  );
  const unread = db.prepare(`SELECT count(*) FROM notifications WHERE state = 'unread'`).pluck();
  const dismiss = db.prepare(
    `UPDATE notifications SET state = 'dismissed' WHERE state <> 'dismissed' AND julianday(created_at) <= julianday(?)`,
  );
  return {
    list: (limit = 500) => ({ items: recent.all(limit) as Notification[], unreadCount: unread.get() as number }),
    dismissUpTo: (beforeIso) => dismiss.run(beforeIso).changes,
  };
}
