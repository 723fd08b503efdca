/** `Unpack Zip file Related Documents` and `List Related Documents` of the Documents group. */
import { documentTitle } from '../files/document-title';
import { randomUUID } from 'node:crypto';
import type { DocumentRecord, Folder } from '../db/documents';
import { pageJson } from '../db/paging';
import type { ServiceStore } from '../db/store';
import { contentTypeOf } from '../files/content-type';
import { type UnpackedFile, unpackZip } from '../files/unzip';
import type { OperationHandlers } from '../http/bind';
import { ProblemError } from '../http/problem';
import type { OperationDeps } from './deps';
import { clip, requireDocument, requireFolder } from './document-access';
import type { DocumentFileDeps } from './document-copies';

/**
 * A folder name under `parentId` that reads like no sibling's (the folder table's unique names,
 * `server/db/unique-names.ts`): "name", "name (2)", ...
 */
function freeFolderName(store: ServiceStore, parentId: string, name: string): string {
  const taken = (candidate: string) =>
    store.documents.folders.nameHolder({ id: '', parentId, name: candidate } as Folder) !== undefined;
  let candidate = name;
  for (let n = 2; taken(candidate); n++) candidate = `${name.slice(0, 190)} (${n})`;
  return candidate;
}

/** The file name without its extension. */
function stemOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(0, dot) : name;
}

/** Handlers of `unpackZipRelatedDocuments` and `listRelatedDocuments`. */
export function documentUnpackHandlers(
  deps: OperationDeps,
  shared: DocumentFileDeps,
): Pick<OperationHandlers, 'unpackZipRelatedDocuments' | 'listRelatedDocuments'> {
  const { store } = deps;
  return {
    unpackZipRelatedDocuments: async ({ body, userId, reply }) => {
      const zip = requireDocument(store, body.id);
      if (zip.contentType !== 'application/zip') {
        throw new ProblemError(
          415,
          '/problems/unsupported-media-type',
          `Document ${zip.id} is ${zip.contentType}, not a zip file (application/zip); only zip files can be unpacked.`,
        );
      }
      const given = body.folderId === undefined ? null : requireFolder(store, body.folderId);
      const unpacked: UnpackedFile[] = await unpackZip(store.files.path(zip.id), store.files);
      const committed: string[] = [];
      try {
        const result = store.transaction(() => {
          const folder: Folder =
            given ??
            store.documents.saveFolder(randomUUID(), {
              parentId: zip.folderId,
              name: freeFolderName(store, zip.folderId, clip(stemOf(zip.name), 200)),
              ownerId: userId,
            });
          const items: DocumentRecord[] = unpacked.map((file) => {
            const id = randomUUID();
            const document = store.documents.save(id, {
              folderId: folder.id,
              name: file.name,
              title: documentTitle(file.name),
              contentType: contentTypeOf(file.name),
              size: file.size,
              sha256: file.sha256,
              crc32: file.crc32,
              state: 'draft',
              ownerId: userId,
              approval: null,
            });
            shared.links.link(zip.id, id, 'unpack');
            store.files.commit(file.tempPath, id);
            committed.push(id);
            return document;
          });
          return { folder, folderCreated: given === null, items };
        });
        reply.code(201);
        return result;
      } catch (error) {
        await Promise.all(unpacked.map((f) => store.files.discard(f.tempPath)));
        for (const id of committed) store.files.remove(id);
        throw error;
      }
    },

    listRelatedDocuments: ({ query }) => {
      const document = requireDocument(store, query.id);
      const page = shared.links.list(document.id, {
        kind: query.kind,
        cursor: query.cursor,
        limit: query.limit ?? 50,
      });
      return pageJson(page);
    },
  };
}
