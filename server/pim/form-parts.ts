/**
 * Reads a small `multipart/form-data` request: text fields first, then one part `file` handed to a
 * callback, with a per-operation size limit (413 `/problems/too-large` past it). The form is read
 * with `server/files/multipart.ts`, so a form that cannot be read answers 400.
 */
import type { MultipartFile } from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import { formParts } from '../files/multipart';
import { ProblemError, validationProblem } from '../http/problem';

/** A form's size limit and the callback that consumes its `file` part. */
export interface FormReading<T> {
  /** Largest file accepted, bytes. */
  maxFileBytes: number;
  /** What the limit is called in the 413 problem (e.g. "10 MiB"). */
  limitText: string;
  /**
   * Consumes the file part; gets the text fields read before it. Read its bytes with
   * `filePartBytes` or `filePartBuffer` (`server/files/multipart.ts`), so that a body cut off inside
   * the file answers 400.
   */
  onFile: (fields: Map<string, string>, file: MultipartFile) => Promise<T>;
}

function tooLarge(limitText: string, bytes: number): ProblemError {
  return new ProblemError(
    413,
    '/problems/too-large',
    `The file is larger than ${limitText} (${bytes} bytes); send a smaller one.`,
  );
}

/**
 * Reads the form and returns what `onFile` returned. Throws 415 when the request is not multipart,
 * 400 when the form cannot be read or has no `file` part, 413 when the file exceeds the limit.
 */
export async function readForm<T>(request: FastifyRequest, reading: FormReading<T>): Promise<T> {
  const fields = new Map<string, string>();
  let result: { value: T } | null = null;
  try {
    for await (const part of formParts(request, { fileSize: reading.maxFileBytes, files: 1, fields: 10 })) {
      if (part.type === 'field') {
        if (!result) fields.set(part.fieldname, String(part.value));
        continue;
      }
      if (part.fieldname !== 'file' || result) {
        part.file.resume();
        continue;
      }
      try {
        result = { value: await reading.onFile(fields, part) };
      } catch (error) {
        part.file.resume(); // let the rest of the upload pass, so the client reads the answer
        throw error;
      }
      if (part.file.truncated) throw tooLarge(reading.limitText, reading.maxFileBytes);
    }
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw tooLarge(reading.limitText, reading.maxFileBytes);
    throw error;
  }
  if (!result) throw validationProblem([{ pointer: '/body/file', detail: 'is required' }]);
  return result.value;
}
