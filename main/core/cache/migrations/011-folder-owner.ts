/**
 * Schema 11: a folder's owner (`folders.owner_id`; api/openapi.yaml, Folder, since contract 0.6.0),
 * which the folder's access rules compare with the signed-in user (`x-access`), so that the
 * Documents view offers renaming, moving and deleting a folder only to those who may. NULL for a
 * row synced before, as for a folder the service made before 0.6.0 (only managers and
 * administrators change those). Released: never edited.
 */
import type { Migration } from './migration';

export const folderOwner: Migration = {
  version: 11,
  name: 'folder owner',
  up: (db) => db.exec('ALTER TABLE folders ADD COLUMN owner_id TEXT;'),
};
