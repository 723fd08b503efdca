/**
 * What moves a transfer's bytes (docs/ARCHITECTURE.md, "Transfers"): an upload's request with a
 * file as its `multipart/form-data` body, read from disk as the socket takes it (Node's HTTP
 * client, node-transport.ts); a download's answer read into reused buffers (socket-answer.ts) and
 * written into its `.part` file (receive-file.ts). In the app this runs on the transfer
 * thread (transfer-thread.ts, transfer-worker.ts), so the main thread never handles a file's bytes;
 * `createTransferIoHere` runs it on the calling thread (the transfer thread itself, and tests).
 */
import { createReadStream } from 'node:fs';
import type { FileAnswer, FileRequest } from '../api/client';
import { NoAnswerError, readText, sendNodeRequest, type StreamedAnswer } from '../api/node-transport';
import { readChunkBytes } from './local-files';
import { createMultipartBody } from './multipart';
import { type FileSink, type ReceivedFile, receiveBody } from './receive-file';
import { type SocketAnswer, sendOnSocket } from './socket-answer';

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

/** The bytes of the file at `path`, 1 MiB at a time, reporting the bytes read so far to `onProgress`. */
async function* counted(path: string, onProgress: (bytesDone: number) => void): AsyncGenerator<Uint8Array> {
  let done = 0;
  for await (const chunk of createReadStream(path, { highWaterMark: readChunkBytes }) as AsyncIterable<Buffer>) {
    done += chunk.length;
    onProgress(done);
    yield chunk;
  }
}

/** Builds the streamed multipart body of `body`, reading its file through `onProgress`. */
export function multipartOf(body: UploadBody, onProgress: (bytesDone: number) => void = () => undefined) {
  const { path, ...file } = body.file;
  return createMultipartBody(body.fields, { ...file, open: () => counted(path, onProgress) }, body.boundary);
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
  /** Sends an upload's request with its body (default: Node's HTTP client, node-transport.ts). */
  sendRequest?: (req: FileRequest & { body?: AsyncIterable<Uint8Array> }) => Promise<StreamedAnswer>;
  /** Sends a download's request (default: its own socket, socket-answer.ts). */
  openAnswer?: (req: FileRequest) => Promise<SocketAnswer>;
}

/** A TransferIo that runs on this thread, sending through `transport`. */
export function createTransferIoHere(transport: TransferTransport = {}): TransferIo {
  const { sendRequest = sendNodeRequest, openAnswer = sendOnSocket } = transport;
  const answered = async (req: FileRequest & { body?: AsyncIterable<Uint8Array> }) => {
    try {
      return await sendRequest(req);
    } catch (err) {
      throw new NoAnswerError(err);
    }
  };
  const failed = (ok: boolean) => (err: unknown) => {
    if (ok) throw new NoAnswerError(err);
    return '';
  };
  return {
    async receive(req, sink, onProgress) {
      const answer = await openAnswer(req);
      const { status, headers } = answer;
      if (status < 200 || status >= 300) {
        // A failed answer whose body cannot be read is told by its status alone.
        return { status, headers, text: await readAnswerText(answer, maxAnswerBytes).catch(failed(false)) };
      }
      return { status, headers, result: await receiveBody(answer, sink, onProgress) };
    },
    async send(req, body, onProgress) {
      const answer = await answered({ ...req, body: multipartOf(body, onProgress).chunks() });
      const ok = answer.status >= 200 && answer.status < 300;
      const text = await readText(answer.body, maxAnswerBytes).catch(failed(ok));
      return { status: answer.status, headers: answer.headers, text };
    },
    async stop() {},
  };
}
