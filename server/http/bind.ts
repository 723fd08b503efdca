/**
 * Binds the contract's operations to handlers by operationId: method and path come from
 * `api/openapi.yaml`, never from server code. Query parameters and headers are validated (with type
 * coercion and defaults) and JSON bodies are validated against the contract's schemas (Ajv 2020-12),
 * their names put into NFC first (`nameNormalizer`);
 * failures become 400 problems whose `errors[]` point at `/query/<name>`, `/header/<Name>` or `/body/...`
 * (at most 10, found with work bounded by the contract's limits: `./request-checks.ts`). A body with
 * a content coding answers 415 before it is read. Protected operations authenticate first (401 before
 * 400); then the operation's access rule is enforced (`./access.ts`: 403 or 404 before any hook that
 * writes and before the handler).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { operations } from '../../api/generated/schema';
import { type Contract, listOperations, resolveRef } from '../contract/spec';
import { type AccessResources, accessCheck } from './access';
import { unsupportedContentCoding, unsupportedMediaType, validationProblem } from './problem';
import { bodyCheck, nameNormalizer, parameterCheck } from './request-checks';

type Ops = operations;
/** The operationIds of the contract. */
export type OperationId = keyof Ops;
type Part<K extends OperationId, P extends 'query' | 'header'> = NonNullable<Ops[K]['parameters'][P]>;
type JsonBody<K extends OperationId> = Ops[K] extends { requestBody?: { content: { 'application/json': infer B } } }
  ? B
  : undefined;

/** What a handler gets: the validated request parts and the signed-in user (null only without auth). */
export interface OperationContext<K extends OperationId> {
  request: FastifyRequest;
  reply: FastifyReply;
  query: Part<K, 'query'>;
  headers: Part<K, 'header'>;
  body: JsonBody<K>;
  userId: string;
}

/** A handler returns a JSON-able value, a JSON text (string), or the reply it has sent itself. */
export type OperationHandlers = { [K in OperationId]: (ctx: OperationContext<K>) => Promise<unknown> | unknown };

/**
 * Registers one route per contract operation. Throws when an operation has no handler or a handler
 * names no operation, so the server always implements the whole contract.
 */
export function bindOperations(
  app: FastifyInstance,
  contract: Contract,
  handlers: OperationHandlers,
  authenticate: (request: FastifyRequest) => string,
  access: AccessResources,
): void {
  const ops = listOperations(contract);
  const extra = Object.keys(handlers).filter((id) => !ops.some((o) => o.operationId === id));
  if (extra.length) throw new Error(`Handlers for operations the contract does not have: ${extra.join(', ')}`);

  for (const op of ops) {
    const handler = (handlers as Record<string, OperationHandlers[OperationId]>)[op.operationId];
    if (!handler) throw new Error(`The contract's operation ${op.operationId} has no handler.`);
    const query = parameterCheck(contract, op.parameters, 'query');
    const header = parameterCheck(contract, op.parameters, 'header');
    const requestBody = op.operation.requestBody ? resolveRef(contract, op.operation.requestBody) : undefined;
    const jsonSchema = requestBody?.content['application/json']?.schema;
    const checkBody = jsonSchema ? bodyCheck(contract, jsonSchema) : null;
    const normalizeNames = jsonSchema ? nameNormalizer(contract, jsonSchema) : null;
    const requestMediaTypes = Object.keys(requestBody?.content ?? {});
    const checkAccess = accessCheck(op.operationId as OperationId, access);

    app.route({
      method: op.method,
      url: op.path,
      config: { requestMediaTypes },
      onRequest: async (request) => {
        request.userId = op.requiresAuth ? authenticate(request) : null;
      },
      // Before the body is read: a content-coded body is refused, not parsed as if it were plain.
      preParsing: async (request, _reply, payload) => {
        const coding = contentCodingOf(request);
        if (coding !== null) throw unsupportedContentCoding(coding);
        return payload;
      },
      preValidation: async (request) => {
        // A body the operation does not take (e.g. a form sent to a JSON operation, which the
        // multipart plugin lets through unread) is refused before anything reads it.
        const mediaType = mediaTypeOf(request);
        if (mediaType !== null && requestMediaTypes.length > 0 && !requestMediaTypes.includes(mediaType)) {
          throw unsupportedMediaType(requestMediaTypes);
        }
        const values = { ...(request.query as object) };
        const headers: Record<string, unknown> = {};
        for (const name of header.names.keys())
          if (request.headers[name] !== undefined) headers[name] = request.headers[name];
        const errors = [...query.check(values), ...header.check(headers)];
        if (checkBody) {
          if (request.body === undefined || request.body === null) {
            if (requestBody?.required) errors.push({ pointer: '/body', detail: 'is required: send a JSON object' });
            else request.body = {};
          }
          if (request.body !== undefined && request.body !== null) {
            request.body = normalizeNames?.(request.body) ?? request.body;
            for (const e of checkBody(request.body)) errors.push(e);
          }
        }
        if (errors.length) throw validationProblem(errors);
        const named: Record<string, unknown> = {};
        for (const [lower, value] of Object.entries(headers)) named[header.names.get(lower) ?? lower] = value;
        request.validated = { query: values, headers: named };
        checkAccess?.(request);
      },
      handler: async (request, reply) => {
        const ctx = {
          request,
          reply,
          query: request.validated?.query ?? {},
          headers: request.validated?.headers ?? {},
          body: checkBody ? request.body : undefined,
          userId: request.userId ?? '',
        } as OperationContext<OperationId>;
        const result = await (handler as (c: OperationContext<OperationId>) => unknown)(ctx);
        if (result === reply) return reply;
        if (typeof result === 'string') return reply.type('application/json; charset=utf-8').send(result);
        return reply.send(result);
      },
    });
  }
}

/**
 * The media type of a request's body (lower case, without parameters), or null when the request has
 * no body (no `Content-Length` above 0 and no `Transfer-Encoding`, RFC 9112 §6.3).
 */
export function mediaTypeOf(request: FastifyRequest): string | null {
  const length = request.headers['content-length'];
  const hasBody = request.headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
  if (!hasBody) return null;
  return (request.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
}

/**
 * The content coding of a request's body (`Content-Encoding`, RFC 9110 §8.4) when it is anything but
 * `identity`, else null; null too for a request without a body.
 */
export function contentCodingOf(request: FastifyRequest): string | null {
  const value = request.headers['content-encoding'];
  if (value === undefined || mediaTypeOf(request) === null) return null;
  const codings = value
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity');
  return codings.length > 0 ? codings.join(', ') : null;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The media types of the operation's request body in the contract (empty: it takes none). */
    requestMediaTypes?: string[];
  }
  interface FastifyRequest {
    /** The signed-in user's id, or null for operations without auth. */
    userId: string | null;
    /** Query parameters and headers (by their contract names) after validation (coerced, defaults applied). */
    validated: { query: Record<string, unknown>; headers: Record<string, unknown> } | null;
  }
}
