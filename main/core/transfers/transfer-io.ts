/**
 * What moves a transfer's bytes (docs/ARCHITECTURE.md, "Transfers"), each on a socket of its own
 * (socket-answer.ts): an upload's request with a file as its `multipart/form-data` body, read from
 * disk into reused buffers as the socket takes them (request-body.ts); a download's answer read into
 * reused buffers and written into its `.part` file (receive-file.ts). In the app this runs on the transfer
 * thread (transfer-thread.ts, transfer-worker.ts), so the main thread never handles a file's bytes;
 * `createTransferIoHere` runs it on the calling thread (the transfer thread itself, and tests).
 */
import type { FileAnswer, FileRequest } from '../api/client';
import { type MultipartFrame, multipartFrame } from './multipart';
import { type FileSink, type ReceivedFile, receiveBody } from './receive-file';
import { fileRequestBody, type RequestBody } from './request-body';
import { type SocketAnswer, sendOnSocket } from './socket-answer';
import { NoAnswerError } from '../api/node-transport';

/**
 * A multipart body whose file part is read from `file.path` (RFC 7578): plain data, so that it can
 * cross to the transfer thread. `boundary` is the one in the request's Content-Type.
 */
export interface UploadBody {
  fields: { name: string; value: string }[];
  file: { field: string; filename: string; contentType: string; size: number; path: string };
  boundary: string;
}

/** Sends uploads and receives downloads (see the module's comment). */
export interface TransferIo {
  /**
   * Sends `req` and writes a 2xx answer's body into `sink`, reporting the file's bytes so far to
   * `onProgress`. Resolves with the answer: a 2xx one with `result`, any other with its body as
   * `text`. Rejects with NoAnswerError (no answer came), BodyReadError (the connection broke while
   * reading; its `cause` is an AbortError when `req.signal` aborted), BodyTooLongError,
   * WrongPartError, ShortBodyError, or the file's error.
   */
  receive(req: FileRequest, sink: FileSink, onProgress: (bytesDone: number) => void): Promise<FileAnswer<ReceivedFile>>;
  /**
   * Sends `req` with `body` (its Content-Type and Content-Length already in `req.headers`),
   * reporting the file's bytes read so far to `onProgress`, and resolves with the answer and its
   * body as `text` (at most `maxAnswerBytes`). Rejects with NoAnswerError when no answer came, the
   * file could not be read, or it changed size while it was sent.
   */
  send(req: FileRequest, body: UploadBody, onProgress: (bytesDone: number) => void): Promise<FileAnswer<never>>;
  /** Ends what runs and releases what the transfers held (the thread). */
  stop(): Promise<void>;
}

/** The most bytes of an answer's body read as text (problem documents, an uploaded document's JSON): 1 MiB. */
const maxAnswerBytes = 1024 * 1024;

/** The multipart frame of `body`: its Content-Type, the bytes around the file, and the whole length. */
export function multipartOf(body: UploadBody): MultipartFrame {
  return multipartFrame(body.fields, body.file, body.boundary);
}

/** The request body of `body`, its file read from disk as it is sent, reporting the file's bytes read so far to `onProgress`. */
export function requestBodyOf(body: UploadBody, onProgress: (bytesDone: number) => void): RequestBody {
  return fileRequestBody(multipartOf(body), body.file, onProgress);
}

/** Stops reading a text answer once it holds `maxAnswerBytes`. */
class EnoughText extends Error {}

/** An answer's body as UTF-8 text, at most `maxBytes` of it (the rest is not read; the connection is closed). */
export async function readAnswerText(answer: SocketAnswer, maxBytes: number): Promise<string> {
  const parts: Buffer[] = [];
  let size = 0;
  try {
    await answer.read((piece) => {
      const part = Buffer.from(piece.subarray(0, maxBytes - size));
      parts.push(part);
      size += part.length;
      if (size >= maxBytes) throw new EnoughText();
    });
  } catch (err) {
    if (!(err instanceof EnoughText)) throw err;
  }
  return Buffer.concat(parts).toString('utf8');
}

/** How a TransferIo sends its requests (tests give a fake service). */
export interface TransferTransport {
  /** Sends a request, with a body for an upload (default: its own socket, socket-answer.ts). */
  openAnswer?: (req: FileRequest, body?: RequestBody) => Promise<SocketAnswer>;
}

/** A TransferIo that runs on this thread, sending through `transport`. */
export function createTransferIoHere(transport: TransferTransport = {}): TransferIo {
  const { openAnswer = sendOnSocket } = transport;
  /** A body that cannot be read fails a 2xx answer (its document is unknown); any other is told by its status alone. */
  const text = (answer: SocketAnswer) => {
    const ok = answer.status >= 200 && answer.status < 300;
    return readAnswerText(answer, maxAnswerBytes).catch((err) => {
      if (ok) throw new NoAnswerError(err);
      return '';
    });
  };
  return {
    async receive(req, sink, onProgress) {
      const answer = await openAnswer(req);
      const { status, headers } = answer;
      if (status < 200 || status >= 300) return { status, headers, text: await text(answer) };
      return { status, headers, result: await receiveBody(answer, sink, onProgress) };
    },
    async send(req, body, onProgress) {
      const answer = await openAnswer(req, requestBodyOf(body, onProgress));
      return { status: answer.status, headers: answer.headers, text: await text(answer) };
    },
    async stop() {},
  };
}
