/**
 * One export as a download transfer (docs/ARCHITECTURE.md, "Transfers"): the service's answer is
 * streamed into a `.part` file beside its destination with the downloads' body writer
 * (body-to-file.ts), with progress and cancel through the transfer registry and the shared
 * concurrency limit, then renamed into place. Unlike a document, an export is made fresh on every
 * request and has no length or checksum to resume against, so it is one attempt, not a durable
 * queue entry: when it fails or is cancelled its `.part` is deleted and nothing is left behind.
 */
import { CsvError } from 'csv-parse';
import type { Transfer } from '../../../preload/contract';
import { isAbortError, ServiceError } from '../errors';
import { BodyReadError, writeBodyToFile } from './body-to-file';
import type { TransferDeps } from './deps';
import { dropPart, type FileDestination, fileWriteError, finishPart, reservePart } from './file-destination';
import type { TransferHandle } from './registry';
import { openPartFile } from './local-files';

/** What one export needs: its file name for the transfer list, where it goes, and how to ask the service. */
export interface ExportJob {
  /** The name shown in the transfer list (the destination's file name). */
  name: string;
  destination: FileDestination;
  /** Asks the service for the export; rejects as the API client does (ServiceError, status 0 when no answer). */
  request(signal: AbortSignal): Promise<Response>;
  /** The words of a failure for want of the service ("Exporting contacts needs the BRM service…"). */
  needsService(serverUrl: string): string;
  /** The verb of a failure's words, "<verb> <name> failed. …" (default "Exporting"). */
  verb?: string;
}

/** True for the transfers of exports: downloads that belong to no document. */
export function isExportTransfer(transfer: Transfer): boolean {
  return transfer.kind === 'download' && transfer.documentId === null;
}

/** Streams the answer into the job's `.part`; resolves with the bytes written. Throws as `runExport` describes. */
async function streamAnswer(job: ExportJob, handle: TransferHandle, partPath: string): Promise<number> {
  const response = await job.request(handle.signal);
  if (!response.body) {
    throw new ServiceError('server_error', 'The BRM service sent no file for this export. Try again later.', 502);
  }
  handle.update({ state: 'running', bytesDone: 0, bytesTotal: 0, error: null });
  let done = 0;
  const file = await openPartFile(partPath, false);
  try {
    return await writeBodyToFile(response.body, file, (chunk) => {
      done += chunk.byteLength;
      handle.progress(done);
    });
  } finally {
    await file.close();
  }
}

/**
 * Registers the export as a download transfer and runs it within the transfer limit; resolves with
 * the transfer as registered (`queued`) at once, while the bytes arrive in the background. It ends
 * `done` with `localPath` and the size, `cancelled` (`.part` deleted), or `failed` with words for the
 * user (`.part` deleted): for want of the service `job.needsService`, else what the service said.
 * `onOutcome` hears whether the service answered (true), could not be reached (false), or neither
 * mattered (a cancel or a local failure: null), for the core's online state. Throws
 * BridgeError('unauthorized') when signed out (nothing is registered then).
 */
export function startExport(
  deps: TransferDeps,
  job: ExportJob,
  onOutcome: (reached: boolean | null, err?: unknown) => void,
): Transfer {
  // Before registering: signed out, nothing is listed.
  const serverUrl = deps.api().serverUrl;
  const handle = deps.registry.create({
    kind: 'download',
    name: job.name,
    folderId: null,
    documentId: null,
    bytesTotal: 0,
  });
  void deps.limiter.run(async () => {
    if (handle.signal.aborted) return;
    let partPath: string | null = null;
    try {
      partPath = await reservePart(job.destination);
      const bytes = await streamAnswer(job, handle, partPath);
      handle.signal.throwIfAborted();
      const localPath = await finishPart(job.destination, partPath);
      partPath = null;
      handle.update({ state: 'done', bytesDone: bytes, bytesTotal: bytes, localPath, error: null });
      onOutcome(true);
    } catch (err) {
      if (partPath) await dropPart(partPath);
      if (handle.signal.aborted || isAbortError(err)) return onOutcome(null);
      // The service answered, but with text that is not CSV (seen when the app reshapes it: transfers/csv-reshape.ts).
      const notCsv = err instanceof BodyReadError && err.cause instanceof CsvError;
      const unreachable =
        (err instanceof ServiceError && err.code === 'offline') ||
        (err instanceof BodyReadError && !isAbortError(err.cause) && !notCsv);
      onOutcome(unreachable ? false : err instanceof ServiceError || notCsv ? true : null, err);
      const written = fileWriteError(err, job.destination.dir);
      const failure = notCsv
        ? new Error(
            `The BRM service sent text that is not CSV (${(err.cause as Error).message}), so the chosen columns could not be taken from it. Nothing was saved; export again later, or with every column.`,
          )
        : (written ?? (err instanceof Error ? err : new Error(String(err))));
      const reason = unreachable
        ? job.needsService(serverUrl)
        : `${job.verb ?? 'Exporting'} ${job.name} failed. ${failure.message}`;
      handle.update({ state: 'failed', error: reason });
    }
  });
  return { ...handle.transfer };
}
