/**
 * Generic `Idempotency-Key` replay (draft-ietf-httpapi-idempotency-key-header) for every operation
 * whose contract declares the `IdempotencyKey` header. Per user and key:
 * - the first request runs; a 2xx answer with a JSON (or empty) body is stored for 24 hours with its
 *   status, `ETag` and `Location`;
 * - a replay with the same operation and the same parameters and JSON body answers the stored
 *   response without running the handler, marked `Idempotent-Replayed: true`;
 * - the same key with another operation or another JSON body answers 409, and so does a replay while
 *   the first request still runs (409, the draft's "concurrent request" case);
 * - a failed request (4xx, 5xx, a stream, a dropped connection) stores nothing, so it may be retried.
 * Multipart uploads are claimed before their body is streamed, so their file cannot be compared: a
 * replay of the key answers the stored response whatever the file (the rest of the upload is read
 * and discarded, so the client sees the answer rather than a reset connection).
 */
import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { IdempotencyRepo } from '../db/idempotency';
import type { OperationIndex } from './operation-index';
import { conflict } from './problem';

/** Additions to the `idempotency` table for generic replay (run with the areas' DDL). */
export const idempotencyDdl = `
ALTER TABLE idempotency ADD COLUMN request_hash TEXT;
ALTER TABLE idempotency ADD COLUMN location TEXT;
`;

interface Claimed {
  userId: string;
  key: string;
  settled: boolean;
}

const claims = new WeakMap<FastifyRequest, Claimed>();

/** Reads and discards the rest of a request body (an upload that will not be used). */
async function drain(request: FastifyRequest): Promise<void> {
  const raw = request.raw;
  if (raw.readableEnded) return;
  await new Promise<void>((resolve) => {
    raw.on('end', resolve);
    raw.on('error', () => resolve());
    raw.resume();
  });
}

/** JSON text with object keys sorted at every level, so that equal values give equal text. */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** SHA-256 (hex) of an operation's validated query parameters and body: what "the same request" means. */
export function requestHash(operationId: string, query: unknown, body: unknown): string {
  return createHash('sha256')
    .update(`${operationId}\n${canonicalJson(query ?? {})}\n${canonicalJson(body ?? null)}`)
    .digest('hex');
}

function header(value: unknown): string | null {
  return typeof value === 'string' ? value : Array.isArray(value) ? String(value[0]) : null;
}

/** Fastify hooks, to be added by the caller in the order it needs. */
export interface IdempotencyHooks {
  preHandler: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | undefined>;
  onSend: (request: FastifyRequest, reply: FastifyReply, payload: unknown) => Promise<unknown>;
  onResponse: (request: FastifyRequest) => Promise<void>;
}

/**
 * The replay hooks: `preHandler` claims the key (after authentication and validation) or answers a
 * stored response; `onSend` stores or releases it; `onResponse` releases a claim whose answer was
 * never stored (e.g. the client went away).
 */
export function idempotencyHooks(index: OperationIndex, repo: IdempotencyRepo): IdempotencyHooks {
  return {
    preHandler: async (request, reply) => {
      const facts = index.of(request);
      const key = header(request.headers['idempotency-key']);
      if (!facts?.idempotent || key === null || !request.userId) return undefined;
      const hash = facts.streamed ? null : requestHash(facts.operationId, request.validated?.query, request.body);
      const claim = repo.claim(request.userId, key, facts.operationId, hash);
      if (claim.state === 'claimed') {
        claims.set(request, { userId: request.userId, key, settled: false });
        return undefined;
      }
      await drain(request);
      switch (claim.state) {
        case 'replay': {
          const { status, etag, location, body } = claim.response;
          if (etag) reply.header('ETag', etag);
          if (location) reply.header('Location', location);
          reply.code(status).header('Idempotent-Replayed', 'true');
          if (body === '') return reply.send();
          return reply.type('application/json; charset=utf-8').send(body);
        }
        case 'in-progress':
          throw conflict('A request with this Idempotency-Key is still running; wait for its answer, then retry.');
        case 'other-operation':
          throw conflict(`This Idempotency-Key was used for ${claim.operationId}; send a new key for a new request.`);
        case 'other-request':
          throw conflict('This Idempotency-Key was used with another request body; send a new key for a new request.');
      }
    },

    onSend: async (request, reply, payload) => {
      const claimed = claims.get(request);
      if (!claimed || claimed.settled) return payload;
      claimed.settled = true;
      const status = reply.statusCode;
      const storable = payload === undefined || payload === null || typeof payload === 'string';
      if (status >= 200 && status < 300 && storable) {
        repo.complete(claimed.userId, claimed.key, {
          status,
          etag: header(reply.getHeader('etag')),
          location: header(reply.getHeader('location')),
          body: (payload as string | null | undefined) ?? '',
        });
      } else {
        repo.release(claimed.userId, claimed.key);
      }
      return payload;
    },

    onResponse: async (request) => {
      const claimed = claims.get(request);
      if (claimed && !claimed.settled) repo.release(claimed.userId, claimed.key);
    },
  };
}
