/**
 * Calendar dates: the react-big-calendar localizer (date-fns, en-US, weeks start on Sunday), the
 * visible range of a month or week view, stepping, and the heading text.
 */
import {
  addMonths,
  addWeeks,
  endOfMonth,
  endOfWeek,
  format,
  getDay,
  isSameMonth,
  isSameYear,
  parse,
  startOfMonth,
  startOfWeek,
} from 'date-fns';
import { enUS } from 'date-fns/locale';
import { dateFnsLocalizer } from 'react-big-calendar';

/** The two views the calendar offers. */
export type CalendarViewName = 'month' | 'week';

/** The react-big-calendar localizer used by the calendar view. */
export const localizer = dateFnsLocalizer({ format, parse, startOfWeek, getDay, locales: { 'en-US': enUS } });

/** First visible instant (inclusive) and the instant after the last visible day (exclusive), local time. */
export function visibleRange(date: Date, view: CalendarViewName): { from: Date; to: Date } {
  if (view === 'week') {
    const from = startOfWeek(date);
    return { from, to: addWeeks(from, 1) };
  }
  const from = startOfWeek(startOfMonth(date));
  const lastVisible = endOfWeek(endOfMonth(date));
  return { from, to: new Date(lastVisible.getTime() + 1) };
}

/** The date one month or week before (-1) or after (+1) `date`. */
export function step(date: Date, view: CalendarViewName, direction: 1 | -1): Date {
  return view === 'week' ? addWeeks(date, direction) : addMonths(date, direction);
}

/**
 * Heading of the visible period: "November 2026" for a month; for a week "Nov 15 – 21, 2026",
 * "Nov 29 – Dec 5, 2026" or "Dec 27, 2026 – Jan 2, 2027".
 */
export function periodHeading(date: Date, view: CalendarViewName): string {
  if (view === 'month') return format(date, 'MMMM yyyy');
  const start = startOfWeek(date);
  const end = endOfWeek(date);
  if (!isSameYear(start, end)) return `${format(start, 'MMM d, yyyy')} – ${format(end, 'MMM d, yyyy')}`;
  if (!isSameMonth(start, end)) return `${format(start, 'MMM d')} – ${format(end, 'MMM d, yyyy')}`;
  return `${format(start, 'MMM d')} – ${format(end, 'd, yyyy')}`;
}
