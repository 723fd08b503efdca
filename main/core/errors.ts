/**
 * Error values the core throws. Every user-facing failure is a `BridgeError` (preload/contract.ts)
 * whose message says what happened and what to do. `ServiceError` adds what the HTTP layer knows
 * (status, Retry-After) so that sync can back off and rebuild.
 */
import { BridgeError, type BridgeErrorCode, type FieldError } from '../../preload/contract';

/** What a problem document (RFC 9457) said, beyond its status: its words, its field errors, and the current record of a 412. */
export interface ProblemDetails {
  title: string | null;
  detail: string | null;
  /** Field errors with JSON pointers into the request body. */
  errors: FieldError[];
  /** The record as the service holds it now (412 `current`), or null. */
  current: unknown;
}

/** A failure talking to the service. `status` is the HTTP status, or 0 when no answer came. */
export class ServiceError extends BridgeError {
  /** HTTP status; 0 for a network failure or timeout. */
  readonly status: number;
  /** How long the service asked us to wait (Retry-After), ms; null when it did not say. */
  readonly retryAfterMs: number | null;
  /** The problem document's content, when the service sent one. */
  readonly problem: ProblemDetails | null;
  constructor(
    code: BridgeErrorCode,
    message: string,
    status: number,
    retryAfterMs: number | null = null,
    problem: ProblemDetails | null = null,
  ) {
    super(code, message, problem?.errors.length ? problem.errors : undefined);
    this.name = 'ServiceError';
    this.status = status;
    this.retryAfterMs = retryAfterMs;
    this.problem = problem;
  }
}

/** The error for "no answer from the service at `serverUrl`". */
export function offlineError(
  serverUrl: string,
  what = 'BRM Desktop keeps your data available and retries by itself.',
): ServiceError {
  return new ServiceError(
    'offline',
    `Can't reach the BRM service at ${serverUrl}. Check your network connection and that the server is running. ${what}`,
    0,
  );
}

/** The error for "the session is over": the refresh token no longer works. */
export function signedOutError(): BridgeError {
  return new BridgeError('unauthorized', 'Your session has ended. Sign in again to continue.');
}

/** True when `err` is an AbortError (from an AbortSignal, e.g. a cancelled transfer or a stopped sync). */
export function isAbortError(err: unknown): boolean {
  return err instanceof Error && (err.name === 'AbortError' || (err as { code?: string }).code === 'ABORT_ERR');
}

/** Turns anything thrown into a user-facing message (BridgeError messages pass through). */
export function describeError(err: unknown): string {
  if (err instanceof BridgeError) return err.message;
  return `Something went wrong in BRM Desktop (${err instanceof Error ? err.message : String(err)}). Try again.`;
}
