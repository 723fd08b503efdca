/**
 * A table of one record type of the contract: the columns that queries use, the record's JSON in
 * `data`, an optional FTS5 search row, and the change-feed entry. Every write validates the record
 * against its contract schema, bumps `version`, sets `updatedAt` and records the change.
 */
import type { ValidateFunction } from 'ajv';
import type { ContractAjv } from '../contract/ajv';
import type { ChangeFeed, ChangeType } from '../sync/feed';
import type { Db } from './schema';
import { NameKeyIndex, type UniqueNameRule } from './unique-names';

/** Fields every record of the contract has. */
export interface BaseRecord {
  id: string;
  version: number;
  createdAt: string;
  updatedAt: string;
}

/** A column value. */
export type ColumnValue = string | number | null;

/** How one record type maps onto its table. */
export interface RecordTableConfig<T extends BaseRecord, E> {
  table: string;
  /** The record's type in the change feed; omitted for records the change feed does not carry. */
  type?: ChangeType;
  /** Name of the record's schema in the contract's `components.schemas`. */
  schema: string;
  /** Names of the table's columns besides `id`, `version` and `data`. */
  columnNames: string[];
  /** Values of `columnNames`, from the record and the write's extras. */
  columns: (record: T, extras: E) => Record<string, ColumnValue>;
  /** The user the record belongs to (null: every signed-in user may see it). */
  owner?: (record: T, extras: E) => string | null;
  /** The FTS5 table and the text it indexes for a record. */
  search?: { table: string; text: (record: T, extras: E) => string };
  /**
   * The records' names are unique within a scope, as people read them (`./unique-names.ts`): every
   * write claims the name's keys and throws `NameTakenError` on a clash. Only for tables whose writes
   * take no extras (a start-up rename writes without any) and whose records keep the name in `name`.
   */
  uniqueName?: E extends undefined ? UniqueNameRule<T> : never;
}

/** A record renamed at start-up because its name clashed with an older one of its scope. */
export interface NameKeyRename {
  table: string;
  id: string;
  from: string;
  to: string;
}

const uniqueNameTables = new WeakMap<Db, Array<() => NameKeyRename[]>>();

/**
 * Gives every record of a table with unique names (`RecordTableConfig.uniqueName`) that has no name
 * keys yet (stored before schema version 6) its keys, oldest first. A record whose name clashes with
 * one already keyed is renamed "name (2)", "name (3)", ... through the normal write (its version goes
 * up, clients get it through the change feed): a clash that the old rule (ASCII case only) let in.
 * Run it once at start-up, before requests are answered; on a database without such records it costs
 * one query per table.
 */
export function backfillNameKeys(db: Db): NameKeyRename[] {
  return db.transaction(() => (uniqueNameTables.get(db) ?? []).flatMap((indexNames) => indexNames()))();
}

/** The record body a write supplies: everything except the fields the table maintains. */
export type RecordBody<T extends BaseRecord> = Omit<T, keyof BaseRecord>;

/** Reads and writes one record type. */
export class RecordTable<T extends BaseRecord, E = undefined> {
  readonly config: RecordTableConfig<T, E>;
  private readonly feed: ChangeFeed;
  private readonly validate: ValidateFunction;
  private readonly getStmt;
  private readonly insertStmt;
  private readonly updateStmt;
  private readonly deleteStmt;
  private readonly rowidStmt;
  private readonly searchInsert;
  private readonly searchDelete;
  private readonly names: NameKeyIndex<T> | null;

  constructor(db: Db, feed: ChangeFeed, ajv: ContractAjv, config: RecordTableConfig<T, E>) {
    this.feed = feed;
    this.config = config;
    const rule = config.uniqueName as UniqueNameRule<T> | undefined;
    this.names = rule ? new NameKeyIndex<T>(db, config.table, rule, (id) => this.get(id)) : null;
    if (rule) {
      const registered = uniqueNameTables.get(db) ?? [];
      registered.push(() => this.indexNames());
      uniqueNameTables.set(db, registered);
    }
    this.validate = ajv.getSchema(`contract#/$defs/${config.schema}`) as ValidateFunction;
    const cols = ['id', 'version', 'data', ...config.columnNames];
    this.getStmt = db.prepare(`SELECT data FROM ${config.table} WHERE id = ?`).pluck();
    this.insertStmt = db.prepare(
      `INSERT INTO ${config.table} (${cols.join(', ')}) VALUES (${cols.map((c) => `@${c}`).join(', ')})`,
    );
    this.updateStmt = db.prepare(
      `UPDATE ${config.table} SET ${cols
        .slice(1)
        .map((c) => `${c} = @${c}`)
        .join(', ')} WHERE id = @id`,
    );
    this.deleteStmt = db.prepare(`DELETE FROM ${config.table} WHERE id = ?`);
    this.rowidStmt = db.prepare(`SELECT rowid FROM ${config.table} WHERE id = ?`).pluck();
    this.searchInsert = config.search
      ? db.prepare(`INSERT INTO ${config.search.table} (rowid, text) VALUES (?, ?)`)
      : null;
    this.searchDelete = config.search ? db.prepare(`DELETE FROM ${config.search.table} WHERE rowid = ?`) : null;
  }

