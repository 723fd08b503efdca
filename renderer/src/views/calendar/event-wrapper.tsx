/**
 * Makes every calendar event a keyboard-reachable button named by its title and time: the month
 * view of react-big-calendar renders events as plain divs, so this wrapper adds the role, the tab
 * stop and the name (Enter/Space are handled through `onKeyPressEvent`).
 */
import { Children, cloneElement, isValidElement, type ReactNode } from 'react';
import type { EventWrapperProps } from 'react-big-calendar';
import type { CalendarEvent } from '../../../../preload/contract';
import { formatTimeRange } from '../../lib/format';

/** The item react-big-calendar places on the grid: the contract's event plus Date bounds. */
export interface CalendarItem {
  event: CalendarEvent;
  title: string;
  start: Date;
  end: Date;
  allDay: boolean;
}

/** The `components.eventWrapper` for react-big-calendar. */
export function AccessibleEventWrapper({
  event,
  children,
}: EventWrapperProps<CalendarItem> & { children?: ReactNode }) {
  const child = Children.only(children);
  if (!isValidElement<Record<string, unknown>>(child)) return <>{children}</>;
  const { title, startsAt, endsAt, allDay, status } = event.event;
  const state = status === 'confirmed' ? '' : `, ${status}`;
  return cloneElement(child, {
    role: 'button',
    tabIndex: 0,
    'aria-label': `${title}, ${formatTimeRange(startsAt, endsAt, allDay)}${state}`,
  });
}
