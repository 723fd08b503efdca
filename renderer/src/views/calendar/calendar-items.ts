/**
 * What react-big-calendar places on its grid: an event of the contract with local Date bounds, or
 * a "+N more" marker standing for events that do not fit side by side in a narrow day column
 * (`readable-day-layout.ts`).
 */
import type { CalendarEvent } from '../../../../preload/contract';
import { displayBounds } from './event-times';

/** A calendar event on the grid. */
export interface EventItem {
  kind: 'event';
  event: CalendarEvent;
  title: string;
  start: Date;
  end: Date;
  allDay: boolean;
}

/** A "+N more" marker over the time the `hidden` events take in one day column. */
export interface MoreItem {
  kind: 'more';
  hidden: EventItem[];
  title: string;
  start: Date;
  end: Date;
  allDay: false;
}

/** Anything the grid shows. */
export type CalendarItem = EventItem | MoreItem;

/** The grid item of `event` (all-day events drawn on their own date in every time zone). */
export function itemOfEvent(event: CalendarEvent): EventItem {
  const { start, end } = displayBounds(event);
  return { kind: 'event', event, title: event.title, start, end, allDay: event.allDay };
}

/** True for a real event (not a "+N more" marker). */
export function isEventItem(item: CalendarItem): item is EventItem {
  return item.kind === 'event';
}
