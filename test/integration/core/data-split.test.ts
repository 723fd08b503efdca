/**
 * Two files (docs/ARCHITECTURE.md, "Cache schema"): what only this machine has lives in local.db,
 * apart from the rebuildable cache.db. A fresh core makes both; a 410 rebuild leaves local.db as it
 * was; a schema-5 single-file cache is split without losing an entry, also when the split was cut
 * short by a crash.
 */
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openCache } from '../../../main/core/cache/cache';
import { configure, migrate } from '../../../main/core/cache/database';
import { localMigrations } from '../../../main/core/cache/local-migrations/index';
import { copyLocalTables } from '../../../main/core/cache/local-split';
import { migrations } from '../../../main/core/cache/migrations/index';
import { createCore } from '../../../main/core/index';
import {
  createTempDir,
  createTestPlatform,
  readCacheDirectly,
  testCoreOptions,
  waitForEvent,
} from '../../helpers/core-harness';
import { localSnapshot, localTables, tablesOf } from '../../helpers/data-folder';
import { startWritePathRig, type WritePathRig } from '../../helpers/write-path-harness';

const at = '2026-01-05T09:00:00.000Z';
const contactId = '0b9f0a52-3a5e-4c3f-9d55-6b1c2a000001';
const localId = '0b9f0a52-3a5e-4c3f-9d55-6b1c2a000002';

/**
 * The rows of `snapshot` with only the columns the schema-5 rows of `written` had: local.db's later
 * migrations add columns (with defaults) that a schema-5 cache never had.
 */
function asWritten(snapshot: Record<string, unknown[]>, written: Record<string, unknown[]>) {
  return Object.fromEntries(
    Object.entries(snapshot).map(([table, rows]) => {
      const columns = Object.keys((written[table]?.[0] as object | undefined) ?? (rows[0] as object | undefined) ?? {});
      return [
        table,
        rows.map((row) => Object.fromEntries(columns.map((c) => [c, (row as Record<string, unknown>)[c]]))),
      ];
    }),
  );
}

/** `snapshot` without the settings sync writes at the end of each run (`news.sessionEnd:<user>`). */
function withoutSyncNotes(snapshot: Record<string, unknown[]>) {
  const settings = snapshot.settings as { key: string }[];
  return { ...snapshot, settings: settings.filter((s) => !s.key.startsWith('news.sessionEnd:')) };
}

/** A schema-5 cache.db (one file, as BRM Desktop wrote it before local.db) holding one of everything. */
function writeSchema5Cache(dataDir: string): Record<string, unknown[]> {
  mkdirSync(dataDir, { recursive: true });
  const db = new BetterSqlite3(join(dataDir, 'cache.db'));
  configure(db);
  migrate(db, migrations.slice(0, 5));
  const contact = {
    id: contactId,
    version: 3,
    firstName: 'Ada',
    lastName: 'Byron',
    type: 'customer',
    state: 'active',
    createdAt: at,
    updatedAt: at,
  };
  db.exec(`
    INSERT INTO settings (key, value) VALUES ('serverUrl', 'https://brm.example.com'), ('username', 'ada@example.com');
    INSERT INTO downloads (document_id, sha256, local_path, part_path, updated_at)
      VALUES ('doc-1', '${'a'.repeat(64)}', '/home/ada/Downloads/Quote.pdf', NULL, '${at}');
    INSERT INTO id_map (local_id, record_type, service_id, created_at) VALUES ('${localId}', 'contact', NULL, '${at}');
    INSERT INTO drafts (key, value, saved_at) VALUES ('contact:new', '{"firstName":"Grace"}', '${at}');
    INSERT INTO refetch (record_type, id) VALUES ('contact', '${contactId}');
    INSERT INTO upload_queue (id, idempotency_key, folder_id, name, size, file_path, state, attempts, last_error, created_at)
      VALUES ('u-1', 'k-1', 'f-1', 'Quote.pdf', 1234, '/data/upload-queue/u-1', 'failed', 2, 'The folder is gone.', '${at}');
    INSERT INTO contacts (id, version, first_name, last_name, type, state, created_at, updated_at, local_state)
      VALUES ('${contactId}', 3, 'Ada', 'Lovelace', 'customer', 'active', '${at}', '${at}', 'pending');
  `);
  db.prepare(
    `INSERT INTO outbox (id, kind, record_type, record_id, operation_id, body, base, mine, if_match, summary, state, attempts, created_at)
     VALUES ('e-1', 'update', 'contact', ?, 'saveUser', ?, ?, ?, 3, 'Edit contact Ada Lovelace', 'waiting', 1, ?)`,
  ).run(
    contactId,
    JSON.stringify({ body: { ...contact, lastName: 'Lovelace' } }),
    JSON.stringify(contact),
    JSON.stringify({ ...contact, lastName: 'Lovelace' }),
    at,
  );
  const rows = Object.fromEntries(
    localTables.map((table) => [table, db.prepare(`SELECT * FROM ${table} ORDER BY rowid`).all()]),
  );
  db.close();
  return rows;
}

