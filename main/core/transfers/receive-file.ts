/**
 * Receiving a document's bytes into its `.part` file (docs/ARCHITECTURE.md, "Transfers"): what one
 * download request does with a successful answer, on whichever thread runs it (transfer-io.ts).
 * The body is checked against the part asked for (RFC 9110 §14.4 Content-Range), checksummed
 * (checksum.ts) and written to the file as it arrives: each piece at once, synchronously, while its
 * bytes are still in the CPU's caches (socket-answer.ts lends them from a few reused buffers).
 * Writing on libuv's pool instead took a third busy thread on 2 cores and wrote bytes that had left
 * the caches: a 1 GiB download took 0.67–1.2 s that way and 0.49–0.76 s this way, beside curl's
 * 0.64–0.75 s (docs/PERFORMANCE.md, row 9). A write blocks only the thread that receives
 * (the transfer thread, never the core's), for as long as the disk takes it.
 *
 * Checks made here, against what the caller says the document is (`FileSink.size`), never against
 * what the answer says about itself: a 206 must continue exactly at the offset asked for; an answer
 * that announces or brings more bytes than the document has left is stopped at once; one that ends
 * early is reported. Comparing the checksum with the document's is the caller's (download.ts).
 */
import type { FileHandle } from 'node:fs/promises';
import { writeSync } from 'node:fs';
import { BodyTooLongError } from './body-to-file';
import { type Checksum, type ChecksumKind, checksumOfPrefix, createChecksum } from './checksum';
import { openPartFile } from './local-files';
import type { SocketAnswer } from './socket-answer';

/** Where a successful answer's body goes: the `.part` file, the bytes it holds already, the document's size (bytes). */
export interface FileSink {
  path: string;
  /** Bytes of the document the file holds already (asked for the rest with `Range`). */
  offset: number;
  /** The document's whole size, bytes (from the synced document). */
  size: number;
  /** The checksum to compute over the whole file (the document's CRC-32 when its record has one). */
  checksum: ChecksumKind;
}

/** What a successful answer left in the file: whether it continued the file (206), its size and checksum (the sink's kind, hex, the whole file). */
export interface ReceivedFile {
  resumed: boolean;
  bytes: number;
  checksum: string;
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

/** Writes all of `piece` at `position` of the file `fd` now, continuing after a short write. */
function writeAt(fd: number, piece: Buffer, position: number): void {
  let written = 0;
  while (written < piece.length) {
    const bytes = writeSync(fd, piece, written, piece.length - written, position + written);
    if (bytes === 0) throw new Error('The disk accepted no more bytes. Free some space and try again.');
    written += bytes;
  }
}

/**
 * Writes the body of the successful `answer` into `sink` (see the module's comment), reporting the
 * file's bytes so far to `onProgress`. Rejects with WrongPartError, BodyTooLongError (the bytes
 * within the document are written, the piece that passed it is not), ShortBodyError, BodyReadError
 * (the connection broke or the request was aborted) or the file's error.
 */
export async function receiveBody(
  answer: SocketAnswer,
  sink: FileSink,
  onProgress: (bytesDone: number) => void,
): Promise<ReceivedFile> {
  const resumed = answer.status === 206;
  if (resumed && !answer.headers.get('content-range')?.startsWith(`bytes ${sink.offset}-`)) {
    answer.close();
    throw new WrongPartError();
  }
  const start = resumed ? sink.offset : 0;
  const rest = sink.size - start;
  const announced = announcedLength(answer.headers);
  if (announced !== null && announced > rest) {
    answer.close();
    throw new BodyTooLongError(rest);
  }
  let sum: Checksum;
  let file: FileHandle;
  try {
    sum = resumed ? await checksumOfPrefix(sink.path, start, sink.checksum) : createChecksum(sink.checksum);
    file = await openPartFile(sink.path, resumed);
  } catch (err) {
    answer.close();
    throw err;
  }
  onProgress(start);
  let done = start;
  try {
    await answer.read((piece) => {
      if (done + piece.length > sink.size) throw new BodyTooLongError(rest);
      sum.update(piece);
      writeAt(file.fd, piece, done);
      done += piece.length;
      onProgress(done);
    });
  } finally {
    await file.close();
  }
  if (done < sink.size) throw new ShortBodyError(done, sink.size);
  return { resumed, bytes: done, checksum: sum.hex() };
}
