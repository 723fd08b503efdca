/**
 * Sends a stored document file as an HTTP answer: the whole file (200) or one byte range (206, RFC
 * 9110 §14) guarded by `If-Range`, with `ETag` (the content's SHA-256, quoted), `Accept-Ranges`,
 * `Content-Length` and the caller's `Content-Disposition` and content type. Shared by `Download
 * Document` (attachment) and `View Document` (inline).
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { FastifyReply } from 'fastify';
import type { DocumentRecord } from '../db/documents';
import { ProblemError } from '../http/problem';
import type { FileStore } from './file-store';
import { resolveRange } from './range';

/**
 * Bytes read from disk per chunk of a sent file (1 MiB). With Node's default 64 KiB the service
 * spent 0.8–1.1 s of CPU sending 1 GiB over loopback; with 1 MiB, 0.35–0.6 s (docs/PERFORMANCE.md).
 */
const sendChunkBytes = 1024 * 1024;

/** How to send one document's file. */
export interface SendFileOptions {
  /** The `Content-Disposition` value (attachment or inline). */
  disposition: string;
  /** The `Content-Type` value. */
  contentType: string;
  /** The request's `Range` and `If-Range` headers, if any. */
  range?: string;
  ifRange?: string;
  /** Extra response headers (e.g. a Content-Security-Policy). */
  headers?: Record<string, string>;
}

/**
 * Streams the document's file. Throws 404 when the file is missing on disk and 416 (with
 * `Content-Range: bytes *\/<size>`) for a range outside the file.
 */
export async function sendDocumentFile(
  reply: FastifyReply,
  files: FileStore,
  document: DocumentRecord,
  options: SendFileOptions,
): Promise<FastifyReply> {
  const path = files.path(document.id);
  const size = await stat(path).then(
    (s) => s.size,
    () => {
      throw new ProblemError(
        404,
        '/problems/not-found',
        `The file of document ${document.id} is missing on the service.`,
      );
    },
  );
  const etag = `"${document.sha256}"`;
  const range = resolveRange(options.range, options.ifRange, etag, size);
  reply
    .header('ETag', etag)
    .header('Accept-Ranges', 'bytes')
    .header('Content-Disposition', options.disposition)
    .headers(options.headers ?? {});
  reply.type(options.contentType);
  if (range === 'unsatisfiable') {
    throw new ProblemError(
      416,
      '/problems/range-not-satisfiable',
      `The file has ${size} bytes; ask for a range inside it.`,
      {
        headers: { 'Content-Range': `bytes */${size}` },
      },
    );
  }
  if (!range)
    return reply.header('Content-Length', size).send(createReadStream(path, { highWaterMark: sendChunkBytes }));
  return reply
    .code(206)
    .header('Content-Range', `bytes ${range.start}-${range.end}/${size}`)
    .header('Content-Length', range.end - range.start + 1)
    .send(createReadStream(path, { start: range.start, end: range.end, highWaterMark: sendChunkBytes }));
}
