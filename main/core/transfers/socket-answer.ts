/**
 * A transfer's request sent on a socket of its own (docs/ARCHITECTURE.md, "Transfers"): a document
 * download, or an upload whose body is written from reused buffers (request-body.ts), with the
 * answer read into a few reused buffers of `readBufferBytes`. Node's HTTP client
 * reads a socket 64 KiB at a time into a new buffer each time; for a 1 GiB body that is 16,384
 * fresh buffers to allocate, fill and collect, and on these machines the whole receive cost
 * 1.5–1.8 s of CPU against 0.7 s here (docs/PERFORMANCE.md, row 9). The socket reads with
 * `onread` (Node's net and tls), the HTTP/1.1 answer (RFC 9112: status line, headers, a body framed
 * by Content-Length, chunked coding or the connection's end) is parsed by `http-parser-js`, and
 * each piece of the body is handed to the reader as a view of the buffer it arrived in.
 *
 * A buffer is read into again only once every piece handed from it is done with (the promise its
 * reader returned settled); while no buffer is free, and from the headers until `read` is called,
 * the socket is not read, so the service waits (TCP flow control) and memory stays at
 * `readBuffers × readBufferBytes` (plus a copy of the body bytes that came with the headers).
 * A request with a body asks the service first (`Expect: 100-continue`, RFC 9110 §10.1.1) and sends
 * the body once the service's `100 Continue` came, or after `continueWaitMs` without one (a service
 * or proxy that ignores the expectation). An upload the service refuses at once (401, 403, 413)
 * then costs no body (curl asks the same way; its 1 GiB uploads to the reference service took 9%
 * longer without the wait, docs/PERFORMANCE.md, row 7). The body stops being sent once the final
 * answer's headers arrived (RFC 9110 §15.5.14).
 */
import { isIP, connect as netConnect, type Socket } from 'node:net';
import { type ConnectionOptions, connect as tlsConnect } from 'node:tls';
import { HTTPParser } from 'http-parser-js';
import type { FileRequest } from '../api/client';
import { NoAnswerError } from '../api/node-transport';
import { BodyReadError } from './body-to-file';
import { type RequestBody, writeBody } from './request-body';

/** How long a request with a body waits for the service's `100 Continue` before it sends the body anyway, ms (curl's default). */
export const continueWaitMs = 1000;

/** Bytes of one read buffer (1 MiB: a read of a fast socket fills most of it). */
export const readBufferBytes = 1024 * 1024;
/** Read buffers of one answer: one being read into while the others' pieces are written. */
export const readBuffers = 4;

/** What receives an answer's body: called for each piece in order; its memory is reused once the returned promise settles. */
export type PieceReader = (piece: Buffer) => void | Promise<void>;

/** An answer whose status line and headers arrived; its body is still to be read. */
export interface SocketAnswer {
  status: number;
  headers: Headers;
  /**
   * Reads the body to its end, handing each piece to `onPiece` (a view of a reused buffer: copy
   * what must outlive the promise it returns). Resolves once the body ended and every piece's
   * promise settled. Rejects with BodyReadError when the connection broke or the request's signal
   * aborted (its `cause`: the socket's error, an AbortError), or with `onPiece`'s own error; the
   * connection is closed then. Call once.
   */
  read(onPiece: PieceReader): Promise<void>;
  /** Closes the connection without reading (what is left of the body is dropped). */
  close(): void;
}

/**
 * The request's bytes: request line, Host, the request's headers, `Expect: 100-continue` for a
 * request with a body, `Connection: close` (RFC 9112 §3, §9.6; RFC 9110 §10.1.1).
 */
function requestHead(req: FileRequest, url: URL, expectContinue: boolean): string {
  const lines = [`${req.method} ${url.pathname}${url.search} HTTP/1.1`, `Host: ${url.host}`];
  for (const [name, value] of Object.entries(req.headers)) {
    if (/[\r\n]/.test(name) || /[\r\n]/.test(value)) throw new TypeError(`The header ${name} holds a line break.`);
    lines.push(`${name}: ${value}`);
  }
  if (expectContinue) lines.push('Expect: 100-continue');
  lines.push('Connection: close', '', '');
  return lines.join('\r\n');
}

/** The answer's headers (`[name, value, name, value, …]`) as a WHATWG Headers object. */
function headersOf(raw: string[]): Headers {
  const headers = new Headers();
  for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i], raw[i + 1]);
  return headers;
}

