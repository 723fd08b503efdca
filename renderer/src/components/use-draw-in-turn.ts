/**
 * `useDrawInTurn`: heavy drawings (the app's charts) are drawn once they come near the screen, one
 * drawing per task, so a view of many charts paints its words at once and no drawing holds the
 * page up for long (docs/PERFORMANCE.md, the sales views: no task over 50 ms). Where the browser
 * cannot tell what is in sight (no IntersectionObserver), everything is drawn at once.
 */
import { type RefObject, useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

/** Drawings waiting for their turn, first come first drawn. */
const waiting: Array<() => void> = [];
let scheduled = false;

/** Draws the next waiting drawing in a task of its own, then schedules the one after. */
function drawNext(): void {
  scheduled = false;
  waiting.shift()?.();
  if (waiting.length > 0) schedule();
}

function schedule(): void {
  if (scheduled) return;
  scheduled = true;
  setTimeout(drawNext, 0);
}

/** How far outside the screen a drawing starts, CSS pixels (it is drawn before it scrolls into sight). */
const aheadPx = 300;

/**
 * True once the element of `ref` came within `aheadPx` of the screen and its turn came; the caller
 * shows a box of the same size until then.
 */
export function useDrawInTurn(ref: RefObject<Element | null>): boolean {
  const [drawn, setDrawn] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const element = ref.current;
    if (drawn || !element) return;
    let cancelled = false;
    const turn = () => {
      // Drawn and committed in this task, not batched with the next drawing.
      if (!cancelled) flushSync(() => setDrawn(true));
    };
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        waiting.push(turn);
        schedule();
      },
      { rootMargin: `${aheadPx}px` },
    );
    observer.observe(element);
    return () => {
      cancelled = true;
      observer.disconnect();
      const index = waiting.indexOf(turn);
      if (index >= 0) waiting.splice(index, 1);
    };
  }, [drawn, ref]);
  return drawn;
}
