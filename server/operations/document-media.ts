/** `View Document` (inline, sandboxed, resumable) and `Gets a document thumbnail` (cached PNG/WebP). */
import { inlineDisposition } from '../files/disposition';
import { sendDocumentFile } from '../files/send-file';
import { thumbnailContentTypes, thumbnailETag } from '../files/thumbnails';
import type { OperationHandlers } from '../http/bind';
import type { OperationDeps } from './deps';
import { requireDocument } from './document-access';
import type { DocumentFileDeps } from './document-copies';

/** Headers that keep active content of a viewed file (HTML, SVG) from running or reaching the origin. */
const viewSafetyHeaders = {
  'Content-Security-Policy': 'sandbox',
  'X-Content-Type-Options': 'nosniff',
} as const;

/** How long clients may reuse a thumbnail without asking again (it is named by content). */
const thumbnailCacheControl = 'private, max-age=86400';

/** True when an If-None-Match header lists `etag` (or is `*`); weak tags compare equal (RFC 9110 §13.1.2). */
export function noneMatch(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  return header
    .split(',')
    .map((t) => t.trim().replace(/^W\//, ''))
    .some((t) => t === '*' || t === etag);
}

/** Handlers of `viewDocument` and `getDocumentThumbnail`. */
export function documentMediaHandlers(
  deps: OperationDeps,
  shared: DocumentFileDeps,
): Pick<OperationHandlers, 'viewDocument' | 'getDocumentThumbnail'> {
  const { store } = deps;
  return {
    viewDocument: async ({ query, headers, reply }) => {
      const document = requireDocument(store, query.id);
      return sendDocumentFile(reply, store.files, document, {
        disposition: inlineDisposition(document.name),
        contentType: document.contentType,
        range: headers.Range,
        ifRange: headers['If-Range'],
        headers: viewSafetyHeaders,
      });
    },

    getDocumentThumbnail: async ({ query, headers, reply }) => {
      const document = requireDocument(store, query.id);
      const size = query.size ?? 256;
      const format = query.format ?? 'png';
      const etag = thumbnailETag(document, size, format);
      if (thumbnailContentTypes.includes(document.contentType) && noneMatch(headers['If-None-Match'], etag)) {
        return reply.code(304).header('ETag', etag).header('Cache-Control', thumbnailCacheControl).send();
      }
      const thumbnail = await shared.thumbnails.get(document, size, format);
      reply.header('ETag', thumbnail.etag).header('Cache-Control', thumbnailCacheControl);
      return reply.type(thumbnail.contentType).header('Content-Length', thumbnail.bytes.length).send(thumbnail.bytes);
    },
  };
}
