/**
 * One attempt at a queued download (docs/ARCHITECTURE.md, "Transfers"; the download queue,
 * download-queue.ts, decides when to try and what a failure means). The document is streamed into
 * `<downloadsDir>/<safe name>.part`, continuing a `.part` left by an earlier attempt (even before a
 * restart) with `Range` and `If-Range` (RFC 9110 §14.2, §13.1.5), checked, and moved to a free name
 * ("name (1).ext" when taken; local-files.ts, moveToFreeName).
 *
 * Checks, against what the synced document says (its size and checksum: its CRC-32, or its SHA-256
 * when the record has no CRC-32; checksum.ts), never against what the answer says about itself:
 * - an answer that announces, or brings, more bytes than the document has is stopped at once and its
 *   `.part` deleted (a broken or hostile service could otherwise fill the disk);
 * - every finished file is checked against the document's checksum (computed while it arrives; a
 *   resumed one from the bytes on disk first), so a different body of the same length is caught
 *   and deleted. A resumed file that does not match starts over once from the first byte, since its
 *   `.part` may have been damaged on this computer.
 * A connection that breaks keeps the `.part` for the next attempt.
 */
import { mkdir, truncate, unlink } from 'node:fs/promises';
import { BridgeError } from '../../../preload/contract';
import { isAbortError, offlineError, ServiceError } from '../errors';
import { BodyReadError, BodyTooLongError } from './body-to-file';
import type { TransferDeps } from './deps';
import type { DownloadQueueStore, QueuedDownload } from './download-queue-store';
import { checksumOfPrefix, expectedChecksum } from './checksum';
import { fileSize, moveToFreeName, reserveFreeName } from './local-files';
import { type ReceivedFile, ShortBodyError, WrongPartError } from './receive-file';
import type { TransferHandle } from './registry';
import { safeFileName } from './safe-file-name';

/** A download that was stopped and its file deleted because what arrived is not the document. */
export class DownloadDiscardedError extends BridgeError {
  constructor(message: string) {
    super('server_error', message);
    this.name = 'DownloadDiscardedError';
  }
}

/** The `.part` file arrived whole but does not match; it may have been damaged on this computer. */
class ResumedMismatch extends Error {}

function tooLong(size: number): DownloadDiscardedError {
  return new DownloadDiscardedError(
    `The BRM service sent more than the ${size} bytes this document has, so the download was stopped and its partial file deleted. Download it again later; if it keeps happening, contact your administrator.`,
  );
}

const mismatch = () =>
  new DownloadDiscardedError(
    "The file that arrived does not match the document's checksum, so it was deleted. Sync, then download it again; if it keeps happening, contact your administrator.",
  );

/** The `.part` file to continue: the recorded one when it holds the same content, else a new one. */
async function partFor(deps: TransferDeps, entry: QueuedDownload): Promise<string> {
  const record = deps.cache.state.getDownload(entry.documentId);
  if (record?.partPath && record.sha256 === entry.sha256 && (await fileSize(record.partPath)) !== null)
    return record.partPath;
  if (record?.partPath) await unlink(record.partPath).catch(() => undefined);
  await mkdir(deps.downloadsDir, { recursive: true });
  const partPath = await reserveFreeName(deps.downloadsDir, safeFileName(entry.name), '.part');
  deps.cache.state.putDownload({ documentId: entry.documentId, sha256: entry.sha256, localPath: null, partPath });
  return partPath;
}

/**
 * Fetches what the `.part` lacks and checks the whole file against the document. Resolves once the
 * `.part` holds exactly the document. Throws DownloadDiscardedError (the caller deletes the `.part`),
 * ResumedMismatch, ServiceError (offline when the connection broke), or the abort reason.
 * The request and its bytes run on the transfer thread (`deps.io`, transfer-io.ts).
 */
