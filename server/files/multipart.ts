/**
 * Reading `multipart/form-data` request bodies (RFC 7578) through @fastify/multipart, for every
 * upload operation (`upload.ts`, `server/pim/form-parts.ts`). A body the parser cannot read is the
 * client's fault and answers 400 `/problems/validation` at `/body` (or `/header/Content-Type` for a
 * missing boundary), never 500: no boundary, garbage, a malformed part header, a body that ends
 * before its closing boundary, a body cut off inside the file part, too many parts. A body in
 * another media type answers 415. Failures of what the bytes are written to (the disk) stay 500.
 */
import type { Multipart, MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { ProblemError, unsupportedMediaType, validationProblem } from '../http/problem';

/** Per-request limits handed to the parser (counts; `fileSize` in bytes). */
export interface FormLimits {
  fileSize?: number;
  files?: number;
  fields?: number;
  parts?: number;
}

const formMediaType = 'multipart/form-data';

/** The 400 problem for a form body that cannot be read; `reason` is the parser's words. */
export function malformedFormProblem(reason: string): ProblemError {
  return validationProblem([
    {
      pointer: '/body',
      detail: `is not a readable multipart/form-data body (${reason.slice(0, 200)}); send the form again`,
    },
  ]);
}

const limitErrors: Record<string, string> = {
  FST_FILES_LIMIT: 'it has more than one file',
  FST_PARTS_LIMIT: 'it has too many parts',
  FST_FIELDS_LIMIT: 'it has too many text fields',
};

/**
 * What an error of reading the form becomes: a ProblemError stays; the parser's size-limit error
 * (`FST_REQ_FILE_TOO_LARGE`) is passed on for the caller's own 413; anything else the parser or the
 * request stream raises is a malformed body (400).
 */
export function formReadProblem(error: unknown): unknown {
  if (error instanceof ProblemError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return error;
  if (code && limitErrors[code]) return malformedFormProblem(limitErrors[code]);
  return malformedFormProblem(error instanceof Error ? error.message : String(error));
}

/**
 * Checks that the request carries a form: 415 for another media type, 400 at
 * `/header/Content-Type` when the `boundary` parameter (RFC 2046 §5.1.1) is missing.
 */
export function checkFormRequest(request: FastifyRequest): void {
  if (!request.isMultipart()) throw unsupportedMediaType([formMediaType]);
  const type = request.headers['content-type'] ?? '';
  if (!/;\s*boundary=("[^"]+"|[^;\s]+)/i.test(type)) {
    throw validationProblem([
      { pointer: '/header/Content-Type', detail: 'needs a boundary parameter (multipart/form-data; boundary=…)' },
    ]);
  }
}

/**
 * The parts of the request's form, in order (see `checkFormRequest` for what is refused first). Each
 * text field is shown to the operation's access check first (`request.formFieldCheck`, set by
 * `server/http/access.ts`), so a refused record stops the form before its file is read. An error of
 * the parser or the request stream while parts are read becomes `formReadProblem(error)`.
 */
export async function* formParts(request: FastifyRequest, limits?: FormLimits): AsyncGenerator<Multipart> {
  checkFormRequest(request);
  try {
    for await (const part of request.parts(limits ? { limits } : undefined)) {
      if (part.type === 'field') request.formFieldCheck?.(part.fieldname, String(part.value));
      yield part;
    }
  } catch (error) {
    throw formReadProblem(error);
  }
}

/**
 * The bytes of a file part. Errors of the part's stream (the body ended inside the file, the
 * request failed) become `formReadProblem(error)`; a consumer that stops early (e.g. its disk write
 * failed) ends the part without turning its own error into a 400.
 */
export async function* filePartBytes(part: MultipartFile): AsyncGenerator<Buffer> {
  try {
    for await (const chunk of part.file) yield chunk as Buffer;
  } catch (error) {
    throw formReadProblem(error);
  }
}

/** Reads a whole file part into memory (for small files under the part's size limit). */
export async function filePartBuffer(part: MultipartFile): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of filePartBytes(part)) chunks.push(chunk);
  return Buffer.concat(chunks);
}
