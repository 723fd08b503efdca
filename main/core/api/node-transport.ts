/**
 * Requests with streamed bodies (a file queued with an offline write, a file checked before an
 * import) sent with Node's own HTTP client (`node:http`, `node:https`) instead of `fetch`: a
 * request body is piped from a Node stream into the socket and the answer is handed over as the
 * socket's own chunks (a Node Readable), with no WHATWG stream in between. `fetch` copies every
 * chunk of a body through its web streams (docs/PERFORMANCE.md, rows 7–10). Document uploads and
 * downloads go on a socket of their own instead (transfers/socket-answer.ts).
 */
import { request as httpRequest, type IncomingMessage, type OutgoingHttpHeaders } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** An answer whose body is still to be read: its status, headers, and the body as a Node stream of bytes. */
export interface StreamedAnswer {
  status: number;
  headers: Headers;
  /** The body's bytes as they arrive; destroy it to stop reading (that closes the connection). */
  body: IncomingMessage;
}

/** One request: method, absolute http(s) URL, headers, an optional body and a signal that aborts it. */
export interface NodeRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** Sent as is (a string as UTF-8); an iterable is piped chunk by chunk, waiting when the socket is full. */
  body?: string | AsyncIterable<Uint8Array>;
  signal?: AbortSignal;
}

/** The answer's headers as a WHATWG Headers object (repeated headers joined as RFC 9110 §5.3 allows). */
function headersOf(answer: IncomingMessage): Headers {
  const headers = new Headers();
  const raw = answer.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) headers.append(raw[i], raw[i + 1]);
  return headers;
}

/**
 * Sends `req` and resolves with the answer once its status line and headers arrived (any status;
 * the body is unread). Rejects with the request body's own error when reading it failed (for
 * example a file that changed while it was sent), with an AbortError when `req.signal` aborted, or
 * with the socket's error when no answer came (refused, reset, DNS).
 */
export function sendNodeRequest(req: NodeRequest): Promise<StreamedAnswer> {
  const url = new URL(req.url);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise<StreamedAnswer>((resolve, reject) => {
    const outgoing = send(url, {
      method: req.method,
      headers: req.headers as OutgoingHttpHeaders,
      signal: req.signal,
    });
    outgoing.once('response', (answer) =>
      resolve({ status: answer.statusCode ?? 0, headers: headersOf(answer), body: answer }),
    );
    outgoing.once('error', reject);
    if (req.body === undefined || typeof req.body === 'string') {
      outgoing.end(req.body);
      return;
    }
    // A body that fails destroys the request with the body's own error (the first one rejects).
    pipeline(Readable.from(req.body, { objectMode: false }), outgoing).catch(reject);
  });
}

/** No answer came to a request (refused, reset, DNS, aborted before the answer); `cause` is the socket's error. */
export class NoAnswerError extends Error {
  constructor(cause: unknown) {
    super(`No answer came: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'NoAnswerError';
  }
}
