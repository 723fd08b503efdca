/**
 * Maps a failed HTTP answer to a user-facing ServiceError. Problem documents follow RFC 9457
 * (`application/problem+json`); Retry-After follows RFC 9110 §10.2.3 (seconds or an HTTP date).
 */
import type { BridgeErrorCode } from '../../../preload/contract';
import { ServiceError } from '../errors';

/** The fields of a problem document the core shows; anything else in the body is ignored. */
export interface ProblemSummary {
  title: string | null;
  detail: string | null;
  errors: { pointer: string; detail: string }[];
  /** A 412's current record (`current`), unvalidated; null when absent. */
  current: unknown;
}

/** Reads a problem document leniently: a body that is not one gives empty fields. */
export function parseProblem(body: unknown): ProblemSummary {
  const summary: ProblemSummary = { title: null, detail: null, errors: [], current: null };
  if (!body || typeof body !== 'object') return summary;
  const record = body as Record<string, unknown>;
  if (typeof record.title === 'string') summary.title = record.title.slice(0, 200);
  if (typeof record.detail === 'string') summary.detail = record.detail.slice(0, 2000);
  if (record.current && typeof record.current === 'object') summary.current = record.current;
  if (Array.isArray(record.errors)) {
    for (const item of record.errors.slice(0, 10)) {
      const e = item as Record<string, unknown>;
      if (typeof e?.pointer === 'string' && typeof e.detail === 'string')
        summary.errors.push({ pointer: e.pointer, detail: e.detail });
    }
  }
  return summary;
}

/** Parses Retry-After into ms from `now` (ms since epoch); null when absent or unreadable. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}

function codeFor(status: number): BridgeErrorCode {
  if (status === 400 || status === 422) return 'invalid_input';
  if (status === 401 || status === 403) return 'unauthorized';
  if (status === 404) return 'not_found';
  if (status === 409 || status === 412) return 'conflict';
  if (status === 413) return 'too_large';
  return 'server_error';
}

function adviceFor(status: number): string {
  if (status === 401) return 'Sign in again.';
  if (status === 403) return 'Your account is not allowed to do this; ask your administrator.';
  if (status === 404) return 'It may have been deleted; wait for the next sync.';
  // 409: the record's state or other stored data does not allow this; 412: a newer version exists (api/openapi.yaml, responses Conflict and PreconditionFailed).
  if (status === 409)
    return 'The service does not allow this as things stand; its reason above says what must change first.';
  if (status === 412) return 'Someone else changed it; look at the current version and try again.';
  if (status === 413) return 'Choose a smaller file.';
  if (status === 429 || status === 503) return 'The service is busy; BRM Desktop tries again shortly.';
  if (status >= 500) return 'Try again in a few minutes; if it keeps happening, contact your administrator.';
  return 'Check what you entered and try again.';
}

/** Builds the ServiceError for an HTTP answer with a failure `status`, its body and its Retry-After header. */
export function errorFromResponse(status: number, body: unknown, retryAfter: string | null): ServiceError {
  const problem = parseProblem(body);
  const parts = [problem.title, problem.detail].filter((p): p is string => !!p && p.length > 0);
  const fields = problem.errors.map((e) => `${e.pointer.split('/').pop()}: ${e.detail}`).join('; ');
  const said = parts.length > 0 ? `: ${parts.join(' — ')}` : '';
  // The service's own sentence may end with a full stop already; the message adds one after it.
  const message = `The BRM service answered ${status}${said}${fields ? ` (${fields})` : ''}`.replace(/\.+$/, '');
  return new ServiceError(codeFor(status), `${message}. ${adviceFor(status)}`, status, parseRetryAfter(retryAfter), {
    title: problem.title,
    detail: problem.detail,
    errors: problem.errors.map((e) => ({ pointer: e.pointer, message: e.detail })),
    current: problem.current,
  });
}
