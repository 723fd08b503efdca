/**
 * `useDebouncedValue`: a value that follows its input without re-running work on every keystroke.
 * With `leading`, a change after a quiet spell of `delayMs` goes through at once (a single
 * keystroke paints its results right away); changes in a burst settle `delayMs` after the last one.
 */
import { useEffect, useRef, useState } from 'react';

/** Returns `value` debounced by `delayMs` ms (search as you type: ~100 ms), optionally leading-edge. */
export function useDebouncedValue<T>(value: T, delayMs: number, leading = false): T {
  const [settled, setSettled] = useState(value);
  const lastChange = useRef(Number.NEGATIVE_INFINITY);

  useEffect(() => {
    const now = performance.now();
    const quiet = now - lastChange.current >= delayMs;
    lastChange.current = now;
    if (leading && quiet) {
      setSettled(value);
      return;
    }
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs, leading]);

  return settled;
}
