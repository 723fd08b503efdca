/**
 * Page-by-page reading of a list the service pages with `cursor`/`nextCursor` (api/openapi.yaml:
 * "Lists take `limit` and an opaque `cursor`"): the cursor of the page shown, "Next page" with the
 * cursor the page gave, "Previous page" back through the cursors taken. Starts over when `resetKey`
 * changes (another filter). Used by the campaign list and a campaign's recipients.
 */
import { useCallback, useState } from 'react';

/** Where the reader is: the page's cursor (null: the first), its number (1 first), and the moves. */
export interface CursorPages {
  cursor: string | null;
  page: number;
  next(cursor: string): void;
  previous(): void;
}

/** Holds the cursors taken so far for the list keyed by `resetKey`. */
export function useCursorPages(resetKey: string): CursorPages {
  const [state, setState] = useState<{ key: string; cursors: string[] }>({ key: resetKey, cursors: [] });
  const cursors = state.key === resetKey ? state.cursors : [];
  const next = useCallback(
    (cursor: string) => setState({ key: resetKey, cursors: [...cursors, cursor] }),
    [resetKey, cursors],
  );
  const previous = useCallback(() => setState({ key: resetKey, cursors: cursors.slice(0, -1) }), [resetKey, cursors]);
  return { cursor: cursors.at(-1) ?? null, page: cursors.length + 1, next, previous };
}
