/**
 * Applies changes from the feed (or single records the service returned) to the cache.
 * Rules: an upsert is written only when its version is newer than the cached one; a tombstone
 * deletes the row unless the cache holds a newer version; columns that other tables derive from
 * the written record (areas' `derived` rules, e.g. contacts' company names) follow. Not
 * transactional by itself: the caller wraps a page and its cursor in one transaction.
 */
import type { Database, Statement } from 'better-sqlite3';
import { type SyncedType, syncedTypes } from '../../../preload/contract';
import type { ApiNotification } from '../api/types';
import { type RecordOf, recordTables, tableOf } from '../areas/tables';
import { type DerivedRule, forcedWriteSql, tombstoneSql, upsertParams, upsertSql } from './record-table';

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

/** Where a row stands against the service while an edit of this machine waits (null: it is the service's). */
export type LocalState = 'pending' | 'conflict' | 'refused' | null;

/** Applies changes with prepared statements (create once per database). */
export interface ChangeApplier {
  /**
   * Applies `changes` in order. With `deferDerived`, the columns other tables derive from a written
   * record are left for a bulk load's end (cache/bulk-load.ts) instead of followed row by row.
   */
  apply(changes: readonly ChangeToApply[], options?: { deferDerived?: boolean }): ApplyResult;
  /** Writes a record edited on this machine whatever its version, with its local state. Returns the types changed. */
  writeLocal(type: SyncedType, record: unknown, state: LocalState): Set<SyncedType>;
  /** Deletes a row for an edit of this machine. Returns the types changed. */
  deleteLocal(type: SyncedType, id: string): Set<SyncedType>;
  /** Sets a row's local state; false when there is no such row. */
  setLocalState(type: SyncedType, id: string, state: LocalState): boolean;
  /** The record a row holds, or null (types without `fromRow` give null). */
  read(type: SyncedType, id: string): Record<string, unknown> | null;
  /** Rows that reference `localId` as a `type` now reference `serviceId`. Returns the types changed. */
  remapReferences(type: SyncedType, localId: string, serviceId: string): Set<SyncedType>;
}

interface PreparedRule {
  rule: DerivedRule;
  statement: Statement;
  /** The type whose table the rule writes. */
  target: SyncedType;
}

/** Prepares the statements of every record type on `db`. */
export function createChangeApplier(db: Database): ChangeApplier {
  const upserts = new Map<SyncedType, Statement>();
  const tombstones = new Map<SyncedType, Statement>();
  const rules = new Map<SyncedType, PreparedRule[]>();
  for (const type of syncedTypes) {
    const spec = tableOf(type);
    upserts.set(type, db.prepare(upsertSql(spec)));
    tombstones.set(type, db.prepare(tombstoneSql(spec)));
    for (const rule of spec.derived ?? []) {
      const list = rules.get(rule.from) ?? [];
      list.push({ rule, statement: db.prepare(rule.sql), target: type });
      rules.set(rule.from, list);
    }
  }
  const notificationExists = db.prepare('SELECT 1 FROM notifications WHERE id = ?').pluck();
  const forced = new Map<SyncedType, Statement>();
  const deletes = new Map<SyncedType, Statement>();
  const states = new Map<SyncedType, Statement>();
  const reads = new Map<SyncedType, Statement>();
  const remaps: { statement: Statement; type: SyncedType; target: SyncedType }[] = [];
  for (const type of syncedTypes) {
    const spec = tableOf(type);
    forced.set(type, db.prepare(forcedWriteSql(spec)));
    deletes.set(type, db.prepare(`DELETE FROM ${spec.table} WHERE id = ?`));
    states.set(type, db.prepare(`UPDATE ${spec.table} SET local_state = ? WHERE id = ?`));
    reads.set(type, db.prepare(`SELECT * FROM ${spec.table} WHERE id = ?`));
    for (const reference of spec.references ?? []) {
      remaps.push({
        statement: db.prepare(`UPDATE ${spec.table} SET ${reference.column} = ? WHERE ${reference.column} = ?`),
        type: reference.type,
        target: type,
      });
    }
  }

  function followRules(change: ChangeToApply, changedTypes: Set<SyncedType>): void {
    for (const { rule, statement, target } of rules.get(change.type) ?? []) {
      const params = change.op === 'delete' ? rule.onDelete(change.id) : rule.onUpsert(change.data);
      if (statement.run(params).changes > 0) changedTypes.add(target);
    }
  }

  return {
    writeLocal(type, record, state) {
      const changed = new Set<SyncedType>([type]);
      forced.get(type)!.run([...upsertParams(tableOf(type), record), state]);
      const id = (record as { id: string }).id;
      followRules({ type, id, op: 'upsert', version: 0, data: record as RecordOf[SyncedType] }, changed);
      return changed;
    },
    deleteLocal(type, id) {
      const changed = new Set<SyncedType>();
      if (deletes.get(type)!.run(id).changes > 0) {
        changed.add(type);
        followRules({ type, id, op: 'delete', version: 0, data: null }, changed);
      }
      return changed;
    },
    setLocalState: (type, id, state) => states.get(type)!.run(state, id).changes > 0,
    read(type, id) {
      const spec = tableOf(type);
      const row = reads.get(type)!.get(id) as Record<string, unknown> | undefined;
      return row && spec.fromRow ? (spec.fromRow(row) as Record<string, unknown>) : null;
    },
    remapReferences(type, localId, serviceId) {
      const changed = new Set<SyncedType>();
      for (const remap of remaps) {
        if (remap.type === type && remap.statement.run(serviceId, localId).changes > 0) changed.add(remap.target);
      }
      return changed;
    },
    apply(changes, options = {}) {
      const result: ApplyResult = { applied: {}, changedTypes: new Set(), newUnreadNotifications: [] };
      for (const change of changes) {
        let written = 0;
        if (change.op === 'delete') {
          written = tombstones.get(change.type)!.run(change.id, change.version).changes;
        } else {
          const data = change.data!;
          const isNew = change.type === 'notification' && !notificationExists.get(change.id);
          written = upserts
            .get(change.type)!
            .run(upsertParams(recordTables[change.type] as never, data as never)).changes;
          if (written > 0 && isNew && (data as ApiNotification).state === 'unread') {
            result.newUnreadNotifications.push(data as ApiNotification);
          }
        }
        if (written > 0) {
          if (!options.deferDerived) followRules(change, result.changedTypes);
          result.applied[change.type] = (result.applied[change.type] ?? 0) + 1;
          result.changedTypes.add(change.type);
          if (change.type === 'document') result.changedTypes.add('folder');
        }
      }
      return result;
    },
  };
}
