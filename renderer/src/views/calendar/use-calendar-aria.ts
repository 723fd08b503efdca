/**
 * `useCalendarAria`: repairs gaps in react-big-calendar's ARIA table of divs, after each render,
 * by adding attributes it never sets itself (so React's own updates are not disturbed):
 * - month-view and all-day events are plain divs with a click handler: each becomes a button with
 *   a tab stop (Enter and Space reach `onKeyPressEvent`; its name is its content, `EventContent`);
 * - those events and the month view's "+N more" buttons sit in ARIA rows without a cell (axe:
 *   aria-required-children): each row segment becomes a cell;
 * - the week and day views' header (day names and all-day events) holds ARIA rows without a table
 *   around them (axe: aria-required-parent): it becomes a table named "All-day events" whose first
 *   row is the day names (column headers);
 * - an all-day row without events is an ARIA row without cells (axe: aria-required-children): it
 *   (and its empty row group) gives up the role until an event arrives.
 */
import { type RefObject, useLayoutEffect } from 'react';

/**
 * Applies the repairs inside `container` now and whenever react-big-calendar adds elements (it
 * re-renders its rows on its own, e.g. after measuring how many events fit).
 */
export function useCalendarAria(container: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    const root = container.current;
    if (!root) return;
    const repair = () => {
      for (const header of root.querySelectorAll('.rbc-time-header-content:not([role])')) {
        header.setAttribute('role', 'table');
        header.setAttribute('aria-label', 'All-day events');
      }
      for (const row of root.querySelectorAll('.rbc-time-header-cell:not([role])')) row.setAttribute('role', 'row');
      for (const name of root.querySelectorAll('.rbc-time-header-cell > .rbc-header:not([role])')) {
        name.setAttribute('role', 'columnheader');
      }
      for (const segment of root.querySelectorAll('.rbc-row-segment:not([role])')) {
        segment.setAttribute('role', 'cell');
      }
      for (const event of root.querySelectorAll('.rbc-row-segment .rbc-event:not([role])')) {
        event.setAttribute('role', 'button');
        event.setAttribute('tabindex', '0');
      }
      for (const group of root.querySelectorAll('.rbc-allday-cell')) {
        const row = group.querySelector('.rbc-row-content');
        const empty = !group.querySelector('[role="cell"]');
        row?.setAttribute('role', empty ? 'none' : 'row');
        group.setAttribute('role', empty ? 'none' : 'rowgroup');
      }
    };
    repair();
    // Setting attributes adds no nodes, so the observer does not trigger itself.
    const observer = new MutationObserver(repair);
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [container]);
}
