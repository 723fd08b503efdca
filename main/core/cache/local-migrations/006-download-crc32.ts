/**
 * local.db schema 6: a queued download keeps the document's CRC-32 (`download_queue.crc32`, 8
 * lowercase hex digits, api/openapi.yaml Document since contract 0.5.0), which its file is checked
 * with (transfers/checksum.ts). NULL for an e-mail attachment, a row queued before this schema, or a
 * document whose record had none: those are checked with their SHA-256, as before.
 */
import type { Migration } from '../migrations/migration';

export const downloadCrc32: Migration = {
  version: 6,
  name: 'download crc32',
  up: (db) => db.exec('ALTER TABLE download_queue ADD COLUMN crc32 TEXT;'),
};
