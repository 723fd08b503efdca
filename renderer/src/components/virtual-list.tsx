/**
 * `VirtualList`: a keyboard-navigable listbox that renders only the rows in view
 * (@tanstack/react-virtual), used by the contacts and documents views. Rows come from
 * `useRowWindows`; rows whose window is still loading show a placeholder.
 *
 * Rows are memoized: a render of the list (a keystroke in a search field, a scroll, a new selection)
 * re-renders only the rows whose content, position or state changed, so pass a `renderRow` that
 * keeps its identity (a module-level function or a `useCallback`).
 *
 * Keyboard (WAI-ARIA listbox pattern, focus stays on the list, `aria-activedescendant` names the
 * active row): Up/Down move by one, PageUp/PageDown by a screenful, Home/End to the ends;
 * selection follows the active row.
 */
import { type KeyboardEvent, memo, type ReactNode, type Ref, useEffect, useId, useImperativeHandle } from 'react';
import { ListboxFrame, ListboxOption, useVirtualRows } from './virtual-listbox';

export interface VirtualListProps<T extends { id: string }> {
  /** Accessible name of the listbox, e.g. "Contacts". */
  label: string;
  /** Number of rows in the result set. */
  total: number;
  getRow(index: number): T | undefined;
  /** Called with the first and last row index rendered (inclusive), whenever they change. */
  onRangeChange(first: number, last: number): void;
  /** Fixed row height, px. */
  rowHeight: number;
  /**
   * Row content. A row is named by its content (put the primary text, e.g. the contact's full name,
   * first), so what a screen reader reads is what the user sees. Keep its identity stable (see the
   * module docs): a new function re-renders every row.
   */
  renderRow(row: T, context: { selected: boolean }): ReactNode;
  selectedId: string | null;
  /** Index the keyboard moves from (-1: none yet). */
  activeIndex: number;
  /** The user picked the row at `index` (click or keyboard). */
  onActivate(index: number): void;
  /** Scrolls back to the top whenever this changes (a new query or folder). */
  resetKey?: string;
  /** Receives `focus()` for moving focus into the list from elsewhere (e.g. the search field). */
  ref?: Ref<VirtualListHandle>;
}

/** Imperative access to a `VirtualList`. */
export interface VirtualListHandle {
  focus(): void;
}

/** Renders the virtualized listbox (see module docs). */
export function VirtualList<T extends { id: string }>(props: VirtualListProps<T>) {
  const { label, total, getRow, onRangeChange, rowHeight, renderRow, selectedId, activeIndex, onActivate } = props;
  const baseId = useId();
  const { scrollRef, virtualizer, items, first, last, moveTo } = useVirtualRows({
    count: total,
    rowHeight,
    // Rows beyond the viewport on each side: enough to cover a wheel notch or a PageDown before the
    // next render, few enough that a jump renders little (docs/PERFORMANCE.md row 6: no task over 50 ms in a scroll).
    overscan: 6,
    resetKey: props.resetKey,
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: `scrollRef` keeps its identity.
  useImperativeHandle(props.ref, () => ({ focus: () => scrollRef.current?.focus() }), []);

  useEffect(() => {
    if (total > 0) onRangeChange(first, last);
  }, [first, last, total, onRangeChange]);

  function move(event: KeyboardEvent<HTMLDivElement>) {
    if (total === 0) return;
    const page = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? rowHeight * 10) / rowHeight) - 1);
    const from = activeIndex;
    let next: number;
    switch (event.key) {
      case 'ArrowDown':
        next = from < 0 ? 0 : from + 1;
        break;
      case 'ArrowUp':
        next = from < 0 ? 0 : from - 1;
        break;
      case 'PageDown':
        next = from + page;
        break;
      case 'PageUp':
        next = from - page;
        break;
      case 'Home':
        next = 0;
        break;
      case 'End':
        next = total - 1;
        break;
      default:
        return;
    }
    moveTo(event, next, total, onActivate);
  }

  const activeRow = activeIndex >= 0 ? getRow(activeIndex) : undefined;
  const activeInView = activeRow && activeIndex >= first && activeIndex <= last;

  return (
    <ListboxFrame
      scrollRef={scrollRef}
      label={label}
      activeDescendant={activeInView ? `${baseId}-row-${activeIndex}` : undefined}
      className="virtual-list"
      onKeyDown={move}
      totalSize={virtualizer.getTotalSize()}
    >
      {items.map((item) => {
        const row = getRow(item.index);
        return (
          <VirtualRow<T>
            key={item.key}
            id={`${baseId}-row-${item.index}`}
            index={item.index}
            start={item.start}
            size={item.size}
            total={total}
            row={row}
            selected={row !== undefined && row.id === selectedId}
            active={item.index === activeIndex}
            renderRow={renderRow}
            onActivate={onActivate}
          />
        );
      })}
    </ListboxFrame>
  );
}

interface VirtualRowProps<T extends { id: string }> {
  id: string;
  index: number;
  /** Offset from the top of the list, px. */
  start: number;
  /** Height, px. */
  size: number;
  total: number;
  /** The row, or undefined while its window loads (a placeholder shows). */
  row: T | undefined;
  selected: boolean;
  active: boolean;
  renderRow: VirtualListProps<T>['renderRow'];
  onActivate(index: number): void;
}

/** One row of the list (an option), or its placeholder; re-renders only when its props change. */
const VirtualRow = memo(function VirtualRow<T extends { id: string }>(props: VirtualRowProps<T>) {
  const { id, index, start, size, total, row, selected, active, renderRow, onActivate } = props;
  const position = { height: size, transform: `translateY(${start}px)` };
  if (!row) {
    return (
      <div className="virtual-row virtual-row-placeholder" style={position}>
        <span className="skeleton-line" />
        <span className="skeleton-line skeleton-line-short" />
      </div>
    );
  }
  return (
    <ListboxOption
      id={id}
      index={index}
      total={total}
      selected={selected}
      className={active ? 'virtual-row virtual-row-active' : 'virtual-row'}
      style={position}
      onActivate={onActivate}
    >
      {renderRow(row, { selected })}
    </ListboxOption>
  );
}) as <T extends { id: string }>(props: VirtualRowProps<T>) => ReactNode;
