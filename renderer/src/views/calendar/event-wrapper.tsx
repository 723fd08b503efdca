/**
 * Makes every calendar event a keyboard-reachable button. react-big-calendar renders month-view
 * and all-day events as plain divs, so this wrapper gives them the button role, a tab stop and a
 * name with their time ("Title, Thu, Nov 5, 2026 · 10:00 AM – 11:00 AM"); Enter/Space are handled
 * through `onKeyPressEvent`. Those events sit inside the calendar's table rows, so each is placed in
 * a cell. Events in the week's time grid are already buttons named by their time and title.
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
  type,
  children,
}: EventWrapperProps<CalendarItem> & { type?: 'date' | 'time'; children?: ReactNode }) {
  const child = Children.only(children);
  if (type === 'time' || !isValidElement<Record<string, unknown>>(child)) return <>{children}</>;
  const { title, startsAt, endsAt, allDay, status } = event.event;
  const state = status === 'confirmed' ? '' : `, ${status}`;
  return (
    // The grid is built from divs with ARIA table roles by react-big-calendar, so a <td> cannot go here.
    // biome-ignore lint/a11y/useSemanticElements: the cell sits in react-big-calendar's ARIA table of divs.
    <div role="cell" className="event-cell">
      {cloneElement(child, {
        role: 'button',
        tabIndex: 0,
        'aria-label': `${title}, ${formatTimeRange(startsAt, endsAt, allDay)}${state}`,
      })}
    </div>
  );
}

/** The week view's day header, without the sortable-column role react-big-calendar gives it by default. */
export function WeekDayHeader({ label }: { label: string }) {
  return <span>{label}</span>;
}
