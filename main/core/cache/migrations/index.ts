/**
 * The schema of `cache.db` (the synced records, rebuildable from the service), as numbered
 * migrations applied in order under `PRAGMA user_version` (see database.ts), one file per version.
 * What only this machine has lives in `local.db`, with its own migrations (../local-migrations/).
 * A migration is never edited once released; changes come as new migrations.
 */
import { recordTables } from './001-record-tables';
import { fullTextSearch } from './002-full-text-search';
import { localState } from './003-local-state';
import { writePath } from './004-write-path';
import { uploadQueue } from './005-upload-queue';
import { localTablesMoved } from './006-local-tables-moved';
import { keptBranches } from './007-kept-branches';
import { deferredStructures } from './008-deferred-structures';
import { contactSearchPrefixes } from './009-contact-search-prefixes';
import { documentCrc32 } from './010-document-crc32';
import { folderOwner } from './011-folder-owner';
import type { Migration } from './migration';

export type { Migration } from './migration';

/** All migrations, in order. The last one's version is the schema version this build writes. */
export const migrations: readonly Migration[] = [
  recordTables,
  fullTextSearch,
  localState,
  writePath,
  uploadQueue,
  localTablesMoved,
  keptBranches,
  deferredStructures,
  contactSearchPrefixes,
  documentCrc32,
  folderOwner,
];
