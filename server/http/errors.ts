/**
 * Maps every error to an RFC 9457 problem response (the Errors convention in `api/openapi.yaml`
 * `info.description`): ProblemErrors as they are; Fastify's body-parsing and multipart errors to
 * 400/413/415 problems; an unknown path to 404 and a method the path does not take to 405 with
 * `Allow` (RFC 9110 §15.5.6); a name that clashes with a stored one (`NameTakenError`,
 * `server/db/unique-names.ts`) to 409; a URL Fastify cannot route to 400; anything else to a 500 without
 * internals. Errors raised before a
 * request is parsed (a malformed request line or header) are answered by `client-errors.ts`.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { NameTakenError } from '../db/unique-names';
import { conflict, ProblemError, sendProblem, unsupportedMediaType, validationProblem } from './problem';

/** Methods a path may answer, in the order an `Allow` header lists them. */
const methods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'] as const;

function malformedForm(error: FastifyError): ProblemError {
  return validationProblem([{ pointer: '/body', detail: `is not a valid upload form (${error.message})` }]);
}

function fromFastify(request: FastifyRequest, error: FastifyError): ProblemError | null {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return validationProblem([{ pointer: '/body', detail: 'is not valid JSON' }]);
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return validationProblem([{ pointer: '/body', detail: 'is empty: send a JSON object' }]);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_TYPE':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return unsupportedMediaType(request.routeOptions.config?.requestMediaTypes ?? []);
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return validationProblem([
        { pointer: '/header/Content-Length', detail: 'does not match the length of the body that was sent' },
      ]);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ProblemError(413, '/problems/too-large', 'The request body is larger than 1 MiB; send a smaller one.');
    case 'FST_REQ_FILE_TOO_LARGE':
      return new ProblemError(
        413,
        '/problems/too-large',
        'The file is larger than this upload takes; send a smaller one.',
      );
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PROTO_VIOLATION':
    case 'FST_MULTIPART_INVALID_CONTENT':
    case 'FST_INVALID_JSON_FIELD_ERROR':
    case 'FST_MP_PREMATURE_CLOSE':
      return malformedForm(error);
    case 'FST_ERR_BAD_URL':
      return new ProblemError(
        400,
        '/problems/validation',
        'The request URL is malformed (e.g. a broken %-escape); fix the address and send it again.',
      );
  }
  if (error.statusCode === 404) return new ProblemError(404, '/problems/not-found', error.message);
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return validationProblem([{ pointer: '/body', detail: error.message.slice(0, 400) }], error.message);
  }
  return null;
}

/**
 * Fastify's `frameworkErrors` option: errors Fastify raises while routing, before any hook runs (a
 * URL with a broken %-escape, `FST_ERR_BAD_URL`), answered as 400 problems like every other error.
 */
export function frameworkErrorHandler(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  const problem =
    error.code === 'FST_ERR_BAD_URL'
      ? (fromFastify(request, error) as ProblemError)
      : new ProblemError(400, '/problems/validation', `The request cannot be routed (${error.message}).`);
  sendProblem(request, reply, problem);
}

/** Installs the error and not-found handlers. */
export function installProblemHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const problem =
      error instanceof ProblemError
        ? error
        : error instanceof NameTakenError
          ? conflict(error.message)
          : (fromFastify(request, error) ??
            new ProblemError(500, '/problems/internal', 'The service failed to answer this request. Try again later.'));
    if (problem.status >= 500) request.log.error({ err: error }, 'request failed');
    return sendProblem(request, reply, problem);
  });
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    const allowed = methods.filter((method) => method !== request.method && app.hasRoute({ method, url: path }));
    if (allowed.length > 0) {
      return sendProblem(
        request,
        reply,
        new ProblemError(
          405,
          '/problems/method-not-allowed',
          `${path} does not take ${request.method}; it takes ${allowed.join(', ')}.`,
          { headers: { Allow: allowed.join(', ') } },
        ),
      );
    }
    return sendProblem(
      request,
      reply,
      new ProblemError(404, '/problems/not-found', `No operation answers ${request.method} ${path}.`),
    );
  });
}