describe('local.db apart from cache.db', () => {
  const temp = createTempDir('brm-split-');
  afterAll(() => temp.remove());

  it('makes both files on a fresh start, each with its own tables', async () => {
    const dir = join(temp.path, 'fresh');
    const core = await createCore(testCoreOptions(dir, createTestPlatform()));
    await core.stop();
    const data = join(dir, 'data');
    const local = tablesOf(join(data, 'local.db'));
    const cache = tablesOf(join(data, 'cache.db'));
    for (const table of localTables) {
      expect(local).toContain(table);
      expect(cache).not.toContain(table);
    }
    for (const table of ['contacts', 'companies', 'calendar_events', 'documents', 'sync_state', 'query_cache'])
      expect(cache).toContain(table);
    expect(local).not.toContain('contacts');
  });

  it('splits a schema-5 single file without losing an entry', async () => {
    const dir = join(temp.path, 'schema5');
    const data = join(dir, 'data');
    const before = writeSchema5Cache(data);
    const core = await createCore(testCoreOptions(dir, createTestPlatform()));
    try {
      const [entry] = await core.handlers['outbox.list']({});
      expect(entry).toMatchObject({ id: 'e-1', summary: 'Edit contact Ada Lovelace', state: 'waiting' });
      expect(await core.handlers['drafts.get']({ key: 'contact:new' })).toEqual({
        value: { firstName: 'Grace' },
        savedAt: at,
      });
      // The edit still shows on its row: the synced records stay in cache.db.
      expect(await core.handlers['contacts.get']({ id: contactId })).toMatchObject({
        lastName: 'Lovelace',
        syncState: 'pending',
      });
      expect(await core.handlers['outbox.list']({})).toHaveLength(1);
    } finally {
      await core.stop();
    }
    expect(asWritten(localSnapshot(data), before)).toEqual(before);
    const cacheTables = tablesOf(join(data, 'cache.db'));
    for (const table of localTables) expect(cacheTables).not.toContain(table);
    expect(readCacheDirectly(data, 'PRAGMA user_version')).toEqual([{ user_version: migrations.length }]);
  });

  it('copies again, and doubles nothing, when a crash cut the split between its two commits', async () => {
    const data = join(temp.path, 'cut-split', 'data');
    const before = writeSchema5Cache(data);
    // The copy into local.db committed; cache.db still holds the tables at schema 5.
    const local = new BetterSqlite3(join(data, 'local.db'));
    configure(local);
    migrate(local, localMigrations, join(data, 'local.db'), 'local');
    copyLocalTables(local, join(data, 'cache.db'));
    local.close();
    expect(tablesOf(join(data, 'cache.db'))).toContain('outbox');

    const cache = await openCache(data);
    cache.close();
    expect(asWritten(localSnapshot(data), before)).toEqual(before);
    expect(tablesOf(join(data, 'cache.db'))).not.toContain('outbox');
  });

  it('clears cache.db when local.db is gone, since whose data it holds is no longer known', async () => {
    const data = join(temp.path, 'orphan-cache', 'data');
    writeSchema5Cache(data);
    (await openCache(data)).close();
    expect(readCacheDirectly(data, 'SELECT count(*) AS n FROM contacts')).toEqual([{ n: 1 }]);
    rmSync(join(data, 'local.db'));
    (await openCache(data)).close();
    expect(existsSync(join(data, 'local.db'))).toBe(true);
    expect(readCacheDirectly(data, 'SELECT count(*) AS n FROM contacts')).toEqual([{ n: 0 }]);
  });
});

