/**
 * local.db schema 3 (cache/local-migrations/003-email-attachment-downloads.ts): a download queued
 * before the upgrade stays queued as a document's download, and the queue store keeps the e-mail of
 * an attachment's download.
 */
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../main/core/cache/database';
import { localMigrations } from '../../../main/core/cache/local-migrations/index';
import { createDownloadQueueStore } from '../../../main/core/transfers/download-queue-store';

const queued = {
  id: 't1',
  documentId: '00000000-0000-4000-8000-000000000001',
  name: 'Offer.pdf',
  size: 1234,
  sha256: 'a'.repeat(64),
  createdAt: '2026-11-24T09:00:00.000Z',
};

describe('local.db schema 3: e-mail attachments in the download queue', () => {
  it("keeps a document's queued download across the upgrade, and an attachment's e-mail after it", () => {
    const db = new BetterSqlite3(':memory:');
    migrate(db, localMigrations.slice(0, 2), ':memory:', 'local');
    db.prepare(
      'INSERT INTO download_queue (id, document_id, name, size, sha256, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    ).run(queued.id, queued.documentId, queued.name, queued.size, queued.sha256, queued.createdAt);
    migrate(db, localMigrations.slice(0, 3), ':memory:', 'local');
    expect(db.pragma('user_version', { simple: true })).toBe(3);
    expect(db.prepare('SELECT email_id FROM download_queue').pluck().all()).toEqual([null]);

    // The store of today reads the latest schema.
    migrate(db, localMigrations, ':memory:', 'local');
    const store = createDownloadQueueStore(db);
    expect(store.all()).toEqual([{ ...queued, crc32: null, emailId: null }]);
    const attachment = {
      ...queued,
      id: 't2',
      documentId: '00000000-0000-4000-8000-000000000002',
      name: 'Price list.csv',
      createdAt: '2026-11-24T10:00:00.000Z',
      emailId: '00000000-0000-4000-8000-0000000000e1',
    };
    store.add(attachment);
    expect(store.all()).toEqual([
      { ...queued, crc32: null, emailId: null },
      { ...attachment, crc32: null },
    ]);
  });
});
