/**
 * `useRecordListSelection`: the selection of a `VirtualList` kept in the UI store as the view's
 * selected record (`useSelectedRecord`), so a record opened from anywhere (the command palette, a
 * link on another record's page) is the selected one, and picking a row is what other parts of the
 * app see. The keyboard's position (`activeIndex`) stays local to the list. Same shape as
 * `useListSelection`.
 */
import { useCallback, useEffect, useState } from 'react';
import { useSelectedRecord } from '../lib/use-view-state';
import type { ViewName } from '../views/view-types';
import type { ListSelection } from './use-list-selection';

/**
 * Selection of `view`'s record over rows read with `getRow`. An index whose row is still loading
 * is selected once its row arrives (the caller re-renders when windows arrive).
 */
export function useRecordListSelection<T extends { id: string }>(
  view: ViewName,
  getRow: (index: number) => T | undefined,
): ListSelection {
  const [selectedId, select] = useSelectedRecord(view);
  const [activeIndex, setActiveIndex] = useState(-1);
  const [waitingIndex, setWaitingIndex] = useState<number | null>(null);

  const activate = useCallback(
    (index: number) => {
      setActiveIndex(index);
      const id = getRow(index)?.id;
      if (id) {
        setWaitingIndex(null);
        select(id);
      } else setWaitingIndex(index);
    },
    [getRow, select],
  );

  // A row picked while its window was loading: select it once it is there.
  const waitingRowId = waitingIndex === null ? undefined : getRow(waitingIndex)?.id;
  useEffect(() => {
    if (!waitingRowId) return;
    setWaitingIndex(null);
    select(waitingRowId);
  }, [waitingRowId, select]);

  const resetIndex = useCallback(() => {
    setActiveIndex(-1);
    setWaitingIndex(null);
  }, []);

  return { activeIndex, selectedId, activate, resetIndex };
}
