/** `useNow`: the current time (ms since epoch), refreshed every `intervalMs` so relative times stay true. */
import { useEffect, useState } from 'react';

/** Returns Date.now(), re-rendering the caller every `intervalMs` (default 30 000 ms). */
export function useNow(intervalMs = 30_000): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
}
