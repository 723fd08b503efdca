/**
 * `documents.preview`: a document's bytes for the renderer's own viewers (docs/SECURITY.md,
 * "Document previews"). In order: the file downloaded on this computer when it still matches the
 * document; the kept preview of the same content; the service's `View Document` (api/openapi.yaml),
 * read with a byte budget and checked against the document's size and SHA-256 as downloads are
 * (main/core/transfers/download.ts), then kept for offline (preview-store.ts). A document's
 * content never changes (api/openapi.yaml: no operation replaces it; `sha256` is set at upload), so
 * a kept preview of the same SHA-256 is the document and needs no service. Offline with nothing
 * kept, the call is refused with code `offline`, in words.
 */
import { readFile, stat } from 'node:fs/promises';
import { BridgeError, type DocumentPreview } from '../../../../preload/contract';
import { BodyTooLargeError, readBodyWithin } from '../../api/limited-body';
import { isAbortError, offlineError } from '../../errors';
import type { AreaHandlers, HandlerContext } from '../context';
import {
  maxPreviewBytes,
  maxPreviewTextBytes,
  previewKind,
  textPart,
  tooLargeWords,
  unsupportedWords,
} from './preview-kind';
import { createPreviewStore, type PreviewStore, sha256Of } from './preview-store';

/** Time allowed for the service's whole answer, ms (20 MB even on a slow line). */
const fetchTimeoutMs = 120_000;

type Document = NonNullable<ReturnType<HandlerContext['stores']['documents']['get']>>;

/** Thrown when the service's bytes are not the document's (size or SHA-256); nothing is kept. */
export class PreviewMismatchError extends BridgeError {
  constructor() {
    super(
      'server_error',
      "The preview was not shown: the bytes the BRM service sent do not match the document's size and SHA-256 checksum. Sync, then try again; if it keeps happening, contact your administrator.",
    );
    this.name = 'PreviewMismatchError';
  }
}

/** Throws PreviewMismatchError unless `bytes` are exactly `document`'s content (its size and SHA-256). */
export function checkPreviewBytes(document: Pick<Document, 'size' | 'sha256'>, bytes: Uint8Array): void {
  if (bytes.byteLength !== document.size || sha256Of(bytes) !== document.sha256) throw new PreviewMismatchError();
}

/** The answer showing `bytes` of `document` (text cut to its first part). */
function shown(
  document: Document,
  bytes: Uint8Array,
  source: DocumentPreview['source'],
  fetchedAt: string | null,
): DocumentPreview {
  const kind = previewKind(document.contentType, document.name);
  const part = kind === 'text' ? textPart(bytes, maxPreviewTextBytes) : bytes;
  return {
    id: document.id,
    name: document.name,
    kind,
    contentType: document.contentType,
    size: document.size,
    base64: Buffer.from(part.buffer, part.byteOffset, part.byteLength).toString('base64'),
    shownBytes: part.byteLength,
    refusal: null,
    source,
    fetchedAt,
  };
}

/** The answer that shows nothing, saying why. */
function refused(document: Document, refusal: string): DocumentPreview {
  return {
    id: document.id,
    name: document.name,
    kind: previewKind(document.contentType, document.name),
    contentType: document.contentType,
    size: document.size,
    base64: null,
    shownBytes: 0,
    refusal,
    source: null,
    fetchedAt: null,
  };
}

/** The downloaded file of `document` when it is on this computer and still its content, else null. */
async function downloadedBytes(ctx: HandlerContext, document: Document): Promise<Buffer | null> {
  const record = ctx.cache.state.getDownload(document.id);
  if (!record?.localPath || record.sha256 !== document.sha256) return null;
  const info = await stat(record.localPath).catch(() => null);
  if (!info?.isFile() || info.size !== document.size) return null;
  const bytes = await readFile(record.localPath).catch(() => null);
  return bytes && sha256Of(bytes) === document.sha256 ? bytes : null;
}

/** Reads `document` from `View Document` within its own size, checked. Throws ServiceError, PreviewMismatchError. */
async function fetchBytes(ctx: HandlerContext, document: Document): Promise<Uint8Array> {
  const api = ctx.session.api();
  const response = await api.open('viewDocument', { query: { id: document.id }, timeoutMs: fetchTimeoutMs });
  let body: ArrayBuffer;
  try {
    body = await readBodyWithin(response, document.size);
  } catch (err) {
    if (err instanceof BodyTooLargeError) throw new PreviewMismatchError();
    if (isAbortError(err) || err instanceof TypeError)
      throw offlineError(api.serverUrl, 'Try the preview again when the connection is back.');
    throw err;
  }
  const bytes = new Uint8Array(body);
  checkPreviewBytes(document, bytes);
  return bytes;
}

/** The words of the refusal when the service cannot be reached and nothing is kept. */
const needsService =
  'This preview needs the BRM service, which cannot be reached now, and this document has not been previewed or downloaded on this computer. Try again when you are back online.';

/** Previews document `id` (see the file's comment). */
export async function previewDocument(ctx: HandlerContext, store: PreviewStore, id: string): Promise<DocumentPreview> {
  const document = ctx.stores.documents.get(id);
  if (!document) {
    throw new BridgeError('not_found', 'That document is not in your documents any more; it may have been deleted.');
  }
  const kind = previewKind(document.contentType, document.name);
  if (kind === 'unsupported') return refused(document, unsupportedWords(document.contentType));
  if (document.size > maxPreviewBytes) return refused(document, tooLargeWords(document.size));

  const downloaded = await downloadedBytes(ctx, document);
  if (downloaded) return shown(document, downloaded, 'download', null);

  const kept = await store.read(document.id);
  if (kept?.kept.sha256 === document.sha256) return shown(document, kept.bytes, 'kept', kept.kept.fetchedAt);

  let failure: unknown = null;
  if (ctx.online()) {
    try {
      const bytes = await fetchBytes(ctx, document);
      ctx.reachedService();
      const fetchedAt = new Date().toISOString();
      await store.keep(document.id, document.sha256, bytes, fetchedAt).catch((err: unknown) => {
        // A preview that cannot be kept (a full disk) is still shown; it is fetched again next time.
        console.warn('BRM Desktop: a document preview could not be kept for offline use:', err);
      });
      return shown(document, bytes, 'service', fetchedAt);
    } catch (err) {
      ctx.lostService(err);
      failure = err;
    }
  }
  const offline = failure === null || (failure instanceof BridgeError && failure.code === 'offline');
  if (!offline) throw failure;
  throw new BridgeError('offline', needsService);
}

/** Creates the `documents.preview` handler. */
export const documentPreviewHandlers: AreaHandlers<'documents.preview'> = (ctx) => {
  // Made on first use: the handlers are assembled before the data folder is looked at.
  let made: ReturnType<typeof createPreviewStore> | null = null;
  const store = () => {
    made ??= createPreviewStore(ctx);
    return made;
  };
  // A signed-out user's previews are no one's: their index went with the cache (at sign-out, or when
  // another user signs in), so their files go too.
  ctx.bus.on('session.changed', () => {
    void store()
      .sweep()
      .catch(() => undefined);
  });
  return { 'documents.preview': async ({ id }) => previewDocument(ctx, store(), id) };
};
