/**
 * Receives an upload (`multipart/form-data`: a text part naming the target record, `folderId` for
 * documents or another name given in the options, then the part `file`) by streaming the file to a
 * temp file while digesting it (size, SHA-256 and CRC-32: `./content-digest.ts`), so that large
 * files never sit in memory. The multipart limits (2 GiB per file) are set where @fastify/multipart
 * is registered; a form that cannot be read answers 400 (`multipart.ts`).
 */
import type { FastifyRequest } from 'fastify';
import { ProblemError, validationProblem } from '../http/problem';
import { type ContentDigest, writeDigested } from './content-digest';
import { sanitizeFileName } from './disposition';
import type { FileStore } from './file-store';
import { filePartBytes, formParts } from './multipart';

/** Largest accepted file, bytes (2 GiB), as the contract states. */
export const maxUploadBytes = 2 * 1024 ** 3;

/** Options of `receiveUpload`, for uploads other than documents. */
export interface UploadOptions {
  /** Name of the text part (before the file) that names the record the file goes to; default `folderId`. */
  idPart?: string;
  /** Largest accepted file, bytes; default `maxUploadBytes`. */
  maxBytes?: number;
}

/**
 * A received file, in a temp file of the file store, with its digest. `folderId` holds the value of
 * the id part.
 */
export interface ReceivedUpload extends ContentDigest {
  folderId: string;
  fileName: string;
  tempPath: string;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Reads the multipart body. `checkFolder` runs as soon as `folderId` is read (before the file), so a
 * bad folder fails fast. Throws 415 for another media type; 400 for a form that cannot be read, a
 * missing or misplaced part, a bad folder id, a bad file name or an empty file; 413 for a file over
 * 2 GiB; 408 when the body stops arriving (`server/http/body-timeout.ts`). Deletes the temp file on
 * failure.
 */
export async function receiveUpload(
  request: FastifyRequest,
  files: FileStore,
  checkFolder: (folderId: string) => void,
  options: UploadOptions = {},
): Promise<ReceivedUpload> {
  const idPart = options.idPart ?? 'folderId';
  const maxBytes = options.maxBytes ?? maxUploadBytes;
  let folderId: string | null = null;
  let received: ReceivedUpload | null = null;
  try {
    for await (const part of formParts(request)) {
      if (received) {
        if (part.type === 'file') part.file.resume();
        continue;
      }
      if (part.type === 'field') {
        if (part.fieldname !== idPart) continue;
        const value = String(part.value);
        if (!uuidPattern.test(value))
          throw validationProblem([{ pointer: `/body/${idPart}`, detail: 'must be a UUID' }]);
        checkFolder(value);
        folderId = value;
        continue;
      }
      if (part.fieldname !== 'file') {
        part.file.resume();
        continue;
      }
      if (!folderId) {
        part.file.resume();
        throw validationProblem([
          { pointer: `/body/${idPart}`, detail: 'is required and must come before the file part' },
        ]);
      }
      const fileName = sanitizeFileName(part.filename ?? '');
      if (!fileName) {
        part.file.resume();
        throw validationProblem([{ pointer: '/body/file', detail: 'needs a file name' }]);
      }
      const tempPath = files.tempPath();
      received = { folderId, fileName, tempPath, size: 0, sha256: '', crc32: '' };
      const digest = await writeDigested(filePartBytes(part), tempPath, (size) => {
        if (size > maxBytes) throw tooLarge(maxBytes);
      });
      if (part.file.truncated) throw tooLarge(maxBytes);
      Object.assign(received, digest);
    }
    if (!received) {
      throw validationProblem([
        ...(folderId ? [] : [{ pointer: `/body/${idPart}`, detail: 'is required' }]),
        { pointer: '/body/file', detail: 'is required' },
      ]);
    }
    if (received.size === 0)
      throw validationProblem([{ pointer: '/body/file', detail: 'is empty: choose a file with content' }]);
    return received;
  } catch (error) {
    if (received) await files.discard(received.tempPath);
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge(maxBytes);
    throw error;
  }
}

function tooLarge(maxBytes: number): ProblemError {
  const mib = maxBytes / 1024 ** 2;
  return new ProblemError(
    413,
    '/problems/too-large',
    `The file is larger than ${maxBytes} bytes (${mib >= 1024 ? `${mib / 1024} GiB` : `${mib} MiB`}); it cannot be uploaded.`,
  );
}
