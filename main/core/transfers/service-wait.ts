/**
 * One shared wait for the service, for a queue of requests that all need it (the upload queue):
 * after a failure the queue waits the next full-jitter exponential backoff delay (sync/backoff.ts),
 * never less than Retry-After (RFC 9110 §10.2.3), then `onElapsed` lets one request probe; further
 * failures meanwhile do not start more timers, so a hundred waiting uploads cost one probe per delay.
 */
import { type BackoffOptions, backoffDelay } from '../sync/backoff';

/** The wait's state and controls. */
export interface ServiceWait {
  /** True while waiting. */
  waiting(): boolean;
  /** Why the queue waits, as shown to the user; null when not waiting. */
  reason(): string | null;
  /**
   * A request failed for want of the service: waits the next delay, or, when already waiting,
   * waits longer only if `retryAfterMs` (ms, from Retry-After) asks for it.
   */
  failed(reason: string, retryAfterMs?: number | null): void;
  /** The service answered: stops waiting, and the next failure starts again from the first delay. */
  answered(): void;
  /** Stops waiting (the queue pauses); the delays keep growing from where they were. */
  cancel(): void;
}

/** Creates a wait with `backoff` delays that calls `onElapsed` when a delay has passed. */
export function createServiceWait(backoff: BackoffOptions, onElapsed: () => void): ServiceWait {
  let current: { timer: NodeJS.Timeout; until: number; reason: string } | null = null;
  let failures = 0;

  function cancel(): void {
    if (current) clearTimeout(current.timer);
    current = null;
  }

  function waitFor(delayMs: number, reason: string): void {
    cancel();
    const timer = setTimeout(() => {
      current = null;
      onElapsed();
    }, delayMs);
    timer.unref();
    current = { timer, until: Date.now() + delayMs, reason };
  }

  return {
    waiting: () => current !== null,
    reason: () => current?.reason ?? null,
    failed(reason, retryAfterMs = null) {
      if (!current) waitFor(backoffDelay(failures++, backoff, retryAfterMs), reason);
      else if (retryAfterMs !== null && Date.now() + retryAfterMs > current.until) waitFor(retryAfterMs, reason);
    },
    answered() {
      failures = 0;
      cancel();
    },
    cancel,
  };
}
