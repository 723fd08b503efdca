/** Handlers that read folders and documents from the cache (offline too). */
import { existsSync } from 'node:fs';
import type { DocumentDetail } from '../../../../preload/contract';
import type { AreaHandlers, HandlerContext } from '../context';

type Names = 'documents.listFolders' | 'documents.list' | 'documents.get';

/** Creates the document read handlers. */
export const documentsHandlers: AreaHandlers<Names> = (ctx) => ({
  'documents.listFolders': async () => ctx.stores.documents.listFolders(),
  'documents.list': async ({ folderId, query, offset, limit }) =>
    ctx.stores.documents.list(folderId, query, offset, limit),
  'documents.get': async ({ id }) => readDocument(ctx, id),
});

/** Document `id` from the cache with where its downloaded file is on this computer (null: none), or null. */
export function readDocument(ctx: HandlerContext, id: string): DocumentDetail | null {
  const document = ctx.stores.documents.get(id);
  if (!document) return null;
  const local = ctx.cache.state.getDownload(id);
  const localPath =
    local?.localPath && local.sha256 === document.sha256 && existsSync(local.localPath) ? local.localPath : null;
  return { ...document, localPath };
}
