/**
 * Calendar dates: the react-big-calendar localizer (date-fns, en-US, weeks start on Sunday), the
 * visible range of each view, stepping, and the heading text.
 */
import {
  addDays,
  addMonths,
  addWeeks,
  endOfMonth,
  endOfWeek,
  format,
  getDay,
  isSameMonth,
  isSameYear,
  parse,
  startOfDay,
  startOfMonth,
  startOfWeek,
} from 'date-fns';
import { enUS } from 'date-fns/locale';
import { dateFnsLocalizer } from 'react-big-calendar';
import { nativeDayChecks } from './native-day-checks';

/** The views the calendar offers, in the order of the view switch. */
export const calendarViews = ['day', 'week', 'month', 'agenda'] as const;
/** One of the calendar's views. */
export type CalendarViewName = (typeof calendarViews)[number];

/** The label of each view. */
export const viewLabel: Record<CalendarViewName, string> = {
  day: 'Day',
  week: 'Week',
  month: 'Month',
  agenda: 'Agenda',
};

/** How many days the agenda lists (react-big-calendar's Agenda `length`). */
export const agendaDays = 30;

/**
 * The react-big-calendar localizer used by the calendar view, with native-Date checks per event
 * (native-day-checks.ts) in place of the library's slower defaults.
 */
export const localizer = Object.assign(
  dateFnsLocalizer({ format, parse, startOfWeek, getDay, locales: { 'en-US': enUS } }),
  nativeDayChecks,
);

/** First visible instant (inclusive) and the instant after the last visible day (exclusive), local time. */
export function visibleRange(date: Date, view: CalendarViewName): { from: Date; to: Date } {
  switch (view) {
    case 'day': {
      const from = startOfDay(date);
      return { from, to: addDays(from, 1) };
    }
    case 'week': {
      const from = startOfWeek(date);
      return { from, to: addWeeks(from, 1) };
    }
    case 'agenda': {
      // The agenda shows `agendaDays` days after the first one too (react-big-calendar's Agenda).
      const from = startOfDay(date);
      return { from, to: addDays(from, agendaDays + 1) };
    }
    case 'month': {
      const from = startOfWeek(startOfMonth(date));
      return { from, to: addDays(startOfDay(endOfWeek(endOfMonth(date))), 1) };
    }
  }
}

/** The date one period before (-1) or after (+1) `date`: a day, a week, a month, or the agenda's days. */
export function step(date: Date, view: CalendarViewName, direction: 1 | -1): Date {
  switch (view) {
    case 'day':
      return addDays(date, direction);
    case 'week':
      return addWeeks(date, direction);
    case 'agenda':
      return addDays(date, direction * agendaDays);
    case 'month':
      return addMonths(date, direction);
  }
}

/** The name of one period of `view`, for "Previous week" and "No events this week". */
export const periodNoun: Record<CalendarViewName, string> = {
  day: 'day',
  week: 'week',
  month: 'month',
  agenda: `${agendaDays} days`,
};

/** "Nov 15 – 21, 2026", "Nov 29 – Dec 5, 2026" or "Dec 27, 2026 – Jan 2, 2027" for the days `first`–`last`. */
function daysHeading(first: Date, last: Date): string {
  if (!isSameYear(first, last)) return `${format(first, 'MMM d, yyyy')} – ${format(last, 'MMM d, yyyy')}`;
  if (!isSameMonth(first, last)) return `${format(first, 'MMM d')} – ${format(last, 'MMM d, yyyy')}`;
  return `${format(first, 'MMM d')} – ${format(last, 'd, yyyy')}`;
}

/**
 * Heading of the visible period: "November 2026" for a month, "Thursday, Nov 5, 2026" for a day,
 * and the first and last day of a week or of the agenda ("Nov 15 – 21, 2026").
 */
export function periodHeading(date: Date, view: CalendarViewName): string {
  switch (view) {
    case 'month':
      return format(date, 'MMMM yyyy');
    case 'day':
      return format(date, 'EEEE, MMM d, yyyy');
    case 'week':
      return daysHeading(startOfWeek(date), endOfWeek(date));
    case 'agenda':
      return daysHeading(startOfDay(date), addDays(startOfDay(date), agendaDays));
  }
}
