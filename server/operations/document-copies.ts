/** `Clone` and `Delete` of the Documents group: copying a document with its file, and deleting one. */
import { randomUUID } from 'node:crypto';
import { constants } from 'node:fs';
import { copyFile } from 'node:fs/promises';
import type { DocumentLinkRepo } from '../db/document-links';
import type { ServiceStore } from '../db/store';
import type { ThumbnailCache } from '../files/thumbnails';
import type { OperationHandlers } from '../http/bind';
import { checkIfMatch } from '../http/preconditions';
import { ProblemError } from '../http/problem';
import { type OperationDeps, versionETag } from './deps';
import { clip, requireDocument, requireFolder } from './document-access';

/** What the Documents operations that touch files share. */
export interface DocumentFileDeps {
  links: DocumentLinkRepo;
  thumbnails: ThumbnailCache;
}

/** Deletes the files and cached thumbnails of documents whose records are gone. */
export function discardDocumentFiles(store: ServiceStore, thumbnails: ThumbnailCache, documentIds: string[]): void {
  for (const id of documentIds) {
    store.files.remove(id);
    thumbnails.removeFor(id);
  }
}

/** The name of a copy in the original's folder: " (copy)" before the extension. */
export function copyName(name: string): string {
  const dot = name.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  return `${stem.slice(0, 255 - ext.length - 7)} (copy)${ext}`;
}

/** Handlers of `cloneDocument` and `deleteDocument`. */
export function documentCopyHandlers(
  deps: OperationDeps,
  shared: DocumentFileDeps,
): Pick<OperationHandlers, 'cloneDocument' | 'deleteDocument'> {
  const { store } = deps;
  return {
    cloneDocument: async ({ body, userId, reply }) => {
      const original = requireDocument(store, body.id);
      const folderId = body.folderId === undefined ? original.folderId : requireFolder(store, body.folderId).id;
      const id = randomUUID();
      const temp = store.files.tempPath();
      await copyFile(store.files.path(original.id), temp, constants.COPYFILE_FICLONE).catch(() => {
        throw new ProblemError(
          404,
          '/problems/not-found',
          `The file of document ${original.id} is missing on the service.`,
        );
      });
      try {
        const copy = store.transaction(() => {
          const saved = store.documents.save(id, {
            folderId,
            name: folderId === original.folderId ? copyName(original.name) : original.name,
            title: body.title ?? clip(`${original.title} (copy)`, 300),
            contentType: original.contentType,
            size: original.size,
            sha256: original.sha256,
            crc32: original.crc32,
            state: 'draft',
            ownerId: userId,
            approval: null,
          });
          shared.links.link(original.id, id, 'clone');
          store.files.commit(temp, id);
          return saved;
        });
        reply.code(201).header('ETag', versionETag(copy));
        return copy;
      } catch (error) {
        await store.files.discard(temp);
        store.files.remove(id);
        throw error;
      }
    },

    deleteDocument: ({ query, headers, reply }) => {
      const document = requireDocument(store, query.id);
      checkIfMatch(headers['If-Match'], document, 'document');
      store.transaction(() => store.documents.delete(document.id));
      discardDocumentFiles(store, shared.thumbnails, [document.id]);
      reply.code(204);
      return reply.send();
    },
  };
}
