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

/**
 * A "+N more" marker over the time the `hidden` events take in one day column (week and day views),
 * or at the end of a month view's day (its events left out by the core: `hidden` is empty there).
 */
export interface MoreItem {
  kind: 'more';
  hidden: EventItem[];
  /** How many events the marker stands for. */
  count: number;
  /** The titles of the first of them (all of them in the week and day views). */
  titles: string[];
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

/** Most titles a "+N more" marker names (its tooltip and its words for screen readers). */
const namedTitles = 20;

/** The titles of the events behind marker `item`, the first 20 and "and N more" after them. */
export function hiddenTitles(item: MoreItem, separator: string): string {
  const titles = item.titles.slice(0, namedTitles);
  const rest = item.count - titles.length;
  return rest > 0 ? `${titles.join(separator)}${separator}and ${rest} more` : titles.join(separator);
}
