/**
 * The Branch Locator's list, nearest first: each branch with its distance, kind, company and place;
 * the chosen one shows its details (branch-details.tsx: `branches.get`, with a link to its company)
 * and can be searched from. It is the primary way to use the locator: an ordered list of buttons
 * reached with Tab, each naming its branch and distance.
 *
 * Up to `maxLocated` branches are listed, so only those in sight are drawn (@tanstack/react-virtual,
 * heights measured: the chosen one is taller with its details), each item saying its place in the
 * whole list (`aria-setsize`, `aria-posinset`). The chosen item and the one holding the focus stay
 * drawn when scrolled away, so focus is never lost; Tab moves on to the next item, which the list
 * draws as it comes into sight. A branch chosen on the map is scrolled to and takes the focus
 * (`reveal`). Positions are set through the DOM (React's style property), never
 * as style attributes in markup (docs/SECURITY.md, the renderer's Content Security Policy).
 */
import { defaultRangeExtractor, type Range, useVirtualizer } from '@tanstack/react-virtual';
import { type Ref, useCallback, useEffect, useImperativeHandle, useRef, useState } from 'react';
import type { LocatedBranch } from '../../../../preload/contract';
import { SyncStateBadge } from '../../components/sync-state-badge';
import { branchKindLabel } from '../companies/related-labels';
import { BranchDetails } from './branch-details';
import { branchPlace, branchSyncState, formatDistance } from './branch-words';

/** An item's height before it is measured, px (name, kind and company, place). */
const estimatedItemPx = 76;
/** Items drawn beyond the list's edges on each side. */
const overscan = 6;

/** Imperative access to the list. */
export interface LocatorListHandle {
  /** Scrolls branch `id`'s item into view and moves the focus to it (a branch chosen on the map). */
  reveal(id: string): void;
}

export interface LocatorListProps {
  items: LocatedBranch[];
  selectedId: string | null;
  onSelect(id: string): void;
  /** Search again from this branch's position. */
  onSearchFrom(item: LocatedBranch): void;
  ref?: Ref<LocatorListHandle>;
}

/** The DOM id of branch `id`'s item. */
function locatorItemId(id: string): string {
  return `locator-item-${id}`;
}

/** The main button of branch `id`'s item, when it is drawn. */
function itemButton(id: string): HTMLElement | null {
  return document.getElementById(locatorItemId(id))?.querySelector<HTMLElement>('.locator-item-main') ?? null;
}

/** Renders the list (an ordered list: its order is the answer). */
export function LocatorList({ items, selectedId, onSelect, onSearchFrom, ref }: LocatorListProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const [focusedIndex, setFocusedIndex] = useState(-1);
  const selectedIndex = selectedId === null ? -1 : items.findIndex((item) => item.row.branch.id === selectedId);
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimatedItemPx,
    overscan,
    gap: 4,
    getItemKey: (index) => items[index].row.branch.id,
    // The chosen item and the focused one are drawn even when scrolled out of sight.
    rangeExtractor: useCallback(
      (range: Range) => {
        const drawn = defaultRangeExtractor(range);
        const kept = new Set(
          [selectedIndex, focusedIndex].filter((i) => i >= 0 && i < range.count && !drawn.includes(i)),
        );
        return kept.size === 0 ? drawn : [...drawn, ...kept].sort((a, b) => a - b);
      },
      [selectedIndex, focusedIndex],
    ),
  });

  // A branch revealed from the map takes the focus once its item is drawn (at the latest on the
  // render that shows it chosen: the chosen item is always drawn).
  const pendingFocus = useRef<string | null>(null);
  useEffect(() => {
    const id = pendingFocus.current;
    const button = id === null ? null : itemButton(id);
    if (!button) return;
    pendingFocus.current = null;
    button.focus({ preventScroll: true });
  });

  useImperativeHandle(
    ref,
    () => ({
      reveal(id) {
        const index = items.findIndex((item) => item.row.branch.id === id);
        if (index < 0) return;
        virtualizer.scrollToIndex(index, { align: 'auto' });
        const button = itemButton(id);
        if (button) button.focus({ preventScroll: true });
        else pendingFocus.current = id;
      },
    }),
    [items, virtualizer],
  );

  return (
    <div ref={scrollRef} className="locator-list-scroll">
      <ol
        className="locator-list"
        aria-label="Branches found, nearest first"
        style={{ height: virtualizer.getTotalSize() }}
      >
        {virtualizer.getVirtualItems().map((virtual) => {
          const index = virtual.index;
          const item = items[index];
          const { branch } = item.row;
          const selected = branch.id === selectedId;
          return (
            <li
              key={virtual.key}
              ref={virtualizer.measureElement}
              data-index={index}
              id={locatorItemId(branch.id)}
              className={`locator-item${selected ? ' locator-item-selected' : ''}`}
              aria-current={selected ? 'true' : undefined}
              aria-setsize={items.length}
              aria-posinset={index + 1}
              style={{ transform: `translateY(${virtual.start}px)` }}
              onFocus={() => setFocusedIndex(index)}
              onBlur={() => setFocusedIndex((current) => (current === index ? -1 : current))}
            >
              <button
                type="button"
                className="locator-item-main"
                aria-expanded={selected}
                onClick={() => onSelect(branch.id)}
              >
                <span className="locator-item-number" aria-hidden="true">
                  {index + 1}
                </span>
                <span className="locator-item-text">
                  <span className="locator-item-name">
                    {branch.name} <SyncStateBadge state={branchSyncState(item.row)} />
                  </span>
                  <span className="locator-item-detail">
                    {branchKindLabel[branch.kind] ?? branch.kind}
                    {item.companyName ? ` · ${item.companyName}` : ''}
                  </span>
                  <span className="locator-item-detail">{branchPlace(branch)}</span>
                  {branch.openingHours ? <span className="locator-item-detail">{branch.openingHours}</span> : null}
                </span>
                <span className="locator-item-distance">{formatDistance(item.distanceKm)}</span>
              </button>
              {selected ? (
                <BranchDetails id={branch.id} found={item.row}>
                  <button type="button" className="button button-small button-quiet" onClick={() => onSearchFrom(item)}>
                    Search from this branch
                  </button>
                </BranchDetails>
              ) : null}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
