/**
 * A request body that stops arriving (the client sent the headers and part of the body, then went
 * quiet) is answered 408 `/problems/request-timeout` with `Connection: close` after `timeoutMs`
 * without a byte of it, and the connection is closed (the Limits convention in `api/openapi.yaml`
 * `info.description`; RFC 9110 §15.5.9). The limit is on silence, not on the whole body, so a 2 GiB
 * upload on a slow line is never cut while bytes keep coming.
 *
 * The timer is the socket's idle timeout (Node's HTTP parser counts every received chunk as
 * activity), listened to on the response so that Node does not destroy the socket itself. When it
 * fires while the body is incomplete, the timeout is raised as an `error` of the request stream:
 * whatever reads the body (Fastify's JSON parser, the multipart reader of `server/files/`) fails
 * with the 408 problem, unwinds (temp files are deleted, idempotency claims released) and the error
 * handler answers it. Bytes the service has received but not read yet mean the service is behind,
 * not the client, and re-arm the timer.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ProblemError, sendProblem } from './problem';

/** Default longest silence within a request body, ms (30 s). */
export const defaultBodyTimeoutMs = 30_000;

/** The 408 problem for a body that stopped arriving after `timeoutMs` of silence. */
export function bodyTimeoutProblem(timeoutMs: number): ProblemError {
  const seconds = Math.max(1, Math.round(timeoutMs / 1000));
  return new ProblemError(
    408,
    '/problems/request-timeout',
    `The request body stopped arriving (nothing for ${seconds} ${seconds === 1 ? 'second' : 'seconds'}); nothing was stored and the connection is closed. Send the request again.`,
    { headers: { Connection: 'close' } },
  );
}

/** True when the request announces a body (`Content-Length` above 0 or `Transfer-Encoding`, RFC 9112 §6.3). */
function announcesBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}

function watch(request: FastifyRequest, reply: FastifyReply, timeoutMs: number): void {
  const raw = request.raw;
  const socket = raw.socket;
  reply.raw.setTimeout(timeoutMs, () => {
    if (raw.complete || raw.destroyed || socket.destroyed) {
      socket.setTimeout(0);
      return;
    }
    if (raw.readableLength > 0) {
      socket.setTimeout(timeoutMs);
      return;
    }
    if (reply.sent || reply.raw.headersSent) {
      // The answer went out before the body was read (e.g. a refusal); nothing is left to say.
      socket.destroy();
      return;
    }
    const problem = bodyTimeoutProblem(timeoutMs);
    request.log.info({ timeoutMs }, 'request body stopped arriving');
    if (raw.listenerCount('error') > 0) raw.emit('error', problem);
    else sendProblem(request, reply, problem);
  });
}

/** Adds the body timeout to every request that announces a body. */
export function installBodyTimeout(app: FastifyInstance, timeoutMs: number): void {
  app.addHook('onRequest', async (request, reply) => {
    if (announcesBody(request) && !request.raw.complete) watch(request, reply, timeoutMs);
  });
}