describe('the 410 rebuild', () => {
  let rig: WritePathRig;
  beforeAll(async () => {
    rig = await startWritePathRig();
  }, 120_000);
  afterAll(async () => {
    await rig?.close();
  });

  it('keeps the outbox, the upload queue, the id map, drafts and settings', async () => {
    const { core, service } = rig;
    const [contact] = (await core.handlers['contacts.list']({ offset: 0, limit: 1 })).rows;
    // An edit that meets a conflicting change on the service stays in the outbox for the user.
    await rig.goOffline();
    await core.handlers['contacts.save']({
      contact: { id: contact.id, firstName: 'Mine', lastName: contact.lastName },
    });
    const created = await core.handlers['contacts.save']({ contact: { firstName: 'Lin', lastName: 'Split' } });
    service.store.saveContact({ id: contact.id, firstName: 'Theirs', lastName: contact.lastName });
    await rig.comeBack();
    const entries = await core.handlers['outbox.list']({});
    expect(entries.map((e) => e.state)).toEqual(['conflict']);
    // A refused upload (its folder went meanwhile) stays queued, failed, with its kept copy.
    const root = (await core.handlers['documents.listFolders']({})).find((f) => f.parentId === null)!;
    const folder = await rig.client.call('saveFolder', { body: { parentId: root.id, name: 'Gone before upload' } });
    const goneId = (folder.body as { id: string }).id;
    await core.handlers['sync.run']({});
    expect((await rig.client.call('deleteFolder', { query: { id: goneId } })).status).toBe(204);
    const refused = waitForEvent(core, 'transfer.progress', (t) => t.state === 'failed');
    writeFileSync(join(rig.dir, 'refused.txt'), 'nowhere to go');
    await core.handlers['documents.upload']({
      folderId: goneId,
      files: [{ ref: join(rig.dir, 'refused.txt'), name: 'refused.txt' }],
    });
    await refused;
    await core.handlers['drafts.put']({ key: 'contact:new', value: { firstName: 'Draft' } });
    const data = join(rig.dir, 'data');
    const before = localSnapshot(data);
    expect(before.id_map).toEqual([expect.objectContaining({ local_id: created.id, service_id: expect.any(String) })]);
    expect(before.upload_queue).toHaveLength(1);
    expect(before.drafts).toHaveLength(1);
    expect(before.settings.length).toBeGreaterThan(0);

    const victim = (await core.handlers['contacts.list']({ offset: 3, limit: 1 })).rows[0];
    service.store.deleteContact(victim.id);
    service.store.purgeTombstonesBefore(new Date(Date.now() + 60_000).toISOString());
    const status = await core.handlers['sync.run']({});
    expect(status).toMatchObject({ state: 'idle', phase: 'bootstrap' });
    expect(await core.handlers['contacts.get']({ id: victim.id })).toBeNull();
    // Sync itself notes when the session's last sync ended (the News digest): not the user's data.
    expect(withoutSyncNotes(localSnapshot(data))).toEqual(withoutSyncNotes(before));
    // The edit in conflict still shows over the rebuilt row.
    expect(await core.handlers['contacts.get']({ id: contact.id })).toMatchObject({
      firstName: 'Mine',
      syncState: 'conflict',
    });
  });
});
