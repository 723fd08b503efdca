/**
 * Long polls of the change feed (`Get changes` with `Prefer: wait=N`, RFC 7240 §4.3): requests
 * that found no change after their cursor wait here until the feed records one, their time is up,
 * their client goes away, or the service stops. A write wakes every waiter once, after the
 * synchronous write that recorded it has finished (so a woken request reads it committed); each
 * waiter reads its own page again and waits on if the change was not for it.
 */

/** The waiting requests of one feed. */
export class FeedWaits {
  /** The longest a request may wait, seconds (0: requests are never held). */
  maxSeconds = maxFeedWaitSeconds;
  private readonly waiters = new Set<() => void>();
  private wakeQueued = false;
  private ended = false;

  /** True once the service is stopping: nobody waits any more. */
  get stopping(): boolean {
    return this.ended;
  }

  /** A change was recorded: wakes every waiter once the current synchronous work is done. */
  changed(): void {
    if (this.waiters.size === 0 || this.wakeQueued) return;
    this.wakeQueued = true;
    queueMicrotask(() => {
      this.wakeQueued = false;
      this.wakeAll();
    });
  }

  /**
   * Resolves at the next change, after `ms`, when `signal` aborts, or when the service stops,
   * whichever comes first; at once when it is stopping already.
   */
  wait(ms: number, signal: AbortSignal): Promise<void> {
    if (this.ended || signal.aborted || ms <= 0) return Promise.resolve();
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', done);
        this.waiters.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      signal.addEventListener('abort', done, { once: true });
      this.waiters.add(done);
    });
  }

  /** The service stops: every waiter answers now and no request waits from now on. */
  end(): void {
    this.ended = true;
    this.wakeAll();
  }

  private wakeAll(): void {
    for (const wake of [...this.waiters]) wake();
  }
}

/** The longest wait a request may ask for, seconds. */
export const maxFeedWaitSeconds = 30;

/**
 * The `wait` preference of a `Prefer` header value (RFC 7240: comma-separated preferences, each
 * `token[=value]`, parameters after `;`), capped at `max` seconds; null when it asks for none.
 */
export function preferredWaitSeconds(prefer: string | undefined, max = maxFeedWaitSeconds): number | null {
  if (!prefer) return null;
  for (const preference of prefer.split(',')) {
    const [head] = preference.split(';');
    const match = /^\s*wait\s*=\s*"?(\d{1,6})"?\s*$/i.exec(head);
    if (match) return Math.min(Number(match[1]), max);
  }
  return null;
}
