/**
 * RFC 9457 problem details (`application/problem+json`): the one shape of every error the service
 * answers. Handlers throw `ProblemError`; the app's error handler turns it (and any other error) into
 * a problem document without leaking internals.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { components } from '../../api/generated/schema';
import { cleanTextControls } from '../../api/name-characters';

/** The contract's Problem schema. */
export type Problem = components['schemas']['Problem'];
/** One entry of `Problem.errors`: a JSON pointer (RFC 6901) and what is wrong there. */
export type ProblemFieldError = NonNullable<Problem['errors']>[number];
/** The problem types the contract enumerates. */
export type ProblemType = Problem['type'];

const titles: Record<ProblemType, string> = {
  '/problems/validation': 'The request is not valid',
  '/problems/unauthorized': 'Sign-in required',
  '/problems/forbidden': 'Not allowed',
  '/problems/not-found': 'Not found',
  '/problems/conflict': 'Conflict',
  '/problems/precondition-failed': 'The record has changed',
  '/problems/unprocessable': 'The content cannot be processed',
  '/problems/unsupported-media-type': 'Unsupported media type',
  '/problems/gone': 'Gone',
  '/problems/cursor-from-another-feed': 'The sync cursor is from another feed',
  '/problems/too-large': 'Too large',
  '/problems/range-not-satisfiable': 'Range not satisfiable',
  '/problems/rate-limited': 'Too many requests',
  '/problems/request-timeout': 'The request stopped arriving',
  '/problems/method-not-allowed': 'Method not allowed',
  '/problems/internal': 'Internal error',
};

/** The `title` of a problem type (the same for every problem of that type, RFC 9457 §3.1.4). */
export function problemTitle(type: ProblemType): string {
  return titles[type];
}

/** An error that becomes a problem response with the given status and type. */
export class ProblemError extends Error {
  readonly status: number;
  readonly type: ProblemType;
  readonly errors?: ProblemFieldError[];
  readonly headers?: Record<string, string>;
  /** Extension members of the problem document (e.g. `currentState`, `current`). */
  readonly members?: Partial<Pick<Problem, 'currentState' | 'current'>>;

  constructor(
    status: number,
    type: ProblemType,
    detail: string,
    extra: {
      errors?: ProblemFieldError[];
      headers?: Record<string, string>;
      members?: Partial<Pick<Problem, 'currentState' | 'current'>>;
    } = {},
  ) {
    super(detail);
    this.name = 'ProblemError';
    this.status = status;
    this.type = type;
    this.errors = extra.errors;
    this.headers = extra.headers;
    this.members = extra.members;
  }
}

/**
 * The most `errors[]` entries a problem lists: enough to fix a form, few enough that a hostile
 * request cannot make the answer (or the work to build it) large (docs/SECURITY.md, Reference service).
 */
export const maxProblemErrors = 10;

/** 400 `/problems/validation` with one entry per bad field (at most `maxProblemErrors`). */
export function validationProblem(errors: ProblemFieldError[], detail?: string): ProblemError {
  const summary = errors
    .slice(0, 5)
    .map((e) => `${e.pointer} ${e.detail}`)
    .join('; ');
  return new ProblemError(400, '/problems/validation', detail ?? `Fix the request and send it again: ${summary}.`, {
    errors: errors.slice(0, maxProblemErrors),
  });
}

/** 401 `/problems/unauthorized`. */
export function unauthorized(detail: string): ProblemError {
  return new ProblemError(401, '/problems/unauthorized', detail, { headers: { 'WWW-Authenticate': 'Bearer' } });
}

/** 404 `/problems/not-found` for a record kind and id. */
export function notFound(what: string, id?: string): ProblemError {
  return new ProblemError(404, '/problems/not-found', id ? `No ${what} with id ${id} exists.` : `No ${what} exists.`);
}

/**
 * 409 `/problems/conflict` for a state move the record's state does not allow (the state tables in
 * `api/openapi.yaml`); the document names the current state in `currentState`.
 */
export function stateConflict(what: string, id: string, currentState: string, action: string): ProblemError {
  return new ProblemError(409, '/problems/conflict', `The ${what} ${id} is ${currentState}; it cannot be ${action}.`, {
    members: { currentState },
  });
}

/** 409 `/problems/conflict` for a request that clashes with stored data (a duplicate, a cycle, a record in use). */
export function conflict(detail: string): ProblemError {
  return new ProblemError(409, '/problems/conflict', detail);
}

/**
 * 415 `/problems/unsupported-media-type` for a body in a media type the operation does not take
 * (RFC 9110 §15.5.16); `accepted` lists the media types it takes.
 */
export function unsupportedMediaType(accepted: readonly string[]): ProblemError {
  if (accepted.length === 0) {
    return new ProblemError(
      415,
      '/problems/unsupported-media-type',
      'This operation takes no body; send it without one.',
      {
        errors: [{ pointer: '/header/Content-Type', detail: 'must be absent: the operation takes no body' }],
      },
    );
  }
  const list = accepted.join(' or ');
  return new ProblemError(
    415,
    '/problems/unsupported-media-type',
    `This operation takes ${list}; send the body as ${list}.`,
    {
      errors: [{ pointer: '/header/Content-Type', detail: `must be ${list}` }],
    },
  );
}

/**
 * 415 `/problems/unsupported-media-type` for a request body sent with a content coding (RFC 9110
 * §8.4, §15.5.16): the service takes bodies only as they are, and says so with `Accept-Encoding: identity`.
 */
export function unsupportedContentCoding(coding: string): ProblemError {
  return new ProblemError(
    415,
    '/problems/unsupported-media-type',
    `Request bodies must not be content-coded (this one is ${coding.slice(0, 100)}); send the body without Content-Encoding.`,
    {
      errors: [{ pointer: '/header/Content-Encoding', detail: 'must be absent or identity' }],
      headers: { 'Accept-Encoding': 'identity' },
    },
  );
}

/** 403 `/problems/forbidden`. */
export function forbidden(detail: string): ProblemError {
  return new ProblemError(403, '/problems/forbidden', detail);
}

/** Builds the problem document for a request (within the contract's lengths and text rule). */
export function problemBody(request: FastifyRequest, error: ProblemError): Problem {
  const body: Problem = {
    type: error.type,
    title: titles[error.type],
    status: error.status,
    detail: cleanTextControls(error.message).slice(0, 2000),
    instance: request.url.split('?')[0].slice(0, 2000),
  };
  // Details may quote the request (a property name, a value): kept to the contract's text and lengths.
  if (error.errors?.length)
    body.errors = error.errors.map((e) => ({
      pointer: e.pointer.slice(0, 500),
      detail: cleanTextControls(e.detail).slice(0, 500),
    }));
  if (error.members) Object.assign(body, error.members);
  return body;
}

/** Sends a problem response. */
export function sendProblem(request: FastifyRequest, reply: FastifyReply, error: ProblemError): FastifyReply {
  if (error.headers) reply.headers(error.headers);
  return reply
    .code(error.status)
    .type('application/problem+json')
    .send(JSON.stringify(problemBody(request, error)));
}
