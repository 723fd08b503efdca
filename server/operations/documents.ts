/** Operations of the Documents group that read metadata: folder lists, detail and search. */
import { pageJson } from '../db/paging';
import type { OperationHandlers } from '../http/bind';
import { decodeCursor, encodeCursor } from '../http/cursor';
import { notFound } from '../http/problem';
import { type OperationDeps, versionETag } from './deps';

interface SearchCursor {
  l: 'search';
  q: string;
  f: string | null;
  o: number;
}

/** Handlers of the Documents group's metadata operations. */
export function documentHandlers(
  deps: OperationDeps,
): Pick<OperationHandlers, 'listFolderDocuments' | 'getDocumentDetail' | 'searchDocuments'> {
  const { documents } = deps.store;
  return {
    listFolderDocuments: ({ query }) => {
      const folder = query.folderId ? documents.folder(query.folderId) : documents.root();
      if (!folder) throw notFound('folder', query.folderId);
      const page = documents.list(folder.id, { cursor: query.cursor, limit: query.limit ?? 50 });
      const folders = query.cursor ? [] : documents.subfolders(folder.id);
      return pageJson(page, { folder: JSON.stringify(folder), folders: `[${folders.join(',')}]` });
    },
    getDocumentDetail: ({ query, reply }) => {
      const document = documents.get(query.id);
      if (!document) throw notFound('document', query.id);
      reply.header('ETag', versionETag(document));
      return document;
    },
    searchDocuments: ({ body }) => {
      const folderId = body.folderId ?? null;
      if (folderId && !documents.folder(folderId)) throw notFound('folder', folderId);
      const isCursor = (v: unknown): v is SearchCursor => {
        const c = v as SearchCursor;
        return (
          typeof c === 'object' &&
          c !== null &&
          c.l === 'search' &&
          c.q === body.query &&
          c.f === folderId &&
          Number.isSafeInteger(c.o) &&
          c.o >= 0
        );
      };
      const offset = body.cursor ? decodeCursor(body.cursor, '/body/cursor', isCursor).o : 0;
      const limit = body.limit ?? 50;
      const found = documents.search(body.query, { folderId: folderId ?? undefined, offset, limit });
      const nextCursor = found.more
        ? encodeCursor({ l: 'search', q: body.query, f: folderId, o: offset + limit })
        : null;
      return pageJson({ items: found.items, nextCursor });
    },
  };
}
