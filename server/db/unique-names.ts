/**
 * Names that must be unique within a scope (a folder's subfolders, a group's children, the import
 * mappings and export templates of one target), compared as people read them: every record of such
 * a table has its three name keys (`api/name-key.ts`) in `name_keys`, whose primary key lets no two
 * records of a scope share a key of the same kind. `./record-table.ts` claims a record's keys on every
 * write and releases them on delete, so no write path can skip the rule; a clash throws
 * `NameTakenError`, which the service answers with 409 (`server/http/errors.ts`).
 */
import { type NameKeys, nameKeyKinds, nameKeys } from '../../api/name-key';
import type { Db } from './schema';

/**
 * Version 5 of the schema (`./schema.ts`): the name keys. The case-insensitive index of sibling
 * group names goes (the keys hold that rule now); the `UNIQUE (target, name)` of the Pim tables
 * stays, weaker than the keys and so never the one that refuses. Records stored before get their
 * keys at start-up (`backfillNameKeys`).
 */
export const nameKeysDdl = `
CREATE TABLE IF NOT EXISTS name_keys (
  scope TEXT NOT NULL, kind TEXT NOT NULL, key TEXT NOT NULL, record_table TEXT NOT NULL, record_id TEXT NOT NULL,
  PRIMARY KEY (record_table, scope, kind, key)) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS name_keys_record ON name_keys (record_table, record_id);
DROP INDEX IF EXISTS contact_groups_sibling_name;
`;

/** How a record type's names (its field `name`) are unique: their scope, and the words of a refusal. */
export interface UniqueNameRule<T> {
  /** The scope its name is unique in (null: none, e.g. the root folder). */
  scope: (record: T) => string | null;
  /** What the record is called in a refusal ("folder", "contact import mapping"). */
  what: (record: T) => string;
  /** Where the other record is, in a refusal ("in that folder"); empty for a scope that needs no words. */
  where: (record: T) => string;
}

/** A record whose name clashes with a record already stored in the same scope. */
export class NameTakenError extends Error {
  constructor(
    /** The stored record that holds the name. */
    readonly existing: { id: string; name: string },
    /** The name that was asked for. */
    readonly wanted: string,
    what: string,
    where: string,
  ) {
    const looksLike = wanted === existing.name ? '' : ` “${wanted}” reads the same.`;
    super(
      `A ${what} named “${existing.name}” already exists${where ? ` ${where}` : ''} (id ${existing.id});${looksLike} Choose another name.`,
    );
    this.name = 'NameTakenError';
  }
}

/** The name keys of one table's records. */
export class NameKeyIndex<T extends { id: string; name?: unknown }> {
  private readonly findStmt;
  private readonly insertStmt;
  private readonly releaseStmt;
  private readonly missingStmt;

  constructor(
    db: Db,
    readonly table: string,
    private readonly rule: UniqueNameRule<T>,
    private readonly read: (id: string) => T | undefined,
  ) {
    this.findStmt = db
      .prepare(
        `SELECT record_id FROM name_keys WHERE record_table = ? AND scope = ? AND record_id IS NOT ?
         AND ((kind = 'written' AND key = ?) OR (kind = 'small' AND key = ?) OR (kind = 'capital' AND key = ?)) LIMIT 1`,
      )
      .pluck();
    this.insertStmt = db.prepare(
      'INSERT INTO name_keys (scope, kind, key, record_table, record_id) VALUES (?, ?, ?, ?, ?)',
    );
    this.releaseStmt = db.prepare('DELETE FROM name_keys WHERE record_table = ? AND record_id = ?');
    this.missingStmt = db
      .prepare(
        `SELECT id FROM ${table} t WHERE NOT EXISTS
          (SELECT 1 FROM name_keys k WHERE k.record_table = '${table}' AND k.record_id = t.id) ORDER BY rowid`,
      )
      .pluck();
  }

  /** The stored record (other than `record` itself) whose name clashes with `record`'s, or undefined. */
  holder(record: T): T | undefined {
    const scope = this.rule.scope(record);
    if (scope === null) return undefined;
    const keys = nameKeys(String(record.name));
    const id = this.findStmt.get(this.table, scope, record.id, keys.written, keys.small, keys.capital) as
      | string
      | undefined;
    return id === undefined ? undefined : this.read(id);
  }

  /**
   * Replaces `record`'s keys with those of its name and scope. Throws `NameTakenError`, having
   * changed nothing, when another record of the scope holds a clashing name.
   */
  claim(record: T): void {
    const holder = this.holder(record);
    if (holder) {
      throw new NameTakenError(
        { id: holder.id, name: String(holder.name) },
        String(record.name),
        this.rule.what(record),
        this.rule.where(record),
      );
    }
    this.release(record.id);
    const scope = this.rule.scope(record);
    if (scope === null) return;
    const keys: NameKeys = nameKeys(String(record.name));
    for (const kind of nameKeyKinds) this.insertStmt.run(scope, kind, keys[kind], this.table, record.id);
  }

  /** Drops the keys of the record `id` (deleted). */
  release(id: string): void {
    this.releaseStmt.run(this.table, id);
  }

  /** The ids of the table's records without keys, oldest first (records stored before schema version 6, and those without a scope). */
  missing(): string[] {
    return this.missingStmt.all() as string[];
  }
}
