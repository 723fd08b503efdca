/** A concurrency limit: at most `n` actions run at once; the others wait in order. */

/** Runs actions with at most `n` at a time. */
export interface Limiter {
  run<T>(action: () => Promise<T>): Promise<T>;
  /** Resolves when no action runs or waits. */
  idle(): Promise<void>;
}

/** Creates a limiter for `n` (≥ 1) concurrent actions. */
export function createLimiter(n: number): Limiter {
  let active = 0;
  const waiting: (() => void)[] = [];
  let idleWaiters: (() => void)[] = [];
  return {
    async run(action) {
      if (active >= n) await new Promise<void>((resolve) => waiting.push(resolve));
      active++;
      try {
        return await action();
      } finally {
        active--;
        waiting.shift()?.();
        if (active === 0 && waiting.length === 0) {
          for (const resolve of idleWaiters) resolve();
          idleWaiters = [];
        }
      }
    },
    idle() {
      if (active === 0 && waiting.length === 0) return Promise.resolve();
      return new Promise<void>((resolve) => idleWaiters.push(resolve));
    },
  };
}
