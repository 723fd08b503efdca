/**
 * local.db schema 5: an upload may be sent from the user's own file (docs/ARCHITECTURE.md,
 * "Transfers"). An upload accepted while the service answers is sent straight from the file the user
 * chose, and copied into `<data folder>/upload-queue/` only once it has to wait; until then
 * `file_path` is the user's file and `source_mtime_ms` its modification time when it was added (ms
 * since 1970-01-01 UTC), which tells whether the file is still the one added. NULL (every row before
 * this schema) means `file_path` is the queue's own copy.
 */
import type { Migration } from '../migrations/migration';

export const uploadsFromOriginals: Migration = {
  version: 5,
  name: 'uploads from originals',
  up: (db) => db.exec('ALTER TABLE upload_queue ADD COLUMN source_mtime_ms REAL;'),
};
