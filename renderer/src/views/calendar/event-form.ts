/**
 * The event dialog's values and how they become the contract's CalendarEventInput
 * (api/openapi.yaml; validated by `calendarEventSaveSchema`, preload/contract/write-inputs.ts).
 * The user types local dates and times; a save sends ISO 8601 UTC. An all-day event is typed as
 * its first and last day and sent as 00:00 UTC bounds with an exclusive end.
 */
import { addDays, addHours, startOfDay } from 'date-fns';
import type { CalendarEvent, CalendarEventSave } from '../../../../preload/contract';
import {
  allDayBoundToLocal,
  fromInputValue,
  isWholeDays,
  lastIncludedDay,
  localDayToAllDayBound,
  toInputValue,
} from './event-times';

/**
 * The dialog's fields. `startsAt` / `endsAt` hold input values in local time ("2026-11-05T14:30",
 * or "2026-11-05" when `allDay`; then `endsAt` is the last day, inclusive). Named like the
 * contract's fields, so a refusal of `/event/endsAt` lands on the end field.
 */
export type EventFormValues = {
  title: string;
  description: string;
  location: string;
  startsAt: string;
  endsAt: string;
  allDay: boolean;
  status: CalendarEvent['status'];
};

/** The form values of an existing event. */
export function valuesOfEvent(event: CalendarEvent): EventFormValues {
  const common = {
    title: event.title,
    description: event.description ?? '',
    location: event.location ?? '',
    allDay: event.allDay,
    status: event.status,
  };
  if (event.allDay) {
    const start = allDayBoundToLocal(event.startsAt);
    const end = allDayBoundToLocal(event.endsAt);
    return { ...common, startsAt: toInputValue(start, true), endsAt: toInputValue(lastIncludedDay(start, end), true) };
  }
  return {
    ...common,
    startsAt: toInputValue(new Date(event.startsAt), false),
    endsAt: toInputValue(new Date(event.endsAt), false),
  };
}

/** The form values of a new event over local `start`–`end` (whole days make it all-day). */
export function valuesOfNewEvent(start: Date, end: Date): EventFormValues {
  const allDay = isWholeDays(start, end);
  return {
    title: '',
    description: '',
    location: '',
    allDay,
    status: 'confirmed',
    startsAt: toInputValue(start, allDay),
    endsAt: toInputValue(allDay ? lastIncludedDay(start, end) : end, allDay),
  };
}

/**
 * The start and end values after the "All day" box changed to `allDay`: the days of a timed event,
 * or 09:00–10:00 (on the first and last day) for a former all-day event. Blank or broken values stay.
 */
export function switchAllDay(values: EventFormValues, allDay: boolean): Pick<EventFormValues, 'startsAt' | 'endsAt'> {
  const start = fromInputValue(values.startsAt);
  const end = fromInputValue(values.endsAt);
  if (allDay === values.allDay || !start || !end) return { startsAt: values.startsAt, endsAt: values.endsAt };
  if (allDay) return { startsAt: toInputValue(start, true), endsAt: toInputValue(lastIncludedDay(start, end), true) };
  const first = addHours(startOfDay(start), 9);
  const last = addHours(startOfDay(end), 10);
  return {
    startsAt: toInputValue(first, false),
    endsAt: toInputValue(last > first ? last : addHours(first, 1), false),
  };
}

/** The ISO 8601 UTC value of a start or end field ('' when it is blank or not a date, so validation names it). */
function isoOf(value: string, allDay: boolean, isEnd: boolean): string {
  const date = fromInputValue(value);
  if (!date) return '';
  if (!allDay) return date.toISOString();
  return localDayToAllDayBound(isEnd ? addDays(date, 1) : date);
}

/** The CalendarEventInput of the form values (`id` when editing); blank description and location become null. */
export function recordOfValues(values: EventFormValues, id?: string): CalendarEventSave {
  const description = values.description.trim();
  const location = values.location.trim();
  return {
    ...(id ? { id } : {}),
    title: values.title.trim(),
    description: description === '' ? null : values.description,
    location: location === '' ? null : location,
    startsAt: isoOf(values.startsAt, values.allDay, false),
    endsAt: isoOf(values.endsAt, values.allDay, true),
    allDay: values.allDay,
    status: values.status,
  };
}

/**
 * The message next to a start or end field: a blank or unreadable value says so in words (the
 * schema would only say it is not an ISO date-time), anything else is the schema's own message.
 */
export function timeFieldMessage(value: string, allDay: boolean, error: string | undefined): string | undefined {
  if (!error) return undefined;
  if (fromInputValue(value)) return error;
  return allDay ? 'Enter a date.' : 'Enter a date and a time.';
}
