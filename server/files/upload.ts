/**
 * Receives an upload (`multipart/form-data`: the text part `folderId`, then the part `file`) by
 * streaming the file to a temp file while hashing it (SHA-256), so that large files never sit in
 * memory. The multipart limits (2 GiB per file) are set where @fastify/multipart is registered.
 */
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import { ProblemError, validationProblem } from '../http/problem';
import { sanitizeFileName } from './disposition';
import type { FileStore } from './file-store';

/** Largest accepted file, bytes (2 GiB), as the contract states. */
export const maxUploadBytes = 2 * 1024 ** 3;

/** A received file, in a temp file of the file store. */
export interface ReceivedUpload {
  folderId: string;
  fileName: string;
  tempPath: string;
  size: number;
  sha256: string;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Reads the multipart body. `checkFolder` runs as soon as `folderId` is read (before the file), so a
 * bad folder fails fast. Throws 400 for a missing or misplaced part, a bad folder id, a bad file
 * name or an empty file; 413 for a file over 2 GiB. Deletes the temp file on failure.
 */
export async function receiveUpload(
  request: FastifyRequest,
  files: FileStore,
  checkFolder: (folderId: string) => void,
): Promise<ReceivedUpload> {
  if (!request.isMultipart()) {
    throw validationProblem([{ pointer: '/header/Content-Type', detail: 'must be multipart/form-data' }]);
  }
  let folderId: string | null = null;
  let received: ReceivedUpload | null = null;
  try {
    for await (const part of request.parts()) {
      if (received) {
        if (part.type === 'file') part.file.resume();
        continue;
      }
      if (part.type === 'field') {
        if (part.fieldname !== 'folderId') continue;
        const value = String(part.value);
        if (!uuidPattern.test(value))
          throw validationProblem([{ pointer: '/body/folderId', detail: 'must be a UUID' }]);
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
          { pointer: '/body/folderId', detail: 'is required and must come before the file part' },
        ]);
      }
      const fileName = sanitizeFileName(part.filename ?? '');
      if (!fileName) {
        part.file.resume();
        throw validationProblem([{ pointer: '/body/file', detail: 'needs a file name' }]);
      }
      const tempPath = files.tempPath();
      received = { folderId, fileName, tempPath, size: 0, sha256: '' };
      const hash = createHash('sha256');
      let size = 0;
      await pipeline(
        part.file,
        async function* (source: AsyncIterable<Buffer>) {
          for await (const chunk of source) {
            hash.update(chunk);
            size += chunk.length;
            yield chunk;
          }
        },
        createWriteStream(tempPath),
      );
      if (part.file.truncated) throw tooLarge();
      received.size = size;
      received.sha256 = hash.digest('hex');
    }
    if (!received) {
      throw validationProblem([
        ...(folderId ? [] : [{ pointer: '/body/folderId', detail: 'is required' }]),
        { pointer: '/body/file', detail: 'is required' },
      ]);
    }
    if (received.size === 0)
      throw validationProblem([{ pointer: '/body/file', detail: 'is empty: choose a file with content' }]);
    return received;
  } catch (error) {
    if (received) await files.discard(received.tempPath);
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
    throw error;
  }
}

function tooLarge(): ProblemError {
  return new ProblemError(
    413,
    '/problems/too-large',
    `The file is larger than ${maxUploadBytes} bytes (2 GiB); it cannot be uploaded.`,
  );
}
