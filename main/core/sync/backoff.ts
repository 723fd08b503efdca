/**
 * Retry delays: exponential backoff with "full jitter" (a uniformly random delay between 0 and
 * min(max, base · 2^attempt); AWS Architecture Blog, "Exponential Backoff And Jitter", 2015),
 * never shorter than what the service asked for with Retry-After (RFC 9110 §10.2.3).
 */

/** Backoff settings, ms. */
export interface BackoffOptions {
  /** Upper bound of the first delay. */
  baseMs: number;
  /** Cap of every delay (Retry-After may exceed it). */
  maxMs: number;
}

/** Default delays for sync retries and offline probes: up to 1 s at first, never over 60 s. */
export const defaultBackoff: BackoffOptions = { baseMs: 1000, maxMs: 60_000 };

/**
 * The delay before retry number `attempt` (0 for the first retry), ms. `retryAfterMs` (or null) is a
 * floor. `random` returns a number in [0, 1) (Math.random by default).
 */
export function backoffDelay(
  attempt: number,
  options: BackoffOptions,
  retryAfterMs: number | null = null,
  random = Math.random,
): number {
  const ceiling = Math.min(options.maxMs, options.baseMs * 2 ** Math.min(attempt, 30));
  const jittered = Math.floor(random() * ceiling);
  return retryAfterMs === null ? jittered : Math.max(jittered, retryAfterMs);
}
