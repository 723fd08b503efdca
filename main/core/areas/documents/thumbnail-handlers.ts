/**
 * `documents.thumbnail`: a document's thumbnail (api/openapi.yaml `getDocumentThumbnail`) through
 * the one kept-image piece (kept.ts `keptImage`): kept per document and size for offline use,
 * tied to the file's sha256 so a new version gets a new picture, revalidated with its ETag.
 */
import type { AreaHandlers } from '../context';
import { keptImage } from '../kept';

/**
 * How long a thumbnail fetched in this run is shown without asking again, ms: the service's
 * `Cache-Control: private, max-age=86400` (api/openapi.yaml `getDocumentThumbnail`). A changed file
 * is asked for at once whatever this says (its sha256 differs from the kept picture's).
 */
const thumbnailFreshMs = 86_400_000;

/** Creates the thumbnail handler. */
export const documentThumbnailHandlers: AreaHandlers<'documents.thumbnail'> = (ctx) => ({
  'documents.thumbnail': async ({ id, size }) => {
    const document = ctx.stores.documents.get(ctx.writes.currentId(id));
    // A document not (or no longer) in the cache has no file to show.
    if (!document) return { dataUrl: null };
    return keptImage(ctx, 'getDocumentThumbnail', document.id, {
      size,
      format: 'webp',
      version: document.sha256,
      freshForMs: thumbnailFreshMs,
    });
  },
});
