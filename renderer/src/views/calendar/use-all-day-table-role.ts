/**
 * `useAllDayTableRole`: react-big-calendar's week view renders its all-day row as ARIA rows
 * (role="rowgroup"/"row") without a table around them, which assistive technology cannot place
 * (axe: aria-required-parent). After each render this names the header block that holds them as a
 * table of all-day events. It only adds an attribute react-big-calendar never sets, so React's own
 * updates are not disturbed.
 */
import { type RefObject, useLayoutEffect } from 'react';

/** Gives `.rbc-time-header-content` inside `container` role="table" and a name, after every render. */
export function useAllDayTableRole(container: RefObject<HTMLElement | null>): void {
  useLayoutEffect(() => {
    for (const header of container.current?.querySelectorAll('.rbc-time-header-content:not([role])') ?? []) {
      header.setAttribute('role', 'table');
      header.setAttribute('aria-label', 'All-day events');
    }
  });
}
