/** `Save a folder` and `Delete Folder` of the Documents group: the folder tree's create, rename, move and delete. */
import { randomUUID } from 'node:crypto';
import type { Folder } from '../db/documents';
import { folderSubtree, maxRecursiveDeleteDocuments } from '../db/folder-subtree';
import type { ServiceStore } from '../db/store';
import type { OperationHandlers } from '../http/bind';
import { checkIfMatch } from '../http/preconditions';
import { conflict, validationProblem } from '../http/problem';
import { type OperationDeps, versionETag } from './deps';
import { requireFolder } from './document-access';
import { type DocumentFileDeps, discardDocumentFiles } from './document-copies';

/** Throws 409 when `parentId` is `folder` or lies below it (the move would make a cycle). */
function refuseCycle(store: ServiceStore, folder: Folder, parentId: string): void {
  const inside = store.db
    .prepare(
      `WITH RECURSIVE up(id, parent_id) AS (SELECT id, parent_id FROM folders WHERE id = ?
        UNION ALL SELECT f.id, f.parent_id FROM folders f JOIN up ON f.id = up.parent_id)
       SELECT 1 FROM up WHERE id = ? LIMIT 1`,
    )
    .pluck()
    .get(parentId, folder.id);
  if (inside !== undefined) {
    throw conflict(`Folder "${folder.name}" cannot move into itself or one of its own subfolders.`);
  }
}

/** Handlers of `saveFolder` and `deleteFolder`. */
export function folderHandlers(
  deps: OperationDeps,
  shared: DocumentFileDeps,
): Pick<OperationHandlers, 'saveFolder' | 'deleteFolder'> {
  const { store } = deps;
  const { documents } = store;
  return {
    saveFolder: ({ body, headers, reply, userId }) => {
      if (body.id === undefined) {
        if (body.parentId === undefined || body.name === undefined) {
          throw validationProblem([
            ...(body.parentId === undefined
              ? [{ pointer: '/body/parentId', detail: 'is required to create a folder' }]
              : []),
            ...(body.name === undefined ? [{ pointer: '/body/name', detail: 'is required to create a folder' }] : []),
          ]);
        }
        checkIfMatch(headers['If-Match'], undefined, 'folder');
        const parentId = body.parentId;
        const name = body.name;
        requireFolder(store, parentId);
        // A name that reads like a sibling's: 409 (NameTakenError, server/db/unique-names.ts).
        const created = store.transaction(() =>
          documents.saveFolder(randomUUID(), { parentId, name, ownerId: userId }),
        );
        reply.code(201).header('ETag', versionETag(created));
        return created;
      }
      const folder = requireFolder(store, body.id);
      checkIfMatch(headers['If-Match'], folder, 'folder');
      const parentId = body.parentId ?? folder.parentId;
      if (body.parentId !== undefined && body.parentId !== folder.parentId) {
        if (folder.parentId === null) throw conflict('The root folder cannot move.');
        requireFolder(store, body.parentId);
        refuseCycle(store, folder, body.parentId);
      }
      const name = body.name ?? folder.name;
      const saved = store.transaction(() =>
        documents.saveFolder(folder.id, { parentId, name, ownerId: folder.ownerId }),
      );
      reply.header('ETag', versionETag(saved));
      return saved;
    },

    deleteFolder: ({ query, reply }) => {
      const folder = requireFolder(store, query.id);
      if (folder.parentId === null) throw conflict('The root folder cannot be deleted.');
      const tree = folderSubtree(store.db, folder.id);
      const heldFolders = tree.folders.length - 1;
      const heldDocuments = tree.documents.length;
      if ((heldFolders || heldDocuments) && !query.recursive) {
        throw conflict(
          `Folder "${folder.name}" holds ${heldDocuments} document(s) and ${heldFolders} subfolder(s) (counting all levels); move or delete them first, or send recursive=true.`,
        );
      }
      if (heldDocuments > maxRecursiveDeleteDocuments) {
        throw conflict(
          `Folder "${folder.name}" holds more than ${maxRecursiveDeleteDocuments} documents; delete its subfolders one by one.`,
        );
      }
      store.transaction(() => {
        for (const id of tree.documents) documents.delete(id);
        for (const id of tree.folders) documents.folders.remove(id, undefined);
      });
      discardDocumentFiles(store, shared.thumbnails, tree.documents);
      reply.code(204);
      return reply.send();
    },
  };
}
