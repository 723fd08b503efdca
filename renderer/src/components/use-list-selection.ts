/**
 * `useListSelection`: the selected row of a `VirtualList`, kept by id (so the detail stays put when
 * rows move) and by index (where the keyboard moves from).
 */
import { useCallback, useState } from 'react';

export interface ListSelection {
  /** Index the keyboard moves from, -1 when none. */
  activeIndex: number;
  /** Id of the selected row, or null. */
  selectedId: string | null;
  /** Selects the row at `index`. */
  activate(index: number): void;
  /** Forgets the index (the rows changed) but keeps the selected id. */
  resetIndex(): void;
}

/** Selection over rows read with `getRow`. An index whose row is still loading resolves once it arrives. */
export function useListSelection<T extends { id: string }>(getRow: (index: number) => T | undefined): ListSelection {
  const [selection, setSelection] = useState<{ index: number; id: string | null }>({ index: -1, id: null });
  const activate = useCallback((index: number) => setSelection({ index, id: getRow(index)?.id ?? null }), [getRow]);
  const resetIndex = useCallback(
    () =>
      setSelection((current) => ({
        index: -1,
        id: current.id ?? (current.index >= 0 ? (getRow(current.index)?.id ?? null) : null),
      })),
    [getRow],
  );
  const selectedId = selection.id ?? (selection.index >= 0 ? (getRow(selection.index)?.id ?? null) : null);
  return { activeIndex: selection.index, selectedId, activate, resetIndex };
}