async function fetchIntoPart(
  deps: TransferDeps,
  handle: TransferHandle,
  entry: QueuedDownload,
  partPath: string,
  signal: AbortSignal,
): Promise<void> {
  const expected = expectedChecksum(entry);
  let offset = (await fileSize(partPath)) ?? 0;
  if (offset === entry.size) {
    // Written whole before a restart, but not yet moved to its name: no need to ask again if it matches.
    if ((await checksumOfPrefix(partPath, offset, expected.kind)).hex() === expected.hex) return;
    throw new ResumedMismatch();
  }
  if (offset > entry.size) {
    await truncate(partPath, 0);
    offset = 0;
  }
  const headers: Record<string, string> =
    offset > 0 ? { Range: `bytes=${offset}-`, 'If-Range': `"${entry.sha256}"` } : {};
  const sink = { path: partPath, offset, size: entry.size, checksum: expected.kind };
  let running = false;
  const onProgress = (bytes: number) => {
    if (!running) {
      running = true;
      handle.update({ state: 'running', bytesTotal: entry.size, bytesDone: bytes, error: null });
    } else handle.progress(bytes);
  };
  let received: ReceivedFile;
  try {
    received = await deps
      .api()
      .toFile('downloadDocument', { query: { id: entry.documentId }, headers, signal, timeoutMs: null }, (req) =>
        deps.io.receive(req, sink, onProgress),
      );
  } catch (err) {
    if (signal.aborted) throw signal.reason;
    // 416: the service has less than the `.part` holds; the `.part` is not of this content.
    if (err instanceof ServiceError && err.status === 416 && offset > 0) throw new ResumedMismatch();
    if (err instanceof BodyTooLongError) throw tooLong(entry.size);
    if (err instanceof WrongPartError || err instanceof ShortBodyError) {
      throw new ServiceError('server_error', err.message, 502);
    }
    if (err instanceof BodyReadError && !isAbortError(err.cause)) {
      throw offlineError(deps.api().serverUrl, 'The download continues where it stopped when the connection is back.');
    }
    throw err;
  }
  if (received.checksum !== expected.hex) throw received.resumed ? new ResumedMismatch() : mismatch();
}

/**
 * Makes one attempt at `entry`: fetches what its `.part` lacks (starting over once when a resumed
 * file does not match), then moves the checked file to a free name and records it, removing the
 * queue row in the same transaction, and reports `done`. The transfer stays `queued` until the
 * service answers, then reports `running` with progress. Throws DownloadDiscardedError after
 * deleting the `.part` (what arrived is not the document), ServiceError (status 0 when no answer
 * came or the connection broke; the `.part` is kept), BridgeError('unauthorized') when signed out,
 * a file-system error, or the abort reason when `handle` is cancelled or `stop` aborts.
 */
export async function attemptDownload(
  deps: TransferDeps,
  store: DownloadQueueStore,
  entry: QueuedDownload,
  handle: TransferHandle,
  stop: AbortSignal,
): Promise<void> {
  const signal = AbortSignal.any([handle.signal, stop]);
  const part = await partFor(deps, entry);
  try {
    try {
      await fetchIntoPart(deps, handle, entry, part, signal);
    } catch (err) {
      if (!(err instanceof ResumedMismatch) || signal.aborted) throw err;
      await truncate(part, 0);
      await fetchIntoPart(deps, handle, entry, part, signal);
    }
  } catch (err) {
    if (signal.aborted) throw signal.reason;
    throw err instanceof ResumedMismatch ? mismatch() : err;
  }
  signal.throwIfAborted();
  const localPath = await moveToFreeName(part, deps.downloadsDir, safeFileName(entry.name));
  store.db.transaction(() => {
    deps.cache.state.putDownload({ documentId: entry.documentId, sha256: entry.sha256, localPath, partPath: null });
    store.remove(entry.id);
  })();
  deps.notifier.changed(['document']);
  handle.update({ state: 'done', bytesDone: entry.size, bytesTotal: entry.size, localPath, error: null });
}
