/**
 * local.db schema 5 (cache/local-migrations/005-uploads-from-originals.ts): an upload queued before
 * the upgrade is read from the queue's own copy; one sent from the user's file keeps that file's
 * modification time until the queue records its copy (`kept`).
 */
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../main/core/cache/database';
import { localMigrations } from '../../../main/core/cache/local-migrations/index';
import { createUploadQueueStore, type QueuedUpload } from '../../../main/core/transfers/upload-queue-store';
import { queuedUploadRow } from '../../helpers/queued-upload';

const before = { ...queuedUploadRow, operation: 'uploadDocument' } as const;

describe('local.db schema 5: uploads sent from the user files', () => {
  it('reads an upload queued before the upgrade as kept, and records when one from a user file is kept', () => {
    const db = new BetterSqlite3(':memory:');
    migrate(db, localMigrations.slice(0, 4), ':memory:', 'local');
    db.prepare(
      `INSERT INTO upload_queue (id, idempotency_key, folder_id, name, size, file_path, state, attempts, last_error, created_at, operation)
       VALUES (@id, @idempotencyKey, @folderId, @name, @size, @filePath, @state, @attempts, @lastError, @createdAt, @operation)`,
    ).run(before);
    migrate(db, localMigrations.slice(0, 5), ':memory:', 'local');
    expect(db.pragma('user_version', { simple: true })).toBe(5);
    // The store of today reads the latest schema.
    migrate(db, localMigrations, ':memory:', 'local');

    const store = createUploadQueueStore(db);
    expect(store.all()).toEqual([{ ...before, sourceMtimeMs: null }]);
    const fromOriginal: QueuedUpload = {
      ...before,
      id: 't2',
      idempotencyKey: 'k2',
      filePath: '/home/dana/Quotes/Offer 2.pdf',
      sourceMtimeMs: 1_764_000_000_123.5,
      createdAt: '2026-11-24T10:00:00.000Z',
    };
    store.add(fromOriginal);
    expect(store.all()[1]).toEqual(fromOriginal);
    store.kept('t2', '/data/upload-queue/t2');
    expect(store.all()[1]).toEqual({ ...fromOriginal, filePath: '/data/upload-queue/t2', sourceMtimeMs: null });
  });
});
