/**
 * local.db schema 4: import mapping files in the durable upload queue (docs/ARCHITECTURE.md,
 * "Transfers"). A queued upload names the operation that sends it: `operation` is `uploadDocument`
 * (a document into the folder `folder_id`, every upload before this schema) or `uploadImportMapping`
 * (an import mapping file, api/openapi.yaml tag Pim: it belongs to no folder, so `folder_id` is '').
 */
import type { Migration } from '../migrations/migration';

export const importMappingUploads: Migration = {
  version: 4,
  name: 'import mapping uploads',
  up: (db) =>
    db.exec(
      "ALTER TABLE upload_queue ADD COLUMN operation TEXT NOT NULL DEFAULT 'uploadDocument' CHECK (operation IN ('uploadDocument', 'uploadImportMapping'));",
    ),
};
