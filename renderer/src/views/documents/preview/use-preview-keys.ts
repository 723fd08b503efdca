/**
 * The preview's keys while it is open: + and - zoom, 0 fits the width, PageUp and PageDown move
 * through a PDF's pages. Keys typed into a field, or with Ctrl, Alt or Meta, are left alone.
 */
import { useEffect, useRef } from 'react';

/** What each key does; a missing action leaves its key alone. */
export interface PreviewKeyActions {
  zoomIn?(): void;
  zoomOut?(): void;
  fit?(): void;
  previousPage?(): void;
  nextPage?(): void;
}

/** Listens for the preview keys while mounted. */
export function usePreviewKeys(actions: PreviewKeyActions): void {
  const latest = useRef(actions);
  latest.current = actions;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.altKey || event.metaKey || event.defaultPrevented) return;
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      const a = latest.current;
      const action =
        event.key === '+' || event.key === '='
          ? a.zoomIn
          : event.key === '-'
            ? a.zoomOut
            : event.key === '0'
              ? a.fit
              : event.key === 'PageUp'
                ? a.previousPage
                : event.key === 'PageDown'
                  ? a.nextPage
                  : undefined;
      if (!action) return;
      event.preventDefault();
      action();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}
