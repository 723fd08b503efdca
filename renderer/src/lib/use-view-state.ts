/**
 * A view's share of the UI store: the record it shows (selected here, or opened from anywhere: the
 * command palette, a notification, a link on another record's page) and the actions other parts of
 * the app ask of it ("new" from the palette or the N key).
 */
import { useCallback, useEffect, useRef } from 'react';
import { useUi } from '../stores/stores-context';
import type { ViewName } from '../views/view-types';

/** The selected record id of `view` (null: none) and the function that selects another. */
export function useSelectedRecord(view: ViewName): [string | null, (id: string | null) => void] {
  const selected = useUi((state) => state.selected[view] ?? null);
  const select = useUi((state) => state.select);
  const set = useCallback((id: string | null) => select(view, id), [select, view]);
  return [selected, set];
}

/** Calls `handler` each time `view` is asked to perform `action` (once per request). */
export function useViewAction(view: ViewName, action: string, handler: () => void): void {
  const request = useUi((state) => state.request);
  const takeRequest = useUi((state) => state.takeRequest);
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    if (!request || request.view !== view || request.action !== action) return;
    takeRequest(request.seq);
    latest.current();
  }, [request, view, action, takeRequest]);
}
