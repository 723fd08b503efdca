/**
 * Bridge call of the in-app document preview (api/openapi.yaml `View Document`): the document's
 * bytes for the renderer's own viewers (PDF on a canvas, images as `data:` URLs, text as text), so
 * no page of the service's is ever framed and the renderer's Content Security Policy stays as it is
 * (docs/SECURITY.md, "Document previews").
 */
import { call, byId } from './common';

/** How the renderer shows a document: drawn PDF pages, an image, plain text, or not at all. */
export type DocumentPreviewKind = 'pdf' | 'image' | 'text' | 'unsupported';

/** Where the previewed bytes came from: the file downloaded on this computer, the service now, or a kept preview. */
export type DocumentPreviewSource = 'download' | 'service' | 'kept';

/** The answer of `documents.preview`. */
export interface DocumentPreview {
  id: string;
  /** The document's file name, e.g. `Offer Lisbon.pdf`. */
  name: string;
  kind: DocumentPreviewKind;
  /** The document's media type (RFC 6838), e.g. `application/pdf`. */
  contentType: string;
  /** The whole document's size, bytes. */
  size: number;
  /**
   * The bytes to show, base64 (RFC 4648 §4); null when the document is not shown (`refusal` says
   * why). Text is cut to its first `shownBytes` bytes (on a character boundary of UTF-8).
   */
  base64: string | null;
  /** Bytes in `base64`, bytes (below `size` when text was cut). */
  shownBytes: number;
  /** Why the document is not shown, in words with what to do instead (unsupported type, too large); null when shown. */
  refusal: string | null;
  /** Where the bytes came from; null when nothing is shown. */
  source: DocumentPreviewSource | null;
  /** When the service sent the bytes (ISO 8601 UTC); null for a downloaded file or when nothing is shown. */
  fetchedAt: string | null;
}

export const documentPreviewCalls = {
  /**
   * The document's preview: from its downloaded file when that matches, else from a kept preview
   * of the same content, else from the service (`View Document`, checked against the document's
   * size and SHA-256, then kept for offline). Offline with nothing kept: refused with code `offline`
   * in words. An unsupported type or a document over the preview limit answers a `refusal`.
   */
  'documents.preview': call<DocumentPreview>()(byId),
};
