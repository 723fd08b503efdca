/**
 * Problems for requests that fail before Fastify can route them (Node's HTTP parser refuses the
 * request line or a header, or the headers do not arrive in time): Fastify's `clientErrorHandler`,
 * writing an RFC 9457 `application/problem+json` answer on the socket itself and closing the
 * connection (the Errors convention in `api/openapi.yaml` `info.description`).
 */
import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { type Problem, type ProblemFieldError, problemTitle } from './problem';

/** An error of Node's HTTP parser (llhttp codes such as `HPE_INVALID_CONTENT_LENGTH`) or server. */
export interface ClientError extends Error {
  code?: string;
  /** llhttp's words for what is wrong, e.g. "Duplicate Content-Length". */
  reason?: string;
}

/** How long the answer may take to reach the client before the socket is destroyed anyway, ms. */
const closeGraceMs = 2000;

/** The problem document for a client error; exported for tests. */
export function clientErrorProblem(error: ClientError): Problem {
  const reason = (error.reason ?? error.message).slice(0, 300);
  const problem = (status: number, type: Problem['type'], detail: string, errors?: ProblemFieldError[]): Problem => ({
    type,
    title: problemTitle(type),
    status,
    detail,
    ...(errors ? { errors } : {}),
  });
  switch (error.code) {
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return problem(
        408,
        '/problems/request-timeout',
        'The request did not arrive in time; the connection is closed. Send it again.',
      );
    case 'HPE_HEADER_OVERFLOW':
      return problem(
        431,
        '/problems/too-large',
        'The request headers are larger than 16 KiB; send fewer or shorter headers.',
      );
    case 'HPE_UNEXPECTED_CONTENT_LENGTH':
    case 'HPE_INVALID_CONTENT_LENGTH':
      return problem(
        400,
        '/problems/validation',
        `The request's Content-Length cannot be trusted (${reason}); send one valid Content-Length, or Transfer-Encoding alone.`,
        [{ pointer: '/header/Content-Length', detail: `is not a single valid length (${reason})` }],
      );
    case 'HPE_INVALID_TRANSFER_ENCODING':
    case 'HPE_INVALID_CHUNK_SIZE':
      return problem(
        400,
        '/problems/validation',
        `The request's chunked body is malformed (${reason}); send it again.`,
        [{ pointer: '/header/Transfer-Encoding', detail: `does not describe the body that was sent (${reason})` }],
      );
    default:
      return problem(
        400,
        '/problems/validation',
        `The request is not valid HTTP/1.1 (${reason}); fix it and send it again.`,
      );
  }
}

/**
 * Fastify's `clientErrorHandler`: answers the problem (with `Connection: close`) unless the socket
 * is gone, then closes the connection; a connection reset by the client gets no answer.
 */
export function clientErrorHandler(error: ClientError, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  // As Node's own handler does: answer only when no response of this connection has begun, so the
  // client never reads a problem in the middle of another answer.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
  if (!socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const problem = clientErrorProblem(error);
  const body = JSON.stringify(problem);
  socket.end(
    `HTTP/1.1 ${problem.status} ${STATUS_CODES[problem.status]}\r\n` +
      'Content-Type: application/problem+json\r\n' +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      'Connection: close\r\n\r\n' +
      body,
  );
  setTimeout(() => socket.destroy(), closeGraceMs).unref();
}
