/**
 * How folders are written to the service: `Save a folder` (create with a parent, rename, move) and
 * `Delete Folder` (api/openapi.yaml, tag Documents). The contract has no read of one folder: a
 * discarded edit is put right by the change feed.
 */
import type { ApiFolder } from '../../api/types';
import { pick, type RecordWrites } from '../../writes/record-writes';

/** The fields of a folder a save sends (the contract's FolderSave without `id`). */
export const folderSaveFields = ['parentId', 'name'] as const;

export const folderWrites: RecordWrites<ApiFolder> = {
  type: 'folder',
  noun: 'folder',
  label: (r) => r.name,
  create: (r) => ({ operationId: 'saveFolder', body: pick(r, folderSaveFields) }),
  update: (r) => ({ operationId: 'saveFolder', body: { id: r.id, ...pick(r, folderSaveFields) } }),
  // Never `recursive`: only an empty folder is deleted from here (docs/ARCHITECTURE.md).
  delete: (id) => ({ operationId: 'deleteFolder', query: { id } }),
};
