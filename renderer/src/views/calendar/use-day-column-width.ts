/**
 * `useDayColumnWidth`: the width in px of one day column of the week or day view's time grid, kept
 * current as the window or the view changes, for the readable day layout (`readable-day-layout.ts`).
 */
import { type RefObject, useLayoutEffect, useState } from 'react';

/** The width assumed before the grid is measured (and where nothing can be measured). */
const fallbackPx = 120;

/** Measures the first day column inside `container`; `layoutKey` names the view whose columns to measure. */
export function useDayColumnWidth(container: RefObject<HTMLElement | null>, layoutKey: string): number {
  const [width, setWidth] = useState(fallbackPx);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new view (`layoutKey`) draws new columns to measure.
  useLayoutEffect(() => {
    const root = container.current;
    if (!root) return;
    const measure = () => {
      const column = root.querySelector('.rbc-time-content > .rbc-day-slot');
      const measured = column?.getBoundingClientRect().width ?? 0;
      if (measured > 0) setWidth(Math.round(measured));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(root);
    return () => observer.disconnect();
  }, [container, layoutKey]);
  return width;
}
