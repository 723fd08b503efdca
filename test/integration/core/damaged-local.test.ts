/**
 * local.db, the only copy of what this machine has not sent (docs/ARCHITECTURE.md, "A damaged
 * file"): a damaged one is set aside (never deleted) with the files its entries named, the user is
 * told which file holds the unsent work, and the app starts with an empty one; before each of its
 * migrations a copy of it is kept next to it.
 */
import { mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { configure, migrate } from '../../../main/core/cache/database';
import { localMigrations } from '../../../main/core/cache/local-migrations/index';
import { createMemoryKeychain } from '../../../main/core/keychain';
import type { Core } from '../../../main/core/platform';
import { type ClientRig, freshClientTables, signInThroughProxy, startClientRig } from '../../helpers/client-folders';
import {
  createTempDir,
  createTestPlatform,
  dumpSyncedTables,
  startTestCore,
  waitForIdle,
} from '../../helpers/core-harness';
import { filesMatching, overwriteHeader, writeGarbageInTheMiddle } from '../../helpers/data-folder';

describe('a damaged local.db', () => {
  const temp = createTempDir('brm-damaged-local-');
  let rig: ClientRig;

  beforeAll(async () => {
    rig = await startClientRig(temp.path);
  });
  afterAll(async () => {
    await rig.close();
    temp.remove();
  });

  const signIn = (core: Core) => signInThroughProxy(core, rig);
  it.each([
    ['an overwritten header', overwriteHeader],
    ['garbage in the middle', writeGarbageInTheMiddle],
  ])('is set aside after %s with the files it named; the user is told where; the app starts', async (damage, harm) => {
    const dir = join(temp.path, damage.replaceAll(' ', '-'));
    const data = join(dir, 'data');
    const keychain = createMemoryKeychain();
    const first = await startTestCore(dir, createTestPlatform(keychain), rig.options);
    try {
      await signIn(first);
      await waitForIdle(first);
      rig.proxy.down();
      await first.handlers['contacts.save']({ contact: { firstName: 'Una', lastName: 'Sent' } });
      // Enough drafts for a file of many pages, and an upload kept while the service is away.
      for (let i = 0; i < 40; i++)
        await first.handlers['drafts.put']({ key: `contact:draft-${i}`, value: { notes: 'x'.repeat(2000) } });
      writeFileSync(join(dir, 'Quote.txt'), 'a quote');
      const folder = (await first.handlers['documents.listFolders']({}))[0];
      await first.handlers['documents.upload']({
        folderId: folder.id,
        files: [{ ref: join(dir, 'Quote.txt'), name: 'Quote.txt' }],
      });
      // Sent from the user's file first, it is kept once its attempt found no service.
      await vi.waitFor(() => expect(readdirSync(join(data, 'upload-queue'))).toHaveLength(1), { timeout: 10_000 });
    } finally {
      await first.stop();
      rig.proxy.up();
    }
    expect(readdirSync(join(data, 'upload-queue'))).toHaveLength(1);
    harm(join(data, 'local.db'));

    const core = await startTestCore(dir, createTestPlatform(keychain), rig.options);
    try {
      const [aside] = filesMatching(data, /^local\.damaged-\d{8}T\d{6}Z\.db$/);
      const [uploads] = filesMatching(data, /^upload-queue\.damaged-\d{8}T\d{6}Z$/);
      expect(aside).toBeDefined();
      expect(readdirSync(join(data, uploads))).toHaveLength(1);
      const [notice] = await core.handlers['storage.listNotices']({});
      expect(notice).toMatchObject({ kind: 'localSetAside', file: join(data, aside) });
      expect(notice.message).toContain(`It was set aside as ${join(data, aside)}: the unsent work in it was not sent.`);
      expect(notice.message).toContain(`moved to ${join(data, uploads)}`);
      expect(notice.message).toContain('sign in again');
      // The sign-in went with the file; whose data the cache held is no longer known.
      expect((await core.handlers['session.get']({})).state).toBe('signedOut');
      expect(await core.handlers['outbox.list']({})).toEqual([]);
      expect((await core.handlers['contacts.list']({ offset: 0, limit: 1 })).total).toBe(0);
      await signIn(core);
      await waitForIdle(core);
      expect((await core.handlers['contacts.list']({ offset: 0, limit: 1 })).total).toBeGreaterThan(0);
      expect(await core.handlers['storage.dismissNotice']({ id: notice.id })).toEqual({ dismissed: true });
      expect(await core.handlers['storage.listNotices']({})).toEqual([]);
    } finally {
      await core.stop();
    }
    expect(filesMatching(data, /^local\.damaged-\d{8}T\d{6}Z\.db$/)).toHaveLength(1);
    const reference = join(temp.path, `reference-${damage.replaceAll(' ', '-')}`);
    expect(dumpSyncedTables(data)).toEqual(await freshClientTables(rig, reference));
  });

  it('is copied before each of its migrations, and opens migrated with what it held', async () => {
    expect(localMigrations.length).toBeGreaterThan(1);
    const dir = join(temp.path, 'migrated');
    const data = join(dir, 'data');
    mkdirSync(data, { recursive: true });
    const db = new BetterSqlite3(join(data, 'local.db'));
    configure(db);
    migrate(db, localMigrations.slice(0, 1), join(data, 'local.db'), 'local');
    db.prepare(`INSERT INTO drafts (key, value, saved_at) VALUES ('contact:new', '{"firstName":"Ida"}', 'then')`).run();
    db.close();

    const core = await startTestCore(dir, createTestPlatform(), rig.options);
    try {
      expect(await core.handlers['drafts.get']({ key: 'contact:new' })).toEqual({
        value: { firstName: 'Ida' },
        savedAt: 'then',
      });
    } finally {
      await core.stop();
    }
    for (const migration of localMigrations.slice(1)) {
      const copy = new BetterSqlite3(join(data, `local.before-v${migration.version}.db`), { readonly: true });
      try {
        expect(copy.pragma('user_version', { simple: true })).toBe(migration.version - 1);
        expect(copy.prepare('SELECT value FROM drafts').pluck().all()).toEqual(['{"firstName":"Ida"}']);
      } finally {
        copy.close();
      }
    }
  });
});
