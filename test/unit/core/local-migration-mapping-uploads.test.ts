/**
 * local.db schema 4 (cache/local-migrations/004-import-mapping-uploads.ts): an upload queued before
 * the upgrade stays a document's upload (`uploadDocument`), the queue store keeps an import mapping
 * file's operation after it, and the table refuses an operation it does not know.
 */
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../main/core/cache/database';
import { localMigrations } from '../../../main/core/cache/local-migrations/index';
import { createUploadQueueStore, type QueuedUpload } from '../../../main/core/transfers/upload-queue-store';
import { queuedUploadRow } from '../../helpers/queued-upload';

const queued: QueuedUpload = queuedUploadRow;

describe('local.db schema 4: import mapping files in the upload queue', () => {
  it("keeps a document's queued upload across the upgrade, and a mapping file's operation after it", () => {
    const db = new BetterSqlite3(':memory:');
    migrate(db, localMigrations.slice(0, 3), ':memory:', 'local');
    db.prepare(
      `INSERT INTO upload_queue (id, idempotency_key, folder_id, name, size, file_path, state, attempts, last_error, created_at)
       VALUES (@id, @idempotencyKey, @folderId, @name, @size, @filePath, @state, @attempts, @lastError, @createdAt)`,
    ).run(queued);
    migrate(db, localMigrations.slice(0, 4), ':memory:', 'local');
    expect(db.pragma('user_version', { simple: true })).toBe(4);
    migrate(db, localMigrations, ':memory:', 'local');

    const store = createUploadQueueStore(db);
    expect(store.all()).toEqual([{ ...queued, operation: 'uploadDocument', sourceMtimeMs: null }]);
    const mapping: QueuedUpload = {
      ...queued,
      id: 't2',
      idempotencyKey: 'k2',
      folderId: '',
      name: 'leads.json',
      filePath: '/data/upload-queue/t2',
      createdAt: '2026-11-24T10:00:00.000Z',
      operation: 'uploadImportMapping',
      sourceMtimeMs: null,
    };
    store.add(mapping);
    expect(store.all()).toEqual([{ ...queued, operation: 'uploadDocument', sourceMtimeMs: null }, mapping]);
    expect(() => db.prepare("UPDATE upload_queue SET operation = 'uploadAnything' WHERE id = 't2'").run()).toThrow(
      /CHECK constraint failed/,
    );
  });
});
