/**
 * Schema 6: what only this machine has lives in its own file, `local.db` (local-migrations/), so that
 * the cache can always be deleted and downloaded again (docs/ARCHITECTURE.md, "Cache schema"). Before
 * this step runs, the opening code copies these tables' rows into local.db and commits there
 * (local-split.ts); this step then drops them here, in one transaction with the version bump, so a
 * crash between the two copies again (the copy ignores rows local.db already holds).
 */
import type { Migration } from './migration';

/** The local-only tables of schemas 3 to 5, which schema 6 moves to local.db. */
export const movedTables = ['settings', 'downloads', 'outbox', 'id_map', 'drafts', 'refetch', 'upload_queue'] as const;

export const localTablesMoved: Migration = {
  version: 6,
  name: 'local-only tables moved to local.db',
  up: (db) => {
    for (const table of movedTables) db.exec(`DROP TABLE IF EXISTS ${table}`);
  },
};
