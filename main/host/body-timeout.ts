/**
 * A request body that stops arriving at the browser-mode host (the page sent the head and part of an
 * upload to `PUT /stage`, then went quiet) is answered 408 with `Connection: close` after
 * `timeoutMs` without a byte of it, as the reference service does (server/http/body-timeout.ts;
 * RFC 9110 §15.5.9), and the request is then destroyed with a BodyTimeoutError, so whatever reads
 * the body fails and removes what it wrote (the staged partial file, staging.ts). The limit is on
 * silence, not on the whole body: a large upload is never cut while bytes keep coming.
 *
 * The timer is the socket's idle timeout (Node's HTTP server counts every chunk received as
 * activity), listened to on the response so that Node does not destroy the socket itself. Bytes
 * received but not read yet (the disk is behind, not the page) re-arm it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Default longest silence within a request body, ms (30 s, the reference service's). */
export const defaultBodyTimeoutMs = 30_000;

/** The error a request is destroyed with when its body stopped arriving. */
export class BodyTimeoutError extends Error {
  constructor(readonly timeoutMs: number) {
    super(`The request body stopped arriving (nothing for ${timeoutMs} ms).`);
    this.name = 'BodyTimeoutError';
  }
}

/** True when the request announces a body (`Content-Length` above 0 or `Transfer-Encoding`, RFC 9112 §6.3). */
export function announcesBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

/** The words of the 408 answer. */
export function bodyTimeoutMessage(timeoutMs: number): string {
  const seconds = Math.max(1, Math.round(timeoutMs / 1000));
  return `The file stopped arriving (nothing for ${seconds} ${seconds === 1 ? 'second' : 'seconds'}), so nothing was kept. Add the file again.`;
}

/**
 * Watches `req`'s body: after `timeoutMs` without a byte of it, answers with `answer` (the host's
 * 408 with `Connection: close`) unless an answer was already sent, and destroys the request with a
 * BodyTimeoutError once it went out. Call it before anything reads the body.
 */
export function watchRequestBody(
  req: IncomingMessage,
  res: ServerResponse,
  timeoutMs: number,
  answer: (res: ServerResponse, message: string) => void,
): void {
  if (!announcesBody(req) || req.complete) return;
  const socket = req.socket;
  res.setTimeout(timeoutMs, () => {
    if (req.complete || req.destroyed || socket.destroyed) {
      socket.setTimeout(0);
      return;
    }
    if (req.readableLength > 0) {
      socket.setTimeout(timeoutMs);
      return;
    }
    const error = new BodyTimeoutError(timeoutMs);
    if (res.headersSent) {
      req.destroy(error);
      return;
    }
    res.once('finish', () => req.destroy(error));
    answer(res, bodyTimeoutMessage(timeoutMs));
  });
}
