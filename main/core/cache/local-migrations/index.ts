/**
 * The schema of `local.db` (what only this machine has: settings, downloads, the outbox, the id
 * mapping, drafts, the refetch list, the upload and download queues), as numbered migrations applied in order under
 * its own `PRAGMA user_version` (../database.ts), one file per version. Before each migration of an
 * existing file a copy of it is taken (`local.before-v<N>.db`). Never edited once released.
 */
import type { Migration } from '../migrations/migration';
import { localTables } from './001-local-tables';
import { downloadQueue } from './002-download-queue';
import { emailAttachmentDownloads } from './003-email-attachment-downloads';
import { importMappingUploads } from './004-import-mapping-uploads';
import { uploadsFromOriginals } from './005-uploads-from-originals';
import { downloadCrc32 } from './006-download-crc32';

/** All local.db migrations, in order. The last one's version is the schema version this build writes. */
export const localMigrations: readonly Migration[] = [
  localTables,
  downloadQueue,
  emailAttachmentDownloads,
  importMappingUploads,
  uploadsFromOriginals,
  downloadCrc32,
];
