/**
 * Every finished download is marked the way the OS marks downloads (`Platform.markDownloaded`,
 * docs/SECURITY.md "Opening downloaded files"), as coming from the service's download URL, so the
 * OS's own checks (SmartScreen, Gatekeeper, Protected View) apply when the file is opened, from
 * BRM Desktop or from a file manager.
 */
import { operations } from '../../../../api/generated/operations';
import type { HandlerContext } from '../context';

/** Marks finished downloads; `documents.open` waits for a file's mark before opening it. */
export interface DownloadMarks {
  /** Resolves once the mark of `localPath`, if one is being written, is done (never rejects). */
  settled(localPath: string): Promise<void>;
}

/**
 * The URL the document `documentId` is downloaded from on `serverUrl` (the contract's
 * `downloadDocument`), without user name or password; this is what the mark records.
 */
export function downloadSourceUrl(serverUrl: string, documentId: string): string {
  const url = new URL(serverUrl + operations.downloadDocument.path);
  url.username = '';
  url.password = '';
  url.searchParams.set('id', documentId);
  return url.href;
}

/**
 * The URL e-mail messages are downloaded from on `serverUrl` (the contract's `downloadEmail`, which
 * also carries their attachments), without user name or password.
 */
export function messageSourceUrl(serverUrl: string): string {
  const url = new URL(serverUrl + operations.downloadEmail.path);
  url.username = '';
  url.password = '';
  return url.href;
}

/** The marker of each core (keyed by its event bus): one listener, shared by every area that opens downloads. */
const markers = new WeakMap<HandlerContext['bus'], DownloadMarks>();

/**
 * Marks each download when its transfer reaches `done` (once per file in this run): a document as
 * coming from its `downloadDocument` URL, an e-mail attachment (a download whose `documentId` is no
 * document's) from the `downloadEmail` URL. A file system that cannot carry the mark is no error;
 * other failures are logged and do not fail the download. The same marker is returned for the same
 * core, so documents and e-mail attachments both wait for it before opening a file.
 */
export function markFinishedDownloads(
  ctx: Pick<HandlerContext, 'bus' | 'session' | 'options' | 'stores'>,
): DownloadMarks {
  const existing = markers.get(ctx.bus);
  if (existing) return existing;
  const pending = new Map<string, Promise<void>>();
  const marked = new Set<string>();
  ctx.bus.on('transfer.progress', (transfer) => {
    const { localPath, documentId } = transfer;
    if (transfer.kind !== 'download' || transfer.state !== 'done' || !localPath || !documentId) return;
    if (marked.has(localPath)) return;
    const serverUrl = ctx.session.state().serverUrl;
    if (!serverUrl) return;
    marked.add(localPath);
    const marking = ctx.options.platform
      .markDownloaded(
        localPath,
        ctx.stores.documents.get(documentId) ? downloadSourceUrl(serverUrl, documentId) : messageSourceUrl(serverUrl),
      )
      .then(
        () => undefined,
        (error: unknown) => console.error(`BRM Desktop could not mark ${localPath} as downloaded:`, error),
      )
      .finally(() => pending.delete(localPath));
    pending.set(localPath, marking);
  });
  const marks: DownloadMarks = {
    settled: async (localPath) => pending.get(localPath),
  };
  markers.set(ctx.bus, marks);
  return marks;
}
