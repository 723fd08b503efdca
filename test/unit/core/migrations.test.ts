import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3, { type Database } from 'better-sqlite3';
import { afterEach, describe, expect, it } from 'vitest';
import type { ApiDocument } from '../../../main/core/api/types';
import { documentsTable } from '../../../main/core/areas/documents/table';
import { openCache } from '../../../main/core/cache/cache';
import { migrate, migrateWithBackups, NewerSchemaError } from '../../../main/core/cache/database';
import { localMigrations } from '../../../main/core/cache/local-migrations/index';
import { type Migration, migrations } from '../../../main/core/cache/migrations/index';

const objects = (db: Database, type: string): string[] =>
  (db.prepare('SELECT name FROM sqlite_master WHERE type = ? ORDER BY name').pluck().all(type) as string[]).filter(
    (name) => !name.startsWith('sqlite_'),
  );
const version = (db: Database) => db.pragma('user_version', { simple: true });

describe('cache migrations', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it('numbers the migrations 1, 2, 3, … without gaps', () => {
    expect(migrations.map((m) => m.version)).toEqual(migrations.map((_, i) => i + 1));
  });

  it('brings a fresh database to the latest version', () => {
    const db = new BetterSqlite3(':memory:');
    expect(migrate(db)).toBe(migrations.length);
    expect(version(db)).toBe(migrations.length);
    expect(objects(db, 'table')).toEqual(
      expect.arrayContaining([
        'contacts',
        'companies',
        'calendar_events',
        'folders',
        'documents',
        'notifications',
        'sync_state',
        'query_cache',
      ]),
    );
    expect(objects(db, 'table')).not.toContain('outbox');
  });

  it('step 1 creates the record tables and their indexes', () => {
    const db = new BetterSqlite3(':memory:');
    migrate(db, migrations.slice(0, 1));
    expect(version(db)).toBe(1);
    expect(objects(db, 'table')).toEqual([
      'calendar_events',
      'companies',
      'contacts',
      'documents',
      'folders',
      'notifications',
    ]);
    expect(objects(db, 'index')).toEqual(
      expect.arrayContaining([
        'contacts_by_name',
        'contacts_by_company',
        'documents_by_folder',
        'calendar_events_by_start',
      ]),
    );
  });

  it('step 2 adds full-text search that indexes rows written before and after it', () => {
    const db = new BetterSqlite3(':memory:');
    migrate(db, migrations.slice(0, 1));
    const insert = db.prepare(
      `INSERT INTO contacts (id, version, first_name, last_name, type, state, created_at, updated_at)
       VALUES (?, 1, ?, ?, 'customer', 'active', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')`,
    );
    insert.run('a', 'Dana', 'Reyes');
    migrate(db, migrations.slice(0, 2));
    expect(version(db)).toBe(2);
    // Rows from before the step need a rebuild of the external-content index; step 2 runs on empty tables
    // in practice, so check the triggers with a new row and the rebuild command for the old one.
    insert.run('b', 'Daniel', 'Reynolds');
    db.prepare(`INSERT INTO contacts_fts (contacts_fts) VALUES ('rebuild')`).run();
    const found = db
      .prepare(
        `SELECT c.id FROM contacts_fts f JOIN contacts c ON c.rowid = f.rowid WHERE contacts_fts MATCH ? ORDER BY c.id`,
      )
      .pluck();
    expect(found.all('"dan"* "rey"*')).toEqual(['a', 'b']);
    db.prepare(`DELETE FROM contacts WHERE id = 'b'`).run();
    expect(found.all('"daniel"*')).toEqual([]);
    expect(objects(db, 'trigger')).toEqual(
      expect.arrayContaining([
        'contacts_fts_insert',
        'contacts_fts_delete',
        'contacts_fts_update',
        'documents_fts_insert',
      ]),
    );
  });

  it('step 3 adds the local-state tables with one sync-state row', () => {
    const db = new BetterSqlite3(':memory:');
    migrate(db, migrations.slice(0, 2));
    migrate(db, migrations.slice(0, 3));
    expect(version(db)).toBe(3);
    expect(objects(db, 'table')).toEqual(
      expect.arrayContaining(['settings', 'sync_state', 'query_cache', 'downloads', 'outbox']),
    );
    expect(db.prepare('SELECT id, cursor, bootstrapped FROM sync_state').all()).toEqual([
      { id: 1, cursor: null, bootstrapped: 0 },
    ]);
    expect(() =>
      db
        .prepare(
          `INSERT INTO outbox (operation_id, idempotency_key, payload, state, created_at) VALUES ('x', 'k', '{}', 'lost', 'now')`,
        )
        .run(),
    ).toThrow(/CHECK/);
  });

  it('step 5 adds the upload queue to a schema-4 cache and keeps what the cache held', () => {
    const db = new BetterSqlite3(':memory:');
    migrate(db, migrations.slice(0, 4));
    db.prepare(`INSERT INTO settings (key, value) VALUES ('serverUrl', 'https://brm.example.com')`).run();
    migrate(db, migrations.slice(0, 5));
    expect(version(db)).toBe(5);
    expect(db.prepare('SELECT value FROM settings').pluck().all()).toEqual(['https://brm.example.com']);
    const insert = db.prepare(
      `INSERT INTO upload_queue (id, idempotency_key, folder_id, name, size, file_path, state, created_at)
       VALUES (@id, @key, 'f', 'Quote.pdf', @size, '/data/upload-queue/x', @state, '2026-01-01T00:00:00Z')`,
    );
    insert.run({ id: 'u1', key: 'k1', size: 10, state: 'queued' });
    expect(db.prepare('SELECT state, attempts, last_error AS lastError FROM upload_queue').get()).toEqual({
      state: 'queued',
      attempts: 0,
      lastError: null,
    });
    // One Idempotency-Key per upload, a size above zero, and only the two stored states.
    expect(() => insert.run({ id: 'u2', key: 'k1', size: 10, state: 'queued' })).toThrow(/UNIQUE/);
    expect(() => insert.run({ id: 'u3', key: 'k3', size: 0, state: 'queued' })).toThrow(/CHECK/);
    expect(() => insert.run({ id: 'u4', key: 'k4', size: 10, state: 'running' })).toThrow(/CHECK/);
  });

  it('step 9 makes the contacts search index again with prefixes of one and two characters, finding what it found', () => {
    const db = new BetterSqlite3(':memory:');
    migrate(db, migrations.slice(0, 8));
    db.prepare(
      `INSERT INTO contacts (id, version, first_name, last_name, phone, phone_rev, type, state, created_at, updated_at)
       VALUES ('a', 1, 'Dana', 'Reyes', '+1 828 555 0190', '09105558281', 'customer', 'active', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')`,
    ).run();
    migrate(db, migrations.slice(0, 9));
    expect(version(db)).toBe(9);
    const definition = db.prepare(`SELECT sql FROM sqlite_master WHERE name = 'contacts_fts'`).pluck().get();
    expect(definition).toContain("prefix = '1 2'");
    const found = db.prepare('SELECT rowid FROM contacts_fts WHERE contacts_fts MATCH ?').pluck();
    for (const match of ['"d"*', '"re"*', '"rey"*', '"reyes"*', 'phone_rev : "0910"*', '"828"*']) {
      expect(found.all(match), match).toEqual([1]);
    }
    // The triggers still keep it: a new contact is found, a deleted one is not.
    db.prepare(
      `INSERT INTO contacts (id, version, first_name, last_name, type, state, created_at, updated_at)
       VALUES ('b', 1, 'Daniel', 'Reynolds', 'customer', 'active', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')`,
    ).run();
    expect(found.all('"rey"*')).toEqual([1, 2]);
    db.prepare(`DELETE FROM contacts WHERE id = 'a'`).run();
    expect(found.all('"rey"*')).toEqual([2]);
  });

  it("step 10 gives documents a CRC-32 column, NULL for the rows synced before it, which a synced record's value fills", () => {
    const db = new BetterSqlite3(':memory:');
    migrate(db, migrations.slice(0, 9));
    const row = `('d1', 1, 'f1', 'Offer.pdf', 'Offer', 'application/pdf', 10, '${'a'.repeat(64)}', 'draft', 'u1', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z')`;
    db.exec(`INSERT INTO folders (id, version, parent_id, name, created_at, updated_at) VALUES ('f1', 1, NULL, 'All', '2026-01-01T00:00:00Z', '2026-01-01T00:00:00Z');
      INSERT INTO documents (id, version, folder_id, name, title, content_type, size, sha256, state, owner_id, created_at, updated_at) VALUES ${row};`);
    migrate(db, migrations.slice(0, 10));
    expect(version(db)).toBe(10);
    const crc32Of = db.prepare(`SELECT crc32 FROM documents WHERE id = 'd1'`).pluck();
    expect(crc32Of.get()).toBeNull();
    expect(db.prepare(`SELECT name, sha256 FROM documents WHERE id = 'd1'`).get()).toEqual({
      name: 'Offer.pdf',
      sha256: 'a'.repeat(64),
    });
    const column = documentsTable.columns.find((c) => c.name === 'crc32')!;
    db.prepare(`UPDATE documents SET crc32 = ? WHERE id = 'd1'`).run(
      column.value({ crc32: '0a1b2c3d' } as ApiDocument),
    );
    expect(crc32Of.get()).toBe('0a1b2c3d');
    expect(documentsTable.fromRow!({ ...(db.prepare(`SELECT * FROM documents`).get() as object) }).crc32).toBe(
      '0a1b2c3d',
    );
  });

  it('refuses a database written by a newer version, with a clear message', () => {
    const db = new BetterSqlite3(':memory:');
    db.pragma('user_version = 99');
    expect(() => migrate(db, migrations, '/data/cache.db')).toThrow(NewerSchemaError);
    expect(() => migrate(db, migrations, '/data/cache.db')).toThrow(
      new RegExp(`newer version of BRM Desktop \\(schema 99; this version knows up to ${migrations.length}\\)`),
    );
    expect(version(db)).toBe(99);
  });

  it('rolls a failing migration back entirely', () => {
    const db = new BetterSqlite3(':memory:');
    const broken: Migration = {
      version: 2,
      name: 'broken',
      up(d) {
        d.exec('CREATE TABLE half_done (x INTEGER)');
        d.exec('THIS IS NOT SQL');
      },
    };
    expect(() => migrate(db, [migrations[0], broken])).toThrow();
    expect(version(db)).toBe(1);
    expect(objects(db, 'table')).not.toContain('half_done');
  });

  it('step 6 drops the local-only tables, which live in local.db from then on', () => {
    const db = new BetterSqlite3(':memory:');
    migrate(db, migrations.slice(0, 5));
    db.prepare(`INSERT INTO sync_state (id) VALUES (1) ON CONFLICT DO NOTHING`).run();
    migrate(db, migrations.slice(0, 6));
    expect(version(db)).toBe(6);
    const tables = objects(db, 'table');
    for (const moved of ['settings', 'downloads', 'outbox', 'id_map', 'drafts', 'refetch', 'upload_queue'])
      expect(tables).not.toContain(moved);
    expect(tables).toEqual(expect.arrayContaining(['contacts', 'sync_state', 'query_cache', 'contacts_fts']));
    expect(db.prepare('SELECT count(*) FROM sync_state').pluck().get()).toBe(1);
  });

  it('local.db step 1 creates the local-only tables as cache schema 5 had them', () => {
    const cache = new BetterSqlite3(':memory:');
    migrate(cache, migrations.slice(0, 5));
    const local = new BetterSqlite3(':memory:');
    migrate(local, localMigrations.slice(0, 1), ':memory:', 'local');
    expect(version(local)).toBe(1);
    const definition = (db: Database, table: string) =>
      (db.pragma(`table_info(${table})`) as { name: string; type: string; notnull: number; pk: number }[]).map(
        ({ name, type, notnull, pk }) => ({ name, type, notnull, pk }),
      );
    for (const table of ['settings', 'downloads', 'outbox', 'id_map', 'drafts', 'refetch', 'upload_queue'])
      expect(definition(local, table)).toEqual(definition(cache, table));
    expect(objects(local, 'index')).toEqual(expect.arrayContaining(['outbox_by_record', 'upload_queue_by_created']));
  });

  it('numbers the local.db migrations 1, 2, 3, … without gaps', () => {
    expect(localMigrations.map((m) => m.version)).toEqual(localMigrations.map((_, i) => i + 1));
  });

  it('copies local.db before each of its migrations, and refuses a newer local.db', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'brm-local-'));
    dirs.push(dir);
    const file = join(dir, 'local.db');
    const db = new BetterSqlite3(file);
    await migrateWithBackups(db, file, localMigrations.slice(0, 1));
    // A file made by this step is new: nothing to copy yet.
    expect(existsSync(join(dir, 'local.before-v1.db'))).toBe(false);
    db.prepare(`INSERT INTO drafts (key, value, saved_at) VALUES ('contact:new', '{"firstName":"Ada"}', 'now')`).run();
    const next: Migration = { version: 2, name: 'test step', up: (d) => d.exec('DROP TABLE drafts') };
    expect(await migrateWithBackups(db, file, [localMigrations[0], next])).toBe(2);
    db.close();
    const before = new BetterSqlite3(join(dir, 'local.before-v2.db'), { readonly: true });
    expect(before.pragma('user_version', { simple: true })).toBe(1);
    expect(before.prepare('SELECT value FROM drafts').pluck().all()).toEqual(['{"firstName":"Ada"}']);
    before.close();
    const newer = new BetterSqlite3(file);
    newer.pragma('user_version = 42');
    await expect(migrateWithBackups(newer, file)).rejects.toThrow(NewerSchemaError);
    await expect(migrateWithBackups(newer, file)).rejects.toThrow(/holds what only this machine has/);
    newer.close();
  });

  it('opens <dataDir>/local.db with <dataDir>/cache.db attached, both with WAL, synchronous NORMAL, foreign keys and a busy timeout', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'brm-cache-'));
    dirs.push(dir);
    const cache = await openCache(dir);
    const { db } = cache;
    expect(db.name).toBe(join(dir, 'local.db'));
    expect(cache.file).toBe(join(dir, 'cache.db'));
    for (const schema of ['main', 'cache']) {
      expect(db.pragma(`${schema}.journal_mode`, { simple: true })).toBe('wal');
      expect(db.pragma(`${schema}.synchronous`, { simple: true })).toBe(1);
    }
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('busy_timeout', { simple: true })).toBeGreaterThan(0);
    expect(db.pragma('main.user_version', { simple: true })).toBe(localMigrations.length);
    expect(db.pragma('cache.user_version', { simple: true })).toBe(migrations.length);
    db.pragma('cache.user_version = 42');
    cache.close();
    await expect(openCache(dir)).rejects.toThrow(NewerSchemaError);
    await expect(openCache(dir)).rejects.toThrow(
      `The cache at ${join(dir, 'cache.db')} was written by a newer version`,
    );
  });
});
