/**
 * local.db schema 6 (cache/local-migrations/006-download-crc32.ts): a download queued before the
 * upgrade has no CRC-32 (it is checked with its SHA-256); one queued after keeps its document's.
 */
import BetterSqlite3 from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrate } from '../../../main/core/cache/database';
import { localMigrations } from '../../../main/core/cache/local-migrations/index';
import { createDownloadQueueStore, type QueuedDownload } from '../../../main/core/transfers/download-queue-store';
import { expectedChecksum } from '../../../main/core/transfers/checksum';

const before = {
  id: 't1',
  documentId: 'd1',
  name: 'Offer.pdf',
  size: 1234,
  sha256: 'b'.repeat(64),
  createdAt: '2026-11-24T09:00:00.000Z',
  emailId: null,
} as const;

describe('local.db schema 6: queued downloads keep the CRC-32', () => {
  it('reads a download queued before the upgrade without one, and keeps the one a later download is given', () => {
    const db = new BetterSqlite3(':memory:');
    migrate(db, localMigrations.slice(0, 5), ':memory:', 'local');
    db.prepare(
      `INSERT INTO download_queue (id, document_id, name, size, sha256, created_at, email_id)
       VALUES (@id, @documentId, @name, @size, @sha256, @createdAt, @emailId)`,
    ).run(before);
    migrate(db, localMigrations, ':memory:', 'local');
    expect(db.pragma('user_version', { simple: true })).toBe(6);

    const store = createDownloadQueueStore(db);
    const [old] = store.all();
    expect(old).toEqual({ ...before, crc32: null });
    expect(expectedChecksum(old)).toEqual({ kind: 'sha256', hex: 'b'.repeat(64) });
    const later: QueuedDownload = {
      ...before,
      id: 't2',
      documentId: 'd2',
      crc32: '0a1b2c3d',
      createdAt: '2026-11-24T10:00:00.000Z',
    };
    store.add(later);
    expect(store.all()[1]).toEqual(later);
    expect(expectedChecksum(store.all()[1])).toEqual({ kind: 'crc32', hex: '0a1b2c3d' });
  });
});
