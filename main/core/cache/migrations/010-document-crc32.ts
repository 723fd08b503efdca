/**
 * Schema 10: a document's CRC-32 (`documents.crc32`, 8 lowercase hex digits; api/openapi.yaml,
 * Document, since contract 0.5.0), which a download is checked with (transfers/checksum.ts). NULL
 * for a row synced before, or from a service before 0.5.0: such a download is checked with the
 * SHA-256 instead. A 0.5.0 service writes every older document again when it first starts, so the
 * change feed brings the value to existing rows. Released: never edited.
 */
import type { Migration } from './migration';

export const documentCrc32: Migration = {
  version: 10,
  name: 'document crc32',
  up: (db) => db.exec('ALTER TABLE documents ADD COLUMN crc32 TEXT;'),
};
