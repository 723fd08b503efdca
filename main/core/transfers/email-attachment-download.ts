/**
 * One attempt at a queued e-mail attachment (docs/ARCHITECTURE.md, "Transfers"; the download queue,
 * download-queue.ts, decides when to try and what a failure means). The contract has no download of
 * one attachment: its bytes are part of the whole message (`downloadEmail`, RFC 5322 with MIME), so
 * the message is streamed into `<downloadsDir>/<attachment name>.eml.part` (recorded in `downloads`
 * under the attachment's id, so cancelling or signing out deletes it), the attachment's part is taken
 * out (email-attachment-part.ts) and checked against the attachment's size and SHA-256 as listed by
 * `getEmailAttachments`, and written to a free name ("name (1).ext" when taken).
 *
 * The message is made by the service on each request and has no checksum to resume against, so an
 * attempt starts from its first byte. It is read within a byte budget: the encoded size of the
 * e-mail's attachments as last listed, or of the contract's largest message (50 attachments of
 * 25 MiB) when none is kept, so a broken or hostile service cannot fill the disk.
 */
import { mkdir, readFile, unlink, writeFile } from 'node:fs/promises';
import type { ApiSchemas } from '../../../preload/contract/common';
import { emailAttachmentsKey } from '../areas/emails/keys';
import { isAbortError, offlineError, ServiceError } from '../errors';
import { BodyReadError, BodyTooLongError, writeBodyToFile } from './body-to-file';
import type { TransferDeps } from './deps';
import type { DownloadQueueStore, QueuedDownload } from './download-queue-store';
import { DownloadDiscardedError } from './download';
import { attachmentBytes, messageByteBudget } from './email-attachment-part';
import { moveToFreeName, openPartFile, reserveFreeName } from './local-files';
import type { TransferHandle } from './registry';
import { safeFileName } from './safe-file-name';

/** The contract's largest message: 50 attachments (`EmailAttachmentList`) of 25 MiB (`EmailAttachment.size`). */
const largestMessage = messageByteBudget(Array.from({ length: 50 }, () => ({ size: 26_214_400 })));

/** The most bytes the message of `entry` may have, from the kept list of its e-mail's attachments. */
function budgetOf(deps: TransferDeps, entry: QueuedDownload & { emailId: string }): number {
  const kept = deps.cache.state.getCached<ApiSchemas['EmailAttachment'][] | null>(emailAttachmentsKey(entry.emailId));
  const listed = kept?.value?.some((a) => a.id === entry.documentId) ? kept.value : null;
  return listed ? messageByteBudget(listed) : largestMessage;
}

/** The message's `.part`: the recorded one (emptied) or a new one, recorded under the attachment's id. */
async function messagePart(deps: TransferDeps, entry: QueuedDownload): Promise<string> {
  const record = deps.cache.state.getDownload(entry.documentId);
  if (record?.partPath) await unlink(record.partPath).catch(() => undefined);
  await mkdir(deps.downloadsDir, { recursive: true });
  const partPath = await reserveFreeName(deps.downloadsDir, safeFileName(`${entry.name}.eml`), '.part');
  deps.cache.state.putDownload({ documentId: entry.documentId, sha256: entry.sha256, localPath: null, partPath });
  return partPath;
}

/** Streams message `emailId` into `partPath` within `maxBytes`, reporting its bytes as progress. */
async function fetchMessage(
  deps: TransferDeps,
  handle: TransferHandle,
  entry: QueuedDownload & { emailId: string },
  partPath: string,
  signal: AbortSignal,
): Promise<void> {
  const maxBytes = budgetOf(deps, entry);
  const response = await deps.api().open('downloadEmail', { body: { id: entry.emailId }, signal, timeoutMs: null });
  if (!response.body)
    throw new ServiceError(
      'server_error',
      'The BRM service sent no message for this attachment. Try again later.',
      502,
    );
  handle.update({ state: 'running', bytesDone: 0, bytesTotal: 0, error: null });
  let done = 0;
  const file = await openPartFile(partPath, false);
  try {
    await writeBodyToFile(
      response.body,
      file,
      (chunk) => {
        done += chunk.byteLength;
        handle.progress(done);
      },
      { maxBytes },
    );
  } catch (err) {
    if (err instanceof BodyTooLongError) {
      throw new DownloadDiscardedError(
        `The BRM service sent a message larger than this e-mail's attachments can make (${maxBytes} bytes), so the download was stopped and its partial file deleted. Download it again later; if it keeps happening, contact your administrator.`,
      );
    }
    if (signal.aborted) throw signal.reason;
    if (err instanceof BodyReadError && !isAbortError(err.cause)) {
      throw offlineError(deps.api().serverUrl, 'The download starts again when the connection is back.');
    }
    throw err;
  } finally {
    await file.close();
  }
}

/**
 * Makes one attempt at the attachment `entry` (its `emailId` set): fetches the message, takes the
 * attachment out and checks it, writes it to a free name and records it (`downloads`, under the
 * attachment's id), removing the queue row in the same transaction, and reports `done`. Throws
 * DownloadDiscardedError or BridgeError('server_error') in words when what arrived is not the
 * attachment (the `.part` is then deleted by the queue), ServiceError (status 0 when no answer came
 * or the connection broke), BridgeError('unauthorized') when signed out, a file-system error, or the
 * abort reason when `handle` is cancelled or `stop` aborts.
 */
export async function attemptAttachmentDownload(
  deps: TransferDeps,
  store: DownloadQueueStore,
  entry: QueuedDownload & { emailId: string },
  handle: TransferHandle,
  stop: AbortSignal,
): Promise<void> {
  const signal = AbortSignal.any([handle.signal, stop]);
  const part = await messagePart(deps, entry);
  await fetchMessage(deps, handle, entry, part, signal);
  signal.throwIfAborted();
  const bytes = await attachmentBytes(await readFile(part), {
    fileName: entry.name,
    size: entry.size,
    sha256: entry.sha256,
  });
  const name = safeFileName(entry.name);
  const filePart = await reserveFreeName(deps.downloadsDir, name, '.part');
  try {
    await writeFile(filePart, bytes);
    signal.throwIfAborted();
    const localPath = await moveToFreeName(filePart, deps.downloadsDir, name);
    store.db.transaction(() => {
      deps.cache.state.putDownload({ documentId: entry.documentId, sha256: entry.sha256, localPath, partPath: null });
      store.remove(entry.id);
    })();
    await unlink(part).catch(() => undefined);
    handle.update({ state: 'done', bytesDone: entry.size, bytesTotal: entry.size, localPath, error: null });
  } catch (err) {
    await unlink(filePart).catch(() => undefined);
    throw err;
  }
}
