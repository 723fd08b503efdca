/**
 * Maps every error to an RFC 9457 problem response: ProblemErrors as they are, Fastify's body-parsing
 * and multipart errors to 400/413 problems, anything else to a 500 without internals.
 */
import type { FastifyError, FastifyInstance } from 'fastify';
import { ProblemError, sendProblem, validationProblem } from './problem';

function fromFastify(error: FastifyError): ProblemError | null {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return validationProblem([{ pointer: '/body', detail: 'is not valid JSON' }]);
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return validationProblem([{ pointer: '/body', detail: 'is empty: send a JSON object' }]);
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
      return validationProblem([{ pointer: '/header/Content-Type', detail: 'is not accepted by this operation' }]);
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return new ProblemError(413, '/problems/too-large', 'The request body is too large.');
    case 'FST_REQ_FILE_TOO_LARGE':
      return new ProblemError(413, '/problems/too-large', 'The file is larger than 2 GiB; it cannot be uploaded.');
    case 'FST_FILES_LIMIT':
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
    case 'FST_PROTO_VIOLATION':
    case 'FST_MULTIPART_INVALID_CONTENT':
      return validationProblem([{ pointer: '/body', detail: `is not a valid upload form (${error.message})` }]);
  }
  if (error.statusCode === 404) return new ProblemError(404, '/problems/not-found', error.message);
  if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
    return validationProblem([{ pointer: '/body', detail: error.message.slice(0, 400) }], error.message);
  }
  return null;
}

/** Installs the error and not-found handlers. */
export function installProblemHandlers(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const problem =
      error instanceof ProblemError
        ? error
        : (fromFastify(error) ??
          new ProblemError(500, '/problems/internal', 'The service failed to answer this request. Try again later.'));
    if (problem.status >= 500) request.log.error({ err: error }, 'request failed');
    return sendProblem(request, reply, problem);
  });
  app.setNotFoundHandler((request, reply) =>
    sendProblem(
      request,
      reply,
      new ProblemError(
        404,
        '/problems/not-found',
        `No operation answers ${request.method} ${request.url.split('?')[0]}.`,
      ),
    ),
  );
}
