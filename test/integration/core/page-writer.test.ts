/** The sync writer thread: writes pages and cursors on its own connection, visible to the main one. */
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { ChangeToApply } from '../../../main/core/cache/apply-changes';
import { openCache } from '../../../main/core/cache/cache';
import { createPageWriter, createThreadWriter } from '../../../main/core/sync/page-writer';
import { createTempDir } from '../../helpers/core-harness';

const at = '2026-03-01T10:00:00.000Z';
const folder = (id: string, version: number, name: string): ChangeToApply => ({
  type: 'folder',
  id,
  op: 'upsert',
  version,
  data: { id, version, parentId: null, name, createdAt: at, updatedAt: at },
});

describe('page writer thread', () => {
  const dir = createTempDir();
  afterAll(() => dir.remove());

  it('writes each page with its cursor, applies the version rule, and clears on request', async () => {
    const cache = openCache(join(dir.path, 'a'));
    const writer = await createPageWriter(cache.db);
    expect(writer.kind).toBe('thread');
    const first = await writer.write([folder('f1', 2, 'Contracts'), folder('f2', 1, 'Offers')], 'cursor-1', false);
    expect(first).toEqual({ applied: { folder: 2 }, changedTypes: ['folder'], newUnreadNotifications: [] });
    expect(cache.state.getSyncState()).toMatchObject({ cursor: 'cursor-1', bootstrapped: false });
    const second = await writer.write([folder('f1', 1, 'Old name')], 'cursor-2', true);
    expect(second.applied).toEqual({});
    expect(cache.documents.listFolders().map((f) => f.name)).toEqual(['Contracts', 'Offers']);
    expect(cache.state.getSyncState()).toMatchObject({ cursor: 'cursor-2', bootstrapped: true });
    await writer.clear();
    expect(cache.documents.listFolders()).toEqual([]);
    expect(cache.state.getSyncState()).toEqual({ cursor: null, bootstrapped: false, lastSyncedAt: null });
    await writer.close();
    cache.close();
  });

  it('reports a failed write without losing the thread', async () => {
    const cache = openCache(join(dir.path, 'b'));
    const writer = await createThreadWriter(cache.db.name);
    const broken = { ...folder('f1', 1, 'x'), data: { id: 'f1', version: 1 } } as unknown as ChangeToApply;
    await expect(writer.write([broken], 'cursor-1', false)).rejects.toThrow(/NOT NULL/);
    expect(cache.state.getSyncState().cursor).toBeNull();
    await writer.write([folder('f3', 1, 'Fine')], 'cursor-2', false);
    expect(cache.state.getSyncState().cursor).toBe('cursor-2');
    await writer.close();
    cache.close();
  });

  it('refuses to start on a database that does not exist', async () => {
    await expect(createThreadWriter(join(dir.path, 'missing', 'cache.db'))).rejects.toThrow();
  });
});