  /** The record's JSON text, or undefined. */
  getJson(id: string): string | undefined {
    return this.getStmt.get(id) as string | undefined;
  }

  /** The record, or undefined. */
  get(id: string): T | undefined {
    const json = this.getJson(id);
    return json === undefined ? undefined : (JSON.parse(json) as T);
  }

  /**
   * Creates (no such id) or replaces the record `id` with `body`, bumping its version. `times` may
   * set `createdAt` of a new record and the change time `updatedAt` (ISO 8601 UTC, default now).
   * Throws when the result does not match the contract.
   */
  write(id: string, body: RecordBody<T>, extras: E, times: { createdAt?: string; updatedAt?: string } = {}): T {
    const existing = this.get(id);
    const at = times.updatedAt ?? new Date().toISOString();
    const record = {
      id,
      version: (existing?.version ?? 0) + 1,
      ...body,
      createdAt: existing?.createdAt ?? times.createdAt ?? at,
      updatedAt: at,
    } as T;
    this.store(record, extras, existing !== undefined);
    return record;
  }

  /** Deletes the record and records a tombstone. Returns false when there was none. */
  remove(id: string, extras: E, at = new Date().toISOString()): boolean {
    const existing = this.get(id);
    if (!existing) return false;
    const rowid = this.rowidStmt.get(id) as number;
    this.searchDelete?.run(rowid);
    this.deleteStmt.run(id);
    this.names?.release(id);
    if (this.config.type === undefined) return true;
    this.feed.record(
      this.config.type,
      id,
      'delete',
      existing.version + 1,
      null,
      this.config.owner?.(existing, extras) ?? null,
      at,
    );
    return true;
  }

  /** Re-indexes the search text of an existing record (e.g. after a related record changed). */
  reindex(record: T, extras: E): void {
    if (!this.config.search) return;
    const rowid = this.rowidStmt.get(record.id) as number;
    this.searchDelete?.run(rowid);
    this.searchInsert?.run(rowid, this.config.search.text(record, extras));
  }

  /**
   * The stored record (not `record` itself) whose name clashes with `record`'s in its scope, or
   * undefined (always undefined for a table without unique names).
   */
  nameHolder(record: T): T | undefined {
    return this.names?.holder(record);
  }

  /** Keys the records without name keys, renaming those that clash (`backfillNameKeys`). */
  private indexNames(): NameKeyRename[] {
    const renamed: NameKeyRename[] = [];
    for (const id of this.names?.missing() ?? []) {
      const record = this.get(id) as T;
      if (!this.nameHolder(record)) {
        this.names?.claim(record);
        continue;
      }
      const from = String((record as { name?: unknown }).name);
      const { id: _id, version: _v, createdAt: _c, updatedAt: _u, ...body } = record;
      for (let n = 2; ; n++) {
        const to = `${from.slice(0, 100)} (${n})`;
        if (this.nameHolder({ ...record, name: to } as T)) continue;
        this.write(id, { ...body, name: to } as unknown as RecordBody<T>, undefined as E);
        renamed.push({ table: this.config.table, id, from, to });
        break;
      }
    }
    return renamed;
  }

  private store(record: T, extras: E, exists: boolean): void {
    if (!this.validate(record)) {
      const first = this.validate.errors?.[0];
      throw new Error(
        `Invalid ${this.config.schema} record: ${first?.instancePath || '/'} ${first?.message ?? ''}`.trim(),
      );
    }
    this.names?.claim(record);
    const data = JSON.stringify(record);
    const params = { id: record.id, version: record.version, data, ...this.config.columns(record, extras) };
    let rowid: number;
    if (exists) {
      this.updateStmt.run(params);
      rowid = this.rowidStmt.get(record.id) as number;
      this.searchDelete?.run(rowid);
    } else {
      rowid = Number(this.insertStmt.run(params).lastInsertRowid);
    }
    this.searchInsert?.run(rowid, this.config.search?.text(record, extras));
    if (this.config.type === undefined) return;
    this.feed.record(
      this.config.type,
      record.id,
      'upsert',
      record.version,
      data,
      this.config.owner?.(record, extras) ?? null,
      record.updatedAt,
    );
  }
}
