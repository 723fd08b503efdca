/**
 * Schema version 5 of the service's database (server/db/schema.ts): folders and groups stored
 * before contract 0.6.0 get `ownerId: null`, in their tables and in the change feed's copies, so
 * that they are valid records of the contract and only managers and admins change them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { groupsDdl } from '../../../server/db/groups';
import { type Db, openDatabase, schemaVersion } from '../../../server/db/schema';

let dir: string | null = null;
let db: Db | null = null;
afterEach(() => {
  db?.close();
  db = null;
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = null;
});

const folder = { id: 'f1', version: 3, parentId: null, name: 'Documents', createdAt: 'x', updatedAt: 'x' };

describe('schema version 5', () => {
  it('gives the folders and groups of a version 4 database an ownerId of null, versions unchanged', () => {
    dir = mkdtempSync(join(tmpdir(), 'brm-owners-'));
    const old = openDatabase(join(dir, 'service.db'), groupsDdl);
    old.pragma('foreign_keys = OFF');
    old.pragma('user_version = 4');
    const json = JSON.stringify(folder);
    old
      .prepare(
        "INSERT INTO folders (id, parent_id, name, updated_at, version, data) VALUES ('f1', NULL, 'Documents', 'x', 3, ?)",
      )
      .run(json);
    old
      .prepare(
        "INSERT INTO changes (type, id, op, version, data, changed_at) VALUES ('folder', 'f1', 'upsert', 3, ?, 'x')",
      )
      .run(json);
    old
      .prepare(
        "INSERT INTO changes (type, id, op, version, data, changed_at) VALUES ('folder', 'f2', 'delete', 2, NULL, 'x')",
      )
      .run();
    const groupColumns = old.prepare('SELECT name FROM pragma_table_info(?)').pluck().all('contact_groups') as string[];
    const group = { id: 'g1', version: 2, name: 'Key accounts' };
    const values = Object.fromEntries(
      groupColumns.map((c) => [
        c,
        c === 'data' ? JSON.stringify(group) : c === 'id' ? 'g1' : c === 'version' ? 2 : 'x',
      ]),
    );
    old
      .prepare(
        `INSERT INTO contact_groups (${groupColumns.join(', ')}) VALUES (${groupColumns.map((c) => `@${c}`).join(', ')})`,
      )
      .run(values);
    const file = old.name;
    old.close();

    db = openDatabase(file, groupsDdl);
    expect(db.pragma('user_version', { simple: true })).toBe(schemaVersion);
    const data = (sql: string) => JSON.parse(db?.prepare(sql).pluck().get() as string);
    expect(data("SELECT data FROM folders WHERE id = 'f1'")).toEqual({ ...folder, ownerId: null });
    expect(data("SELECT data FROM changes WHERE id = 'f1'")).toEqual({ ...folder, ownerId: null });
    expect(db.prepare("SELECT data FROM changes WHERE id = 'f2'").pluck().get()).toBeNull();
    expect(data("SELECT data FROM contact_groups WHERE id = 'g1'")).toEqual({ ...group, ownerId: null });
    expect(db.prepare("SELECT version FROM folders WHERE id = 'f1'").pluck().get()).toBe(3);
  });
});
