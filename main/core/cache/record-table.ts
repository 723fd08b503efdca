/**
 * How a synced record type maps onto its cache table, declared by each area
 * (`main/core/areas/<area>/table.ts`) and collected in `areas/tables.ts`. From a declaration the
 * cache derives its statements: the sync upsert ("only when the incoming version is newer"), the
 * tombstone, the forced write of an edit made here, and the read back of a row as a record.
 */
import type { SyncedType } from '../../../preload/contract';

export type SqlValue = string | number | null;

/** One column: its name, how its value comes from the record, and optionally an SQL expression using `?`. */
export interface Column<T> {
  name: string;
  value: (record: T) => SqlValue;
  sql?: string;
}

/**
 * A column of this table kept from another type's records (e.g. `contacts.company_name` from the
 * company's name): the statement to run when a record of `from` is written or deleted, and its params.
 */
export interface DerivedRule {
  from: SyncedType;
  /** Params of `sql` for an upserted record of `from`. */
  onUpsert(record: unknown): SqlValue[];
  /** Params of `sql` for a deleted record of `from` (by id). */
  onDelete(id: string): SqlValue[];
  sql: string;
  /**
   * The statement (no params) that sets the column for every row of this table from `from`'s
   * records, run once after a bootstrap's bulk load (cache/bulk-load.ts), which skips `sql`.
   */
  refreshSql: string;
}

/** A record type's table. */
export interface RecordTable<T> {
  type: SyncedType;
  table: string;
  columns: Column<T>[];
  /** Columns of this table derived from other types' records. */
  derived?: DerivedRule[];
  /**
   * The index the table's list walks in its order (e.g. contacts by name), kept while a bootstrap's
   * bulk load sets the others aside (cache/bulk-load.ts): without it, each window of a large list
   * would sort the whole table on the host's event loop (73–790 ms at 100,000 contacts).
   */
  listIndex?: string;
  /** Columns holding ids of other types' records (rewritten when a local id gets its service id). */
  references?: { column: string; type: SyncedType }[];
  /** The record a row holds (`SELECT *`), for edits made here; absent for types not edited on this machine. */
  fromRow?(row: Record<string, unknown>): T;
}

/** Declares a column. */
export const col = <T>(name: string, value: (record: T) => SqlValue, sql?: string): Column<T> => ({ name, value, sql });

/** The id, version and timestamps every record has. */
export const commonColumns = <
  T extends { id: string; version: number; createdAt: string; updatedAt: string },
>(): Column<T>[] => [
  col('id', (r) => r.id),
  col('version', (r) => r.version),
  col('created_at', (r) => r.createdAt),
  col('updated_at', (r) => r.updatedAt),
];

/** The bookkeeping fields of a row, for `fromRow`. */
export function commonFields(row: Record<string, unknown>): {
  id: string;
  version: number;
  createdAt: string;
  updatedAt: string;
} {
  return {
    id: row.id as string,
    version: row.version as number,
    createdAt: row.created_at as string,
    updatedAt: row.updated_at as string,
  };
}

/**
 * The upsert statement of a table: inserts, or updates only when the incoming `version` is greater
 * than the cached one (so an old page replayed after a newer change never wins).
 */
export function upsertSql(spec: RecordTable<unknown>): string {
  const names = spec.columns.map((c) => c.name);
  const values = spec.columns.map((c) => c.sql ?? '?');
  const updates = names.filter((n) => n !== 'id').map((n) => `${n} = excluded.${n}`);
  return `INSERT INTO ${spec.table} (${names.join(', ')}) VALUES (${values.join(', ')})
    ON CONFLICT (id) DO UPDATE SET ${updates.join(', ')} WHERE excluded.version > ${spec.table}.version`;
}

/**
 * The forced write of a record edited on this machine: inserts or replaces the row whatever its
 * version, and sets its `local_state` (last param).
 */
export function forcedWriteSql(spec: RecordTable<unknown>): string {
  const names = [...spec.columns.map((c) => c.name), 'local_state'];
  const values = [...spec.columns.map((c) => c.sql ?? '?'), '?'];
  const updates = names.filter((n) => n !== 'id').map((n) => `${n} = excluded.${n}`);
  return `INSERT INTO ${spec.table} (${names.join(', ')}) VALUES (${values.join(', ')})
    ON CONFLICT (id) DO UPDATE SET ${updates.join(', ')}`;
}

/** The tombstone statement of a table: deletes the row unless the cache already holds a newer version. Params: id, version. */
export function tombstoneSql(spec: RecordTable<unknown>): string {
  return `DELETE FROM ${spec.table} WHERE id = ? AND version <= ?`;
}

/** The positional parameters of `record` for upsertSql. */
export function upsertParams<T>(spec: RecordTable<T>, record: T): SqlValue[] {
  return spec.columns.map((c) => c.value(record));
}
