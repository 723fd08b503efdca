/**
 * local.db schema 3: e-mail attachments in the durable download queue (docs/ARCHITECTURE.md,
 * "Transfers"). The contract has no download of one attachment (api/openapi.yaml `EmailAttachment`:
 * its bytes are part of the message `downloadEmail` answers), so a queued attachment names the
 * e-mail it is taken from: `email_id`, null for a document. For an attachment, `document_id` holds
 * the attachment's id and `name`, `size` and `sha256` are the attachment's, which the file taken out
 * of the message is checked against.
 */
import type { Migration } from '../migrations/migration';

export const emailAttachmentDownloads: Migration = {
  version: 3,
  name: 'e-mail attachment downloads',
  up: (db) => db.exec('ALTER TABLE download_queue ADD COLUMN email_id TEXT;'),
};
