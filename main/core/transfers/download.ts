/**
 * Downloads (docs/ARCHITECTURE.md, "Transfers"): streams a document into `<downloadsDir>/<safe name>.part`,
 * resumes a broken `.part` with `Range` and `If-Range` (RFC 9110 §14.2, §13.1.5), checks what arrived,
 * then renames it to a free name ("name (1).ext" when taken). Cancelling deletes the `.part`; a broken
 * connection keeps it for the next try.
 *
 * Checks: every download must end at exactly the announced length. A resumed download is also checked
 * against the document's SHA-256 (the bytes on disk plus the rest), because only there can two
 * contents be spliced together. A download in one piece is not hashed: TCP (and TLS on https)
 * already protect the bytes in transit, and hashing would cost about as much CPU as receiving them
 * (docs/PERFORMANCE.md: 0.9× curl's throughput).
 */
import { existsSync } from 'node:fs';
import { mkdir, open, rename, truncate, unlink } from 'node:fs/promises';
import type { Transfer } from '../../../preload/contract';
import { withRetries } from '../api/retry';
import { ServiceError } from '../errors';
import { writeBodyToFile } from './body-to-file';
import { type TransferDeps, transferFailure } from './deps';
import { fileSize, hashFilePrefix, reserveFreeName } from './local-files';
import type { TransferHandle } from './registry';
import { safeFileName } from './safe-file-name';

/** The facts about a document a download needs. */
export interface DownloadSource {
  id: string;
  name: string;
  size: number;
  sha256: string;
}

/** The SHA-256 an ETag names (`"<hex>"`), or null when it is not one. */
function etagHash(etag: string | null): string | null {
  const match = etag?.match(/^(?:W\/)?"([0-9a-f]{64})"$/);
  return match ? match[1] : null;
}

/** The `.part` file to continue: the recorded one when it holds the same content, else a new one. */
async function partFor(deps: TransferDeps, doc: DownloadSource): Promise<string> {
  const record = deps.cache.state.getDownload(doc.id);
  if (record?.partPath && record.sha256 === doc.sha256 && (await fileSize(record.partPath)) !== null)
    return record.partPath;
  if (record?.partPath) await unlink(record.partPath).catch(() => undefined);
  await mkdir(deps.downloadsDir, { recursive: true });
  const partPath = await reserveFreeName(deps.downloadsDir, safeFileName(doc.name), '.part');
  deps.cache.state.putDownload({ documentId: doc.id, sha256: doc.sha256, localPath: null, partPath });
  return partPath;
}

/**
 * One attempt: fetches what the `.part` lacks and checks it (length; SHA-256 when resumed). Returns
 * the content's SHA-256 as the service states it (ETag, else the document's metadata).
 */
async function fetchIntoPart(
  deps: TransferDeps,
  handle: TransferHandle,
  doc: DownloadSource,
  partPath: string,
): Promise<string> {
  let offset = (await fileSize(partPath)) ?? 0;
  if (offset > doc.size) {
    await truncate(partPath, 0);
    offset = 0;
  }
  const headers: Record<string, string> =
    offset > 0 ? { Range: `bytes=${offset}-`, 'If-Range': `"${doc.sha256}"` } : {};
  let response: Response;
  try {
    response = await deps
      .api()
      .open('downloadDocument', { query: { id: doc.id }, headers, signal: handle.signal, timeoutMs: null });
  } catch (err) {
    if (!(err instanceof ServiceError && err.status === 416)) throw err;
    await truncate(partPath, 0);
    return fetchIntoPart(deps, handle, doc, partPath);
  }
  const resumed = response.status === 206;
  if (resumed && !response.headers.get('content-range')?.startsWith(`bytes ${offset}-`)) {
    await response.body?.cancel();
    throw new ServiceError('server_error', 'The BRM service sent the wrong part of the file. Try again later.', 502);
  }
  if (!resumed) offset = 0;
  const length = Number(response.headers.get('content-length') ?? Number.NaN);
  const total = offset + (Number.isFinite(length) ? length : doc.size - offset);
  handle.update({ bytesTotal: total, bytesDone: offset });
  if (!response.body)
    throw new ServiceError('server_error', 'The BRM service sent no content for this document. Try again later.', 502);
  const hash = resumed ? await hashFilePrefix(partPath, offset) : null;
  let done = offset;
  const file = await open(partPath, resumed ? 'a' : 'w');
  try {
    await writeBodyToFile(response.body, file, (chunk) => {
      hash?.update(chunk);
      done += chunk.byteLength;
      handle.progress(done);
    });
  } finally {
    await file.close();
  }
  if (done !== total) {
    throw new ServiceError(
      'server_error',
      `The BRM service sent ${done} of the ${total} bytes of this document. Try again later.`,
      502,
    );
  }
  const expected = etagHash(response.headers.get('etag')) ?? doc.sha256;
  if (hash && hash.digest('hex') !== expected) {
    await truncate(partPath, 0);
    throw new ServiceError(
      'server_error',
      'The file arrived damaged (its SHA-256 checksum does not match). Download it again.',
      502,
    );
  }
  return expected;
}

async function download(deps: TransferDeps, handle: TransferHandle, doc: DownloadSource): Promise<void> {
  if (handle.signal.aborted) return;
  handle.update({ state: 'running' });
  let partPath: string | null = null;
  try {
    const part = await partFor(deps, doc);
    partPath = part;
    const sha256 = await withRetries(() => fetchIntoPart(deps, handle, doc, part), handle.signal);
    const localPath = await reserveFreeName(deps.downloadsDir, safeFileName(doc.name));
    await rename(part, localPath);
    deps.cache.state.putDownload({ documentId: doc.id, sha256, localPath, partPath: null });
    deps.notifier.changed(['document']);
    handle.update({ state: 'done', bytesDone: handle.transfer.bytesTotal, localPath });
  } catch (err) {
    if (handle.signal.aborted) {
      if (partPath) await unlink(partPath).catch(() => undefined);
      deps.cache.state.removeDownload(doc.id);
      return;
    }
    handle.update({ state: 'failed', error: transferFailure('Downloading', doc.name, err) });
  }
}

/**
 * Starts downloading `doc` and returns its transfer. A document already downloaded with the same
 * content (and still on disk) is not fetched again: its transfer is done at once.
 */
export function startDownload(deps: TransferDeps, doc: DownloadSource): Transfer {
  const handle = deps.registry.create({
    kind: 'download',
    name: doc.name,
    folderId: null,
    documentId: doc.id,
    bytesTotal: doc.size,
  });
  const record = deps.cache.state.getDownload(doc.id);
  if (record?.localPath && record.sha256 === doc.sha256 && existsSync(record.localPath)) {
    handle.update({ state: 'done', bytesDone: doc.size, localPath: record.localPath });
  } else {
    void deps.limiter.run(() => download(deps, handle, doc));
  }
  return { ...handle.transfer };
}
