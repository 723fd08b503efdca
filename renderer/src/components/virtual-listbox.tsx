/**
 * The pieces a virtualized listbox is built from, shared by `VirtualList` (one option per row) and
 * the documents' `DocumentGrid` (a row of cards per virtual row): the scroll element and its
 * virtualizer (@tanstack/react-virtual) with the first and last rendered row, the move that ends a
 * handled key press, the listbox frame and its options.
 *
 * WAI-ARIA listbox pattern: focus stays on the listbox and `aria-activedescendant` names the active
 * option, so options take no focus and are picked with the listbox's own keyboard handling.
 */
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  type CSSProperties,
  type KeyboardEvent,
  type KeyboardEventHandler,
  type ReactNode,
  type RefObject,
  useEffect,
  useRef,
} from 'react';

/** Options of `useVirtualRows`. */
export interface VirtualRowsOptions {
  /** Number of virtual rows. */
  count: number;
  /** Fixed height of a virtual row, px. */
  rowHeight: number;
  /** Rows rendered beyond the viewport on each side. */
  overscan: number;
  /** Scrolls back to the top whenever this changes (a new query or folder). */
  resetKey?: string;
}

/**
 * The scroll element's ref, its virtualizer, the virtual rows to render and the index of the first
 * and last of them (0 when none); scrolls to the top whenever `resetKey` changes.
 */
export function useVirtualRows({ count, rowHeight, overscan, resetKey }: VirtualRowsOptions) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => rowHeight,
    overscan,
  });
  const items = virtualizer.getVirtualItems();
  const first = items.length > 0 ? items[0].index : 0;
  const last = items.length > 0 ? items[items.length - 1].index : 0;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `resetKey` is the trigger by design.
  useEffect(() => {
    if (scrollRef.current) scrollRef.current.scrollTop = 0;
  }, [resetKey]);

  /**
   * Ends a handled key press: keeps the browser from acting on it, clamps `next` to the options
   * (0 to `total` - 1), activates it and scrolls its virtual row (`rowOf(next)`) into view.
   */
  function moveTo(
    event: KeyboardEvent<HTMLDivElement>,
    next: number,
    total: number,
    onActivate: (index: number) => void,
    rowOf: (index: number) => number = (index) => index,
  ) {
    event.preventDefault();
    const index = Math.max(0, Math.min(total - 1, next));
    onActivate(index);
    virtualizer.scrollToIndex(rowOf(index), { align: 'auto' });
  }

  return { scrollRef, virtualizer, items, first, last, moveTo };
}

/** Props of `ListboxFrame`. */
export interface ListboxFrameProps {
  scrollRef: RefObject<HTMLDivElement | null>;
  /** Accessible name of the listbox, e.g. "Contacts". */
  label: string;
  /** The active option's element id, or undefined when it is not rendered. */
  activeDescendant: string | undefined;
  /** Class of the scroll element; its sizer gets the same name with `-sizer`. */
  className: string;
  onKeyDown: KeyboardEventHandler<HTMLDivElement>;
  /** Height of all virtual rows together, px. */
  totalSize: number;
  children: ReactNode;
}

/** The focusable listbox (the scroll element) with the sizer that holds the rendered rows. */
export function ListboxFrame(props: ListboxFrameProps) {
  const { scrollRef, label, activeDescendant, className, onKeyDown, totalSize, children } = props;
  return (
    <div
      ref={scrollRef}
      role="listbox"
      aria-label={label}
      tabIndex={0}
      aria-activedescendant={activeDescendant}
      className={className}
      onKeyDown={onKeyDown}
    >
      <div className={`${className}-sizer`} style={{ height: totalSize }}>
        {children}
      </div>
    </div>
  );
}

/** Props of `ListboxOption`. */
export interface ListboxOptionProps {
  id: string;
  /** Position among all options, from 0. */
  index: number;
  /** Number of options in the result set. */
  total: number;
  selected: boolean;
  className: string;
  style?: CSSProperties;
  /** The user clicked the option. */
  onActivate(index: number): void;
  children: ReactNode;
}

/** One option of a virtualized listbox, with its position in the whole set. */
export function ListboxOption(props: ListboxOptionProps) {
  const { id, index, total, selected, className, style, onActivate, children } = props;
  return (
    // Options are picked with the listbox's own keyboard handling (see module docs), so they take no focus.
    // biome-ignore lint/a11y/useKeyWithClickEvents: keyboard handled by the listbox.
    // biome-ignore lint/a11y/useFocusableInteractive: focus stays on the listbox (aria-activedescendant).
    <div
      id={id}
      role="option"
      aria-selected={selected}
      aria-setsize={total}
      aria-posinset={index + 1}
      className={className}
      style={style}
      onClick={() => onActivate(index)}
    >
      {children}
    </div>
  );
}
