/**
 * Calendar event times between the contract and the screen. The contract stores instants as ISO
 * 8601 UTC and an all-day event as whole days from 00:00 UTC to 00:00 UTC, end exclusive
 * (CalendarEventInput in api/openapi.yaml). The user sees and types local times; an all-day event
 * is a date, shown on that date in every time zone (its UTC date, drawn at local midnight).
 */
import { addDays, addHours, differenceInCalendarDays, format, isValid, parse, startOfDay } from 'date-fns';
import { utcDateOf } from '../../lib/format';

const dayMs = 86_400_000;

/** The local midnight of the UTC date of `iso` (an all-day bound): "2026-11-05T00:00:00Z" → Nov 5, 00:00 local. */
export function allDayBoundToLocal(iso: string): Date {
  return utcDateOf(new Date(iso));
}

/** The all-day bound of the local date of `date`: Nov 5 (any time, local) → "2026-11-05T00:00:00.000Z". */
export function localDayToAllDayBound(date: Date): string {
  return new Date(Date.UTC(date.getFullYear(), date.getMonth(), date.getDate())).toISOString();
}

/** Where an event is drawn: local Date bounds (all-day bounds at local midnight, see above). */
export function displayBounds(event: { startsAt: string; endsAt: string; allDay: boolean }): {
  start: Date;
  end: Date;
} {
  if (event.allDay) return { start: allDayBoundToLocal(event.startsAt), end: allDayBoundToLocal(event.endsAt) };
  return { start: new Date(event.startsAt), end: new Date(event.endsAt) };
}

/** The times a save sends, ISO 8601 UTC. */
export interface EventTimes {
  startsAt: string;
  endsAt: string;
  allDay: boolean;
}

/**
 * The contract's times for local bounds. All-day: the local dates of `start` and of the day that
 * holds the last instant before `end` (at least one day), as 00:00 UTC bounds, end exclusive.
 */
export function timesFromLocal(start: Date, end: Date, allDay: boolean): EventTimes {
  if (!allDay) return { startsAt: start.toISOString(), endsAt: end.toISOString(), allDay };
  const firstDay = startOfDay(start);
  const lastDay = end.getTime() > start.getTime() ? startOfDay(new Date(end.getTime() - 1)) : firstDay;
  const days = Math.max(1, differenceInCalendarDays(lastDay, firstDay) + 1);
  const startsAt = localDayToAllDayBound(firstDay);
  return { startsAt, endsAt: new Date(Date.parse(startsAt) + days * dayMs).toISOString(), allDay };
}

/**
 * The new times of an event dragged or resized to local `start`–`end`. Dropped into the all-day
 * row it becomes an all-day event over the days it covers; an all-day event dropped on a time slot
 * becomes a one-hour event there (its day span means nothing at a time of day).
 */
export function timesFromDrop(
  drop: { start: Date; end: Date; isAllDay?: boolean },
  wasAllDay: boolean,
  resized: boolean,
): EventTimes {
  const allDay = drop.isAllDay ?? wasAllDay;
  if (!allDay && wasAllDay && !resized) return timesFromLocal(drop.start, addHours(drop.start, 1), false);
  return timesFromLocal(drop.start, drop.end, allDay);
}

/** True when `start`–`end` are whole local days (a slot picked in the month view or the all-day row). */
export function isWholeDays(start: Date, end: Date): boolean {
  return end > start && startOfDay(start).getTime() === start.getTime() && startOfDay(end).getTime() === end.getTime();
}

/** Value of an `<input type="datetime-local">` ("2026-11-05T14:30") or `type="date"` ("2026-11-05"). */
export function toInputValue(date: Date, allDay: boolean): string {
  return allDay ? format(date, 'yyyy-MM-dd') : format(date, "yyyy-MM-dd'T'HH:mm");
}

/** The local Date an input value names, or null when it is blank or not a date. Accepts both forms. */
export function fromInputValue(value: string): Date | null {
  const text = value.trim();
  if (!text) return null;
  const date = text.includes('T')
    ? parse(text, "yyyy-MM-dd'T'HH:mm", new Date())
    : parse(text, 'yyyy-MM-dd', new Date());
  return isValid(date) ? date : null;
}

/**
 * The bounds a new event starts from when none were picked: the next full hour today for one hour,
 * or 09:00–10:00 on `day` when it is another day.
 */
export function defaultNewBounds(day: Date, now: Date = new Date()): { start: Date; end: Date } {
  const sameDay = startOfDay(day).getTime() === startOfDay(now).getTime();
  const start = sameDay
    ? addHours(new Date(now.getFullYear(), now.getMonth(), now.getDate(), now.getHours()), 1)
    : addHours(startOfDay(day), 9);
  return { start, end: addHours(start, 1) };
}

/** The last day (inclusive) of an all-day range with exclusive local `end`: Nov 6 00:00 → Nov 5. */
export function lastIncludedDay(start: Date, end: Date): Date {
  const last = addDays(startOfDay(end), end.getTime() === startOfDay(end).getTime() ? -1 : 0);
  return last < startOfDay(start) ? startOfDay(start) : last;
}
