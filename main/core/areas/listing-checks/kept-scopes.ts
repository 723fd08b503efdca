/**
 * What the cache keeps for the scope of a listing check (main/core/areas/listing-check.ts): the
 * notifications of a state, a folder's documents and direct subfolders, and the dismissed
 * notifications the cache holds (the change feed carries dismissing as an upsert, so they are kept).
 */
import type { Database } from 'better-sqlite3';
import type { NotListedRecord, Notification } from '../../../../preload/contract';

/** Queries over the cache for the scopes the listing checks compare. */
export interface KeptScopes {
  /** The kept notifications that are dismissed (`dismissed` true) or not. */
  notifications(dismissed: boolean): NotListedRecord[];
  /** The kept documents directly in folder `folderId` and its kept direct subfolders. */
  folderContent(folderId: string): NotListedRecord[];
  /** The id of the kept top folder (no parent), or null before the first sync brought it. */
  topFolderId(): string | null;
  /** The kept dismissed notifications, newest first, at most 500. */
  dismissedNotifications(): Notification[];
}

/** Prepares the KeptScopes queries over `db`. */
export function createKeptScopes(db: Database): KeptScopes {
  const notifications = db.prepare(
    `SELECT 'notification' AS type, id, title AS label FROM notifications
     WHERE (state = 'dismissed') = ? ORDER BY created_at DESC, id`,
  );
  const folderContent = db.prepare(
    `SELECT 'document' AS type, id, name AS label FROM documents WHERE folder_id = ?
     UNION ALL SELECT 'folder' AS type, id, name AS label FROM folders WHERE parent_id = ?`,
  );
  const top = db.prepare('SELECT id FROM folders WHERE parent_id IS NULL ORDER BY created_at, id LIMIT 1').pluck();
  const dismissed = db.prepare(
    `SELECT id, kind, title, body, state, resource_type AS resourceType, resource_id AS resourceId, created_at AS createdAt
     FROM notifications WHERE state = 'dismissed' ORDER BY created_at DESC, id LIMIT 500`,
  );
  return {
    notifications: (isDismissed) => notifications.all(isDismissed ? 1 : 0) as NotListedRecord[],
    folderContent: (folderId) => folderContent.all(folderId, folderId) as NotListedRecord[],
    topFolderId: () => (top.get() as string | undefined) ?? null,
    dismissedNotifications: () => dismissed.all() as Notification[],
  };
}
