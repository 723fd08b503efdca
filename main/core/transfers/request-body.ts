/**
 * An upload's request body sent from a few reused buffers (docs/ARCHITECTURE.md, "Transfers"): the
 * multipart head, exactly the file's announced bytes read at their offsets, and the closing
 * delimiter, copied into buffers that go back to the pool once the socket has taken them. Node's
 * HTTP client fed from a file stream allocated a new 1 MiB buffer per read, and for 1 GiB the
 * allocations and their garbage collection cost 1.4–1.8 s of CPU against 0.1–0.5 s here
 * (docs/PERFORMANCE.md, row 7).
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import type { Socket } from 'node:net';
import { changedWhileSent, type MultipartFrame } from './multipart';

/**
 * Bytes of one send buffer (64 KiB, as curl's upload buffer); the socket is given at most this much
 * per write. Two of them gave 0.946–1.19× curl's throughput in 18 runs against the reference
 * service; before its 1 MiB write buffer, four of 1 MiB, eight of 64 KiB and two of 256 KiB did no
 * better than two of 64 KiB (every run: docs/PERFORMANCE.md, row 7 and "Results history").
 */
export const sendBufferBytes = 64 * 1024;
/** Send buffers of one request: one being filled while the socket takes the other. */
export const sendBuffers = 2;

/** A request body with an exact length that copies its next bytes into a buffer it is given. */
export interface RequestBody {
  /** Exact length of the whole body, bytes (the request's Content-Length). */
  length: number;
  /**
   * Copies the body's next bytes into `into`, from its start, and returns how many (0 once the
   * whole body was given). Throws the file system's error, or when the file's size differs from
   * the one announced (it changed while it was sent).
   */
  fill(into: Buffer): number;
  /** Releases what it holds (the open file); safe to call more than once. */
  close(): void;
}

/** The file part of a body: where it is, its announced size (bytes), the name its errors give. */
export interface BodyFile {
  path: string;
  size: number;
  filename: string;
}

/**
 * The body `frame.head`, the `file`'s bytes, `frame.tail`. The file is opened at the first `fill`
 * and read synchronously (this runs on the transfer thread; a read from the page cache takes about
 * 0.1 ms per MiB); `onProgress` gets the file's bytes read so far after each read.
 */
export function fileRequestBody(
  frame: MultipartFrame,
  file: BodyFile,
  onProgress: (bytesDone: number) => void = () => undefined,
): RequestBody {
  const { head, tail } = frame;
  let fd: number | null = null;
  /** Bytes of the whole body given so far. */
  let given = 0;
  const fileEnd = head.length + file.size;
  const close = () => {
    if (fd === null) return;
    const open = fd;
    fd = null;
    closeSync(open);
  };
  /** Copies bytes of `from` (which starts at body offset `start`) into `into` at `at`; returns how many. */
  const copyFrom = (from: Buffer, start: number, into: Buffer, at: number) =>
    from.copy(into, at, given - start, Math.min(from.length, given - start + into.length - at));
  const readFile = (into: Buffer, at: number): number => {
    fd ??= openSync(file.path, 'r');
    const done = given - head.length;
    const read = readSync(fd, into, at, Math.min(into.length - at, file.size - done), done);
    if (read === 0) throw changedWhileSent(file.filename, done, file.size);
    onProgress(done + read);
    if (done + read === file.size) {
      const now = fstatSync(fd).size;
      close();
      if (now !== file.size) throw changedWhileSent(file.filename, now, file.size);
    }
    return read;
  };
  return {
    length: frame.length,
    fill(into) {
      let at = 0;
      while (at < into.length && given < frame.length) {
        let n: number;
        if (given < head.length) n = copyFrom(head, 0, into, at);
        else if (given < fileEnd) n = readFile(into, at);
        else n = copyFrom(tail, fileEnd, into, at);
        at += n;
        given += n;
      }
      return at;
    },
    close,
  };
}

/**
 * Writes `body` to `socket` through `sendBuffers` reused buffers of `sendBufferBytes`, filling a
 * buffer again once the socket has handed it to the system. Resolves once the whole body was
 * written, or as soon as `stopped()` holds (an answer came, the exchange failed, the socket
 * closed); closes the body either way. Rejects with `body.fill`'s error.
 */
export async function writeBody(socket: Socket, body: RequestBody, stopped: () => boolean): Promise<void> {
  const free: Buffer[] = Array.from({ length: sendBuffers }, () => Buffer.allocUnsafe(sendBufferBytes));
  let wake: (() => void) | null = null;
  const wakeUp = () => {
    const waiting = wake;
    wake = null;
    waiting?.();
  };
  socket.once('close', wakeUp);
  try {
    for (;;) {
      while (free.length === 0 && !stopped() && !socket.destroyed) {
        await new Promise<void>((resolve) => {
          wake = resolve;
        });
      }
      if (stopped() || socket.destroyed) return;
      const buffer = free.pop() as Buffer;
      const bytes = body.fill(buffer);
      if (bytes === 0) return;
      socket.write(buffer.subarray(0, bytes), () => {
        free.push(buffer);
        wakeUp();
      });
    }
  } finally {
    socket.off('close', wakeUp);
    body.close();
  }
}
