/**
 * Retries of one action through transient failures: no answer (offline), 429, 502, 503 and 504,
 * waiting with full-jitter backoff and never sooner than Retry-After. Other failures are thrown at once.
 */
import { ServiceError } from '../errors';
import { type BackoffOptions, backoffDelay } from '../sync/backoff';

/** True for failures worth another try. */
export function isTransient(err: unknown): boolean {
  return err instanceof ServiceError && [0, 429, 502, 503, 504].includes(err.status);
}

/** Waits `ms`, or rejects with the signal's reason when it aborts first. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** Runs `action` up to `attempts` times while it fails transiently; `action` gets the attempt number (0-based). */
export async function withRetries<T>(
  action: (attempt: number) => Promise<T>,
  signal: AbortSignal,
  attempts = 3,
  backoff: BackoffOptions = { baseMs: 500, maxMs: 10_000 },
): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await action(attempt);
    } catch (err) {
      if (attempt + 1 >= attempts || !isTransient(err) || signal.aborted) throw err;
      await sleep(backoffDelay(attempt, backoff, (err as ServiceError).retryAfterMs), signal);
    }
  }
}
