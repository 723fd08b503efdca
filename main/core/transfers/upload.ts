/**
 * Uploads (docs/ARCHITECTURE.md, "Transfers"): the checks made before a file is accepted, and one
 * attempt at sending a queued upload as a streamed multipart body with its Idempotency-Key (the
 * upload queue, upload-queue.ts, decides when to try and what a failure means).
 */
import { createReadStream } from 'node:fs';
import { BridgeError } from '../../../preload/contract';
import type { ApiClient } from '../api/client';
import type { ApiDocument } from '../api/types';
import type { ApiSchemas } from '../../../preload/contract';
import type { ResolvedFile } from '../platform';
import { readChunkBytes } from './local-files';
import { formatBytes } from '../format-bytes';
import { createMultipartBody } from './multipart';

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

/** What one upload attempt sends: the kept file, its name and size (bytes), the folder, and the upload's own key. */
export interface UploadRequest {
  folderId: string;
  name: string;
  size: number;
  /** The copy kept in the upload queue. */
  filePath: string;
  /** Sent as `Idempotency-Key` on every attempt, so the service keeps one document (api/openapi.yaml, uploadDocument). */
  idempotencyKey: string;
}

async function* counted(path: string, onProgress: (bytesDone: number) => void): AsyncGenerator<Uint8Array> {
  let done = 0;
  for await (const chunk of createReadStream(path, { highWaterMark: readChunkBytes }) as AsyncIterable<Buffer>) {
    done += chunk.length;
    onProgress(done);
    yield chunk;
  }
}

/**
 * One attempt: streams the file as `multipart/form-data` (exact Content-Length, never whole in
 * memory) with the upload's Idempotency-Key, reporting the bytes read so far to `onProgress`.
 * Resolves with the service's document (a new one, or the stored answer of an earlier attempt that
 * landed). Throws ServiceError (status 0 when no answer came), BridgeError('unauthorized') when
 * signed out, or the signal's reason when aborted.
 */
export async function sendUpload(
  api: ApiClient,
  upload: UploadRequest,
  signal: AbortSignal,
  onProgress: (bytesDone: number) => void,
): Promise<ApiDocument> {
  return api.call('uploadDocument', {
    headers: { 'Idempotency-Key': upload.idempotencyKey },
    stream: () => {
      const body = createMultipartBody([{ name: 'folderId', value: upload.folderId }], {
        field: 'file',
        filename: upload.name,
        contentType: 'application/octet-stream',
        size: upload.size,
        open: () => counted(upload.filePath, onProgress),
      });
      return { body: body.chunks(), length: body.length, contentType: body.contentType };
    },
    signal,
    timeoutMs: null,
  });
}

/**
 * One attempt at an import mapping file (api/openapi.yaml `uploadImportMapping`): streams it as the
 * `file` part of `multipart/form-data` (JSON, at most 64 KiB) with the upload's Idempotency-Key.
 * Resolves with the service's ImportMapping. Throws as `sendUpload` does.
 */
export async function sendImportMapping(
  api: ApiClient,
  upload: Omit<UploadRequest, 'folderId'>,
  signal: AbortSignal,
  onProgress: (bytesDone: number) => void,
): Promise<ApiSchemas['ImportMapping']> {
  return api.call('uploadImportMapping', {
    headers: { 'Idempotency-Key': upload.idempotencyKey },
    stream: () => {
      const body = createMultipartBody([], {
        field: 'file',
        filename: upload.name,
        contentType: 'application/json',
        size: upload.size,
        open: () => counted(upload.filePath, onProgress),
      });
      return { body: body.chunks(), length: body.length, contentType: body.contentType };
    },
    signal,
    timeoutMs: null,
  });
}
