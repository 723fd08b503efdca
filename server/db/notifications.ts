/** Notifications addressed to one user each. */
import type { components } from '../../api/generated/schema';
import type { ContractAjv } from '../contract/ajv';
import type { ChangeFeed } from '../sync/feed';
import { type JsonPage, keysetPage } from './paging';
import { type RecordBody, RecordTable } from './record-table';
import type { Db } from './schema';

/** The contract's Notification. */
export type Notification = components['schemas']['Notification'];

interface NotificationExtras {
  userId: string;
}

/** Notifications repository. */
export class NotificationRepo {
  readonly table: RecordTable<Notification, NotificationExtras>;
  private readonly db: Db;

  constructor(db: Db, feed: ChangeFeed, ajv: ContractAjv) {
    this.db = db;
    this.table = new RecordTable<Notification, NotificationExtras>(db, feed, ajv, {
      table: 'notifications',
      type: 'notification',
      schema: 'Notification',
      columnNames: ['user_id', 'state', 'created_at', 'updated_at'],
      columns: (r, x) => ({ user_id: x.userId, state: r.state, created_at: r.createdAt, updated_at: r.updatedAt }),
      owner: (_r, x) => x.userId,
    });
  }

  /** The user's notification, or undefined (also when it belongs to someone else). */
  get(userId: string, id: string): Notification | undefined {
    const json = this.db
      .prepare('SELECT data FROM notifications WHERE id = ? AND user_id = ?')
      .pluck()
      .get(id, userId) as string | undefined;
    return json ? (JSON.parse(json) as Notification) : undefined;
  }

  /** Creates or replaces a notification of a user. */
  save(
    userId: string,
    id: string,
    body: RecordBody<Notification>,
    times?: { createdAt?: string; updatedAt?: string },
  ): Notification {
    return this.table.write(id, body, { userId }, times);
  }

  /** A page of the user's notifications, newest first; dismissed ones only when `state` asks for them. */
  list(userId: string, query: { state?: Notification['state']; cursor?: string; limit: number }): JsonPage {
    return keysetPage(this.db, {
      list: `notifications:${query.state ?? ''}`,
      table: 'notifications',
      where: ['user_id = ?', query.state ? 'state = ?' : "state <> 'dismissed'"],
      params: query.state ? [userId, query.state] : [userId],
      sort: { name: '-createdAt', columns: ['created_at', 'id'], desc: true },
      cursor: query.cursor,
      limit: query.limit,
    });
  }

  /** The user's number of unread notifications. */
  unreadCount(userId: string): number {
    return this.db
      .prepare("SELECT COUNT(*) FROM notifications WHERE user_id = ? AND state = 'unread'")
      .pluck()
      .get(userId) as number;
  }

  /**
   * Moves one of the user's notifications to `state` (the caller checks that the move is allowed);
   * answers it unchanged when it is already there. Undefined when the user has no such notification.
   */
  setState(userId: string, id: string, state: Notification['state']): Notification | undefined {
    const current = this.get(userId, id);
    if (!current || current.state === state) return current;
    const { id: _id, version: _v, createdAt, updatedAt: _u, ...body } = current;
    return this.table.write(id, { ...body, state }, { userId }, { createdAt });
  }

  /** Dismisses every notification of the user created at or before `before` (ISO 8601). Returns the count. */
  dismissAll(userId: string, before: string): number {
    const ids = this.db
      .prepare("SELECT id FROM notifications WHERE user_id = ? AND state <> 'dismissed' AND created_at <= ?")
      .pluck()
      .all(userId, before) as string[];
    this.db.transaction(() => {
      for (const id of ids) this.setState(userId, id, 'dismissed');
    })();
    return ids.length;
  }

  /** Number of notifications of a user. */
  count(userId: string): number {
    return this.db.prepare('SELECT COUNT(*) FROM notifications WHERE user_id = ?').pluck().get(userId) as number;
  }
}
