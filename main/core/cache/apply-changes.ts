/**
 * Applies changes from the feed (or single records the service returned) to the cache.
 * Rules: an upsert is written only when its version is newer than the cached one; a tombstone
 * deletes the row unless the cache holds a newer version. Not transactional by itself: the caller
 * wraps a page and its cursor in one transaction.
 */
import type { Database, Statement } from 'better-sqlite3';
import type { SyncedType } from '../../../preload/contract';
import type { ApiNotification } from '../api/types';
import { type RecordOf, type RecordTable, recordTables, tombstoneSql, upsertParams, upsertSql } from './record-tables';

/** One change as the feed carries it (`data` is the record for an upsert, null for a delete). */
export interface ChangeToApply {
  type: SyncedType;
  id: string;
  op: 'upsert' | 'delete';
  version: number;
  data: RecordOf[SyncedType] | null;
}

/** What applying a batch did. */
export interface ApplyResult {
  /** Rows written or deleted, per type. */
  applied: Partial<Record<SyncedType, number>>;
  /** Types whose cached data changed (including derived data, e.g. contacts' company names). */
  changedTypes: Set<SyncedType>;
  /** Notifications that were not in the cache before and arrived unread. */
  newUnreadNotifications: ApiNotification[];
}

/** Applies changes with prepared statements (create once per database). */
export interface ChangeApplier {
  apply(changes: readonly ChangeToApply[]): ApplyResult;
}

/** Prepares the statements of every record type on `db`. */
export function createChangeApplier(db: Database): ChangeApplier {
  const upserts = new Map<SyncedType, Statement>();
  const tombstones = new Map<SyncedType, Statement>();
  for (const [type, spec] of Object.entries(recordTables) as [SyncedType, RecordTable<unknown>][]) {
    upserts.set(type, db.prepare(upsertSql(spec)));
    tombstones.set(type, db.prepare(tombstoneSql(spec)));
  }
  const renameCompany = db.prepare(
    'UPDATE contacts SET company_name = ? WHERE company_id = ? AND company_name IS NOT ?',
  );
  const notificationExists = db.prepare('SELECT 1 FROM notifications WHERE id = ?').pluck();

  return {
    apply(changes) {
      const result: ApplyResult = { applied: {}, changedTypes: new Set(), newUnreadNotifications: [] };
      for (const change of changes) {
        let written = 0;
        if (change.op === 'delete') {
          written = tombstones.get(change.type)!.run(change.id, change.version).changes;
          if (written > 0 && change.type === 'company') {
            if (renameCompany.run(null, change.id, null).changes > 0) result.changedTypes.add('contact');
          }
        } else {
          const data = change.data!;
          const isNew = change.type === 'notification' && !notificationExists.get(change.id);
          const spec = recordTables[change.type] as RecordTable<unknown>;
          written = upserts.get(change.type)!.run(upsertParams(spec, data)).changes;
          if (written > 0 && change.type === 'company') {
            const name = (data as RecordOf['company']).name;
            if (renameCompany.run(name, change.id, name).changes > 0) result.changedTypes.add('contact');
          }
          if (written > 0 && isNew && (data as ApiNotification).state === 'unread') {
            result.newUnreadNotifications.push(data as ApiNotification);
          }
        }
        if (written > 0) {
          result.applied[change.type] = (result.applied[change.type] ?? 0) + 1;
          result.changedTypes.add(change.type);
          if (change.type === 'document') result.changedTypes.add('folder');
        }
      }
      return result;
    },
  };
}
