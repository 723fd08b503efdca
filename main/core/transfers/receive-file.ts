/**
 * Receiving a document's bytes into its `.part` file (docs/ARCHITECTURE.md, "Transfers"): what one
 * download request does with a successful answer, on whichever thread runs it (transfer-io.ts).
 * The body is checked against the part asked for (RFC 9110 §14.4 Content-Range), written to the
 * file as it arrives and hashed on the way.
 *
 * Checks made here, against what the caller says the document is (`FileSink.size`), never against
 * what the answer says about itself: a 206 must continue exactly at the offset asked for; an answer
 * that announces or brings more bytes than the document has left is stopped at once; one that ends
 * early is reported. Comparing the SHA-256 with the document's is the caller's (download.ts).
 */
import { createHash, type Hash } from 'node:crypto';
import type { FileHandle } from 'node:fs/promises';
import { open } from 'node:fs/promises';
import type { StreamedAnswer } from '../api/node-transport';
import { BodyTooLongError, writeBodyToFile } from './body-to-file';
import { hashFilePrefix } from './local-files';

/** Where a successful answer's body goes: the `.part` file, the bytes it holds already, the document's size (bytes). */
export interface FileSink {
  path: string;
  /** Bytes of the document the file holds already (asked for the rest with `Range`). */
  offset: number;
  /** The document's whole size, bytes (from the synced document). */
  size: number;
}

/** What a successful answer left in the file: whether it continued the file (206), its size and SHA-256 (hex, the whole file). */
export interface ReceivedFile {
  resumed: boolean;
  bytes: number;
  sha256: string;
}

/** The service answered 206 for another part than the one asked for. */
export class WrongPartError extends Error {
  constructor() {
    super('The BRM service sent the wrong part of the file. Try again later.');
    this.name = 'WrongPartError';
  }
}

/** The body ended before the document's last byte. `received`: bytes the file then holds. */
export class ShortBodyError extends Error {
  readonly received: number;
  readonly size: number;
  constructor(received: number, size: number) {
    super(`The BRM service sent ${received} of the ${size} bytes of this document. Try again later.`);
    this.name = 'ShortBodyError';
    this.received = received;
    this.size = size;
  }
}

/** The answer's length when it is announced and not encoded (RFC 9110 §8.6), else null. */
function announcedLength(headers: Headers): number | null {
  const encoding = headers.get('content-encoding');
  if (encoding && encoding.trim().toLowerCase() !== 'identity') return null;
  const value = headers.get('content-length');
  return value !== null && /^\d+$/.test(value.trim()) ? Number(value) : null;
}

/** Writes the body of the successful `answer` into `sink` (see the module's comment). */
export async function receiveBody(
  answer: StreamedAnswer,
  sink: FileSink,
  onProgress: (bytesDone: number) => void,
): Promise<ReceivedFile> {
  const resumed = answer.status === 206;
  if (resumed && !answer.headers.get('content-range')?.startsWith(`bytes ${sink.offset}-`)) {
    answer.body.destroy();
    throw new WrongPartError();
  }
  const start = resumed ? sink.offset : 0;
  const rest = sink.size - start;
  const announced = announcedLength(answer.headers);
  if (announced !== null && announced > rest) {
    answer.body.destroy();
    throw new BodyTooLongError(rest);
  }
  let hash: Hash;
  let file: FileHandle;
  try {
    hash = resumed ? await hashFilePrefix(sink.path, start) : createHash('sha256');
    file = await open(sink.path, resumed ? 'a' : 'w');
  } catch (err) {
    answer.body.destroy();
    throw err;
  }
  onProgress(start);
  let done = start;
  try {
    await writeBodyToFile(
      answer.body,
      file,
      (chunk) => {
        hash.update(chunk);
        done += chunk.byteLength;
        onProgress(done);
      },
      { maxBytes: rest },
    );
  } finally {
    await file.close();
  }
  if (done < sink.size) throw new ShortBodyError(done, sink.size);
  return { resumed, bytes: done, sha256: hash.digest('hex') };
}
