/**
 * A streamed `multipart/form-data` body (RFC 7578): text fields, then one file part whose bytes
 * are read from disk as the request is sent. The body's exact length is known up front, so the
 * upload carries a Content-Length and the file is never held in memory.
 */
import { randomBytes } from 'node:crypto';

/** The file part: its field name, the file name sent, its size in bytes, and its bytes as a stream. */
export interface MultipartFile {
  field: string;
  filename: string;
  contentType: string;
  size: number;
  /** Opens the file's bytes (called once, when the body is read). */
  open(): AsyncIterable<Uint8Array>;
}

/** A body ready to send. */
export interface MultipartBody {
  /** `multipart/form-data; boundary=…` */
  contentType: string;
  /** Exact length of the whole body, bytes. */
  length: number;
  /** The body's chunks: preamble, the file's bytes, closing delimiter. Throws when the file's size changed. */
  chunks(): AsyncGenerator<Uint8Array>;
}

/** Quotes a parameter value: backslash-escapes `\` and `"` and drops line breaks (RFC 7578 §4.2, RFC 9110 §5.6.4). */
function quoted(value: string): string {
  return `"${value.replace(/[\r\n]+/g, ' ').replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

/** A new random boundary (RFC 2046 §5.1.1: at most 70 characters, never found in the content by chance). */
export function multipartBoundary(): string {
  return `brm-${randomBytes(16).toString('hex')}`;
}

/** The bytes around a form's file part: everything before the file's bytes, and the closing delimiter after them. */
export interface MultipartFrame {
  /** `multipart/form-data; boundary=…` */
  contentType: string;
  /** The text fields and the file part's header, UTF-8. */
  head: Buffer;
  /** The closing delimiter (CRLF, `--boundary--`, CRLF). */
  tail: Buffer;
  /** Exact length of the whole body with a file of the given size, bytes. */
  length: number;
}

/** Frames a body with `fields` (in order) followed by `file` (RFC 7578). `boundary` is random unless given. */
export function multipartFrame(
  fields: readonly { name: string; value: string }[],
  file: Omit<MultipartFile, 'open'>,
  boundary = multipartBoundary(),
): MultipartFrame {
  const parts = fields.map(
    (f) => `--${boundary}\r\nContent-Disposition: form-data; name=${quoted(f.name)}\r\n\r\n${f.value}\r\n`,
  );
  parts.push(
    `--${boundary}\r\nContent-Disposition: form-data; name=${quoted(file.field)}; filename=${quoted(file.filename)}\r\n` +
      `Content-Type: ${file.contentType}\r\n\r\n`,
  );
  const head = Buffer.from(parts.join(''), 'utf8');
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`, 'utf8');
  return {
    contentType: `multipart/form-data; boundary=${boundary}`,
    head,
    tail,
    length: head.length + file.size + tail.length,
  };
}

/** The error of a file whose size differs from the one announced: `sent` bytes instead of `size`. */
export function changedWhileSent(filename: string, sent: number, size: number): Error {
  return new Error(`${filename} changed while it was being sent (${sent} bytes instead of ${size}). Upload it again.`);
}

/** Builds a body with `fields` (in order) followed by `file`. `boundary` is random unless given. */
export function createMultipartBody(
  fields: readonly { name: string; value: string }[],
  file: MultipartFile,
  boundary = multipartBoundary(),
): MultipartBody {
  const { contentType, head, tail, length } = multipartFrame(fields, file, boundary);
  return {
    contentType,
    length,
    async *chunks() {
      yield head;
      let sent = 0;
      for await (const chunk of file.open()) {
        sent += chunk.length;
        if (sent > file.size) break;
        yield chunk;
      }
      if (sent !== file.size) throw changedWhileSent(file.filename, sent, file.size);
      yield tail;
    },
  };
}
