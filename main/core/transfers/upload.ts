/**
 * Uploads (docs/ARCHITECTURE.md, "Transfers"): checks the files before anything is sent, then streams each one
 * as multipart with an Idempotency-Key (a retry after a broken connection cannot create a second
 * document), reports progress, and writes the new document into the cache at once.
 */
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { BridgeError, type Transfer } from '../../../preload/contract';
import { withRetries } from '../api/retry';
import type { ResolvedFile } from '../platform';
import { type TransferDeps, transferFailure } from './deps';
import { readChunkBytes } from './local-files';
import { createMultipartBody } from './multipart';
import type { TransferHandle } from './registry';

/** Formats bytes for messages ("2 GiB", "1.5 MiB"). */
export function formatBytes(bytes: number): string {
  const units = ['bytes', 'KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${units[unit]}`;
}

/**
 * Refuses files that the service would refuse, before any byte is sent: empty files
 * ('invalid_input') and files over `maxBytes` ('too_large').
 */
export function checkUploadFiles(files: readonly ResolvedFile[], maxBytes: number): void {
  const empty = files.filter((f) => f.size === 0).map((f) => f.name);
  if (empty.length > 0) {
    throw new BridgeError(
      'invalid_input',
      `${empty.join(', ')} ${empty.length === 1 ? 'is' : 'are'} empty (0 bytes), so there is nothing to upload. Choose a file with content.`,
    );
  }
  const large = files.filter((f) => f.size > maxBytes);
  if (large.length > 0) {
    const list = large.map((f) => `${f.name} (${formatBytes(f.size)})`).join(', ');
    throw new BridgeError(
      'too_large',
      `${list} ${large.length === 1 ? 'is' : 'are'} larger than the ${formatBytes(maxBytes)} the service accepts. Choose a smaller file.`,
    );
  }
}

async function* counted(file: ResolvedFile, handle: TransferHandle): AsyncGenerator<Uint8Array> {
  let done = 0;
  for await (const chunk of createReadStream(file.path, { highWaterMark: readChunkBytes }) as AsyncIterable<Buffer>) {
    done += chunk.length;
    handle.progress(done);
    yield chunk;
  }
}

async function upload(deps: TransferDeps, handle: TransferHandle, folderId: string, file: ResolvedFile): Promise<void> {
  if (handle.signal.aborted) return;
  handle.update({ state: 'running' });
  const idempotencyKey = randomUUID();
  try {
    const document = await withRetries(() => {
      handle.progress(0);
      return deps.api().call('uploadDocument', {
        headers: { 'Idempotency-Key': idempotencyKey },
        stream: () => {
          const body = createMultipartBody([{ name: 'folderId', value: folderId }], {
            field: 'file',
            filename: file.name,
            contentType: 'application/octet-stream',
            size: file.size,
            open: () => counted(file, handle),
          });
          return { body: ReadableStream.from(body.chunks()), length: body.length, contentType: body.contentType };
        },
        signal: handle.signal,
        timeoutMs: null,
      });
    }, handle.signal);
    const result = deps.cache.applier.apply([
      { type: 'document', id: document.id, op: 'upsert', version: document.version, data: document },
    ]);
    deps.notifier.changed(result.changedTypes);
    handle.update({ state: 'done', bytesDone: file.size, documentId: document.id });
  } catch (err) {
    if (handle.signal.aborted) return;
    handle.update({ state: 'failed', error: transferFailure('Uploading', file.name, err) });
  }
}

/** Queues the upload of checked `files` into `folderId` and returns their transfers (progress follows as events). */
export function startUploads(deps: TransferDeps, folderId: string, files: readonly ResolvedFile[]): Transfer[] {
  return files.map((file) => {
    const handle = deps.registry.create({
      kind: 'upload',
      name: file.name,
      folderId,
      documentId: null,
      bytesTotal: file.size,
    });
    void deps.limiter.run(() => upload(deps, handle, folderId, file));
    return { ...handle.transfer };
  });
}