/** The buffers one answer is read into (see the module's comment). */
class ReadBuffers {
  private readonly free: Buffer[];
  private readonly bytes: number;
  /** Pieces of each buffer whose promise has not settled yet. */
  private readonly held = new Map<Buffer, number>();
  constructor(count: number, bytes: number) {
    this.bytes = bytes;
    this.free = Array.from({ length: count }, () => Buffer.allocUnsafe(bytes));
  }
  /** The buffer the next read goes into: a free one (one is always free while the socket reads; a new one after the answer ended). */
  take(): Buffer {
    return this.free.pop() ?? Buffer.allocUnsafe(this.bytes);
  }
  /** Marks a piece of `buffer` as in use until `done` settles; `released` runs once the buffer is free again. */
  hold(buffer: Buffer, done: Promise<void>, released: () => void, failed: (err: unknown) => void): void {
    this.held.set(buffer, (this.held.get(buffer) ?? 0) + 1);
    done.then(() => {
      const left = (this.held.get(buffer) ?? 1) - 1;
      if (left > 0) this.held.set(buffer, left);
      else {
        this.held.delete(buffer);
        this.free.push(buffer);
      }
      released();
    }, failed);
  }
  /** Gives `buffer` back after a read when none of its pieces is held. */
  settle(buffer: Buffer): void {
    if (!this.held.has(buffer)) this.free.push(buffer);
  }
  /** Free buffers. */
  get spare(): number {
    return this.free.length;
  }
}

const closedEarly = () => new TypeError('The connection closed before the answer ended.');

/**
 * Sends `req` (an `http:` or `https:` URL) with `body`, if any (its Content-Length is in
 * `req.headers`), and resolves once the answer's status line and headers arrived (any status;
 * interim 1xx answers are passed over). Rejects with NoAnswerError when no answer came (refused,
 * reset, a TLS or DNS failure, an answer that is not HTTP/1.x, the body's file could not be read or
 * changed, the signal aborted first; `cause` is the error).
 */
