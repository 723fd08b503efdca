/**
 * Document thumbnails (api/openapi.yaml `getDocumentThumbnail`): a square picture of an image
 * document or of a PDF's first page, kept on this computer for offline use and revalidated with
 * its ETag. Other types have none; the views show the file-type icon for them.
 */
import { z } from 'zod';
import { call, uuid } from './common';

/**
 * Content types the service makes thumbnails of (api/openapi.yaml `getDocumentThumbnail`: PNG,
 * JPEG, GIF, WebP and PDF); other types answer 415, so views do not ask for them.
 */
export const thumbnailContentTypes: readonly string[] = [
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'application/pdf',
];

/** True when documents of `contentType` (a media type, parameters allowed) can have a thumbnail. */
export function hasThumbnail(contentType: string): boolean {
  return thumbnailContentTypes.includes(contentType.split(';')[0].trim().toLowerCase());
}

/**
 * The thumbnail sizes the views ask for, px (square): `row` for the 40 px picture in a list row,
 * `card` for the 144 px picture of a grid card; each about 1.6 times the shown size, so it stays
 * sharp on high-density screens. Fewer sizes mean fewer pictures kept per document.
 */
export const thumbnailSizes = { row: 64, card: 256 } as const;

export const documentThumbnailCalls = {
  /**
   * The thumbnail of document `id`, `size` x `size` px (64–512, api/openapi.yaml), as a `data:` URL.
   * Kept for offline use and revalidated with If-None-Match; null for a type without a thumbnail or
   * a file that cannot be decoded (kept too, so it is not asked again until the file changes), and
   * offline before it was ever fetched.
   */
  'documents.thumbnail': call<{ dataUrl: string | null }>()(
    z.object({ id: uuid, size: z.number().int().min(64).max(512) }).strict(),
  ),
} as const;
