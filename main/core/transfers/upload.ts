/**
 * Uploads (docs/ARCHITECTURE.md, "Transfers"): the checks made before a file is accepted, and one
 * attempt at sending a queued upload as a streamed multipart body with its Idempotency-Key (the
 * upload queue, upload-queue.ts, decides when to try and what a failure means).
 */
import { BridgeError } from '../../../preload/contract';
import type { ApiClient } from '../api/client';
import type { ApiDocument } from '../api/types';
import type { ApiSchemas } from '../../../preload/contract';
import type { ResolvedFile } from '../platform';
import { formatBytes } from '../format-bytes';
import { multipartBoundary } from './multipart';
import { multipartOf, type TransferIo, type UploadBody } from './transfer-io';

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

/**
 * Sends `body` for `operationId` on the transfer thread (`io`), with the upload's Idempotency-Key,
 * exact Content-Length, never whole in memory; returns the validated answer.
 */
function sendVia<K extends 'uploadDocument' | 'uploadImportMapping'>(
  api: ApiClient,
  io: TransferIo,
  operationId: K,
  idempotencyKey: string,
  body: UploadBody,
  signal: AbortSignal,
  onProgress: (bytesDone: number) => void,
) {
  const { contentType, length } = multipartOf(body);
  const headers = { 'Idempotency-Key': idempotencyKey, 'content-type': contentType, 'content-length': String(length) };
  return api.callVia(operationId, { headers, signal, timeoutMs: null }, (req) => io.send(req, body, onProgress));
}

/** The file part of an upload's body. */
function filePart(upload: Omit<UploadRequest, 'folderId'>, contentType: string): UploadBody['file'] {
  return { field: 'file', filename: upload.name, contentType, size: upload.size, path: upload.filePath };
}

/**
 * One attempt: streams the file as `multipart/form-data` (exact Content-Length, never whole in
 * memory) with the upload's Idempotency-Key, reporting the bytes read so far to `onProgress`.
 * Resolves with the service's document (a new one, or the stored answer of an earlier attempt that
 * landed). Throws ServiceError (status 0 when no answer came), BridgeError('unauthorized') when
 * signed out, or the signal's reason when aborted.
 */
export function sendUpload(
  api: ApiClient,
  io: TransferIo,
  upload: UploadRequest,
  signal: AbortSignal,
  onProgress: (bytesDone: number) => void,
): Promise<ApiDocument> {
  const body: UploadBody = {
    fields: [{ name: 'folderId', value: upload.folderId }],
    file: filePart(upload, 'application/octet-stream'),
    boundary: multipartBoundary(),
  };
  return sendVia(api, io, 'uploadDocument', upload.idempotencyKey, body, signal, onProgress);
}

/**
 * One attempt at an import mapping file (api/openapi.yaml `uploadImportMapping`): streams it as the
 * `file` part of `multipart/form-data` (JSON, at most 64 KiB) with the upload's Idempotency-Key.
 * Resolves with the service's ImportMapping. Throws as `sendUpload` does.
 */
export function sendImportMapping(
  api: ApiClient,
  io: TransferIo,
  upload: Omit<UploadRequest, 'folderId'>,
  signal: AbortSignal,
  onProgress: (bytesDone: number) => void,
): Promise<ApiSchemas['ImportMapping']> {
  const body: UploadBody = { fields: [], file: filePart(upload, 'application/json'), boundary: multipartBoundary() };
  return sendVia(api, io, 'uploadImportMapping', upload.idempotencyKey, body, signal, onProgress);
}