export function sendOnSocket(req: FileRequest, body?: RequestBody): Promise<SocketAnswer> {
  const url = new URL(req.url);
  const buffers = new ReadBuffers(readBuffers, readBufferBytes);
  const parser = new HTTPParser(HTTPParser.RESPONSE);
  let socket: Socket;
  /** 'head' until the final answer's headers arrived, then 'body'. */
  let phase: 'head' | 'body' = 'head';
  let paused = false;
  let ended = false;
  /** The error the exchange ended with (NoAnswerError, BodyReadError or the reader's own). */
  let failure: Error | null = null;
  /** The body's reader once `read` was called; pieces before it wait in `early`, copied. */
  let reader: PieceReader | null = null;
  const early: Buffer[] = [];
  /** Pieces handed out whose promise has not settled. */
  let inFlight = 0;
  let settleRead: ((err: Error | null) => void) | null = null;
  let answered: (answer: SocketAnswer) => void = () => undefined;
  let refused: (err: Error) => void = () => undefined;

  const finishRead = () => {
    if (!settleRead) return;
    if (failure) settleRead(failure);
    else if (ended && inFlight === 0) settleRead(null);
  };
  /** Ends the exchange with `err`; `own`: the reader's error, passed on as it is. */
  const fail = (err: unknown, own = false) => {
    if (failure || ended) return;
    clearTimeout(continueTimer);
    if (phase === 'head') failure = new NoAnswerError(err);
    else failure = own && err instanceof Error ? err : new BodyReadError(err);
    socket.destroy();
    if (phase === 'head') refused(failure);
    finishRead();
  };
  let continueTimer: NodeJS.Timeout | undefined;
  let bodyStarted = false;
  /** Starts sending the request's body (once: at the service's 100 Continue, or when the wait is over). */
  const sendBody = () => {
    clearTimeout(continueTimer);
    if (!body || bodyStarted || failure || ended || phase !== 'head') return;
    bodyStarted = true;
    const stopped = () => failure !== null || ended || phase !== 'head';
    writeBody(socket, body, stopped).catch((err) => {
      if (phase === 'head') fail(err);
    });
  };
  const resumeIfSpare = () => {
    if (!paused || buffers.spare < 1 || failure || ended) return;
    paused = false;
    socket.resume();
  };
  const hand = (piece: Buffer, from: Buffer | null) => {
    let done: void | Promise<void>;
    try {
      done = (reader as PieceReader)(piece);
    } catch (err) {
      // Thrown inside the parser's callback: it must not reach Node's read path.
      fail(err, true);
      return;
    }
    if (!done) return;
    inFlight++;
    const released = () => {
      inFlight--;
      resumeIfSpare();
      finishRead();
    };
    if (from) buffers.hold(from, done, released, (err) => fail(err, true));
    else done.then(released, (err) => fail(err, true));
  };

  let current: Buffer | null = null;
  parser[HTTPParser.kOnHeadersComplete] = (...args: unknown[]) => {
    // One info object, or positional arguments when another user of the parser asked for them.
    const info = (typeof args[0] === 'object' ? args[0] : { statusCode: args[5], headers: args[2] }) as {
      statusCode: number;
      headers: string[];
    };
    if (info.statusCode < 200) {
      if (info.statusCode === 100) sendBody();
      return 1;
    }
    // Headers that WHATWG Headers refuses throw here, while the exchange is still in its head.
    const headers = headersOf(info.headers);
    clearTimeout(continueTimer);
    phase = 'body';
    answered({
      status: info.statusCode,
      headers,
      read: (onPiece) =>
        new Promise<void>((resolve, reject) => {
          reader = onPiece;
          settleRead = (err) => {
            settleRead = null;
            if (err) reject(err);
            else resolve();
          };
          for (const piece of early.splice(0)) if (!failure) hand(piece, null);
          resumeIfSpare();
          finishRead();
        }),
      close: () => {
        if (!ended) socket.destroy();
      },
    });
    return 0;
  };
  parser[HTTPParser.kOnBody] = (piece: Buffer) => {
    if (piece.length === 0 || !current || failure) return;
    if (reader) hand(piece, current);
    else early.push(Buffer.from(piece));
  };
  parser[HTTPParser.kOnMessageComplete] = () => {
    if (phase === 'head') return; // an interim 1xx answer: the final one follows
    ended = true;
    socket.destroy();
    finishRead();
  };

  /** Node's `onread` (net.Socket, also honoured by tls.connect): returning false stops reading until `resume`. */
  const onread = {
    buffer: () => buffers.take(),
    callback: (bytes: number, buffer: Uint8Array): boolean => {
      const read = buffer as Buffer;
      if (failure || ended) {
        buffers.settle(read);
        return true;
      }
      current = read;
      let parsed: number | Error;
      try {
        parsed = parser.execute(read, 0, bytes);
      } catch (err) {
        // A callback's error (the parser passes them on): it must not reach Node's read path.
        parsed = err instanceof Error ? err : new Error(String(err));
      }
      current = null;
      buffers.settle(read);
      if (parsed instanceof Error) {
        fail(new TypeError(`The BRM service's answer is not valid HTTP/1.1 (${parsed.message}).`));
        return true;
      }
      if (ended || failure) return true;
      // No reader yet (the answer is being looked at): the body waits in the socket, not in memory.
      // Else the next read takes a free buffer now; keep reading only while another is free after it.
      if (phase === 'head' || (reader && buffers.spare >= 2)) return true;
      paused = true;
      return false;
    },
  };

  return new Promise<SocketAnswer>((resolve, reject) => {
    answered = resolve;
    refused = reject;
    const secure = url.protocol === 'https:';
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const port = Number(url.port) || (secure ? 443 : 80);
    let head: string;
    try {
      head = requestHead(req, url, body !== undefined);
    } catch (err) {
      reject(new NoAnswerError(err));
      return;
    }
    socket = secure
      ? // SNI names a host, never an address (RFC 6066 §3); the certificate is checked against either.
        tlsConnect({
          host,
          port,
          servername: isIP(host) ? '' : host,
          ALPNProtocols: ['http/1.1'],
          onread,
        } as ConnectionOptions)
      : netConnect({ host, port, onread });
    // As Node's HTTP client and curl do: a body's last short segment is sent without waiting for an ACK.
    socket.setNoDelay(true);
    socket.once(secure ? 'secureConnect' : 'connect', () => {
      socket.write(head);
      if (body) continueTimer = setTimeout(sendBody, continueWaitMs);
    });
    socket.on('error', (err) => fail(err));
    socket.on('end', () => {
      if (failure || ended) return;
      const incomplete = parser.finish();
      if (incomplete instanceof Error || !ended) fail(closedEarly());
    });
    socket.on('close', () => fail(closedEarly()));
    const signal = req.signal;
    if (signal) {
      const abort = () =>
        fail(
          signal.reason instanceof Error ? signal.reason : new DOMException('The transfer was stopped.', 'AbortError'),
        );
      if (signal.aborted) abort();
      else signal.addEventListener('abort', abort, { once: true });
    }
  });
}
