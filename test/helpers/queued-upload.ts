/** A document's upload as a `local.db` upload queue row held it before the later schemas (the local.db migration tests). */
import type { QueuedUpload } from '../../main/core/transfers/upload-queue-store';

/** A queued upload of a 1,234-byte `Offer.pdf`, kept in the queue's own folder, not yet tried. */
export const queuedUploadRow: Omit<QueuedUpload, 'operation' | 'sourceMtimeMs'> = {
  id: 't1',
  idempotencyKey: 'k1',
  folderId: '00000000-0000-4000-8000-000000000001',
  name: 'Offer.pdf',
  size: 1234,
  filePath: '/data/upload-queue/t1',
  state: 'queued',
  attempts: 0,
  lastError: null,
  createdAt: '2026-11-24T09:00:00.000Z',
};
