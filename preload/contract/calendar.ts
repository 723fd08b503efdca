/**
 * Bridge calls of the calendar area: events of a range from the cache, an event with its
 * recipients (fetched on demand, kept for offline), and every event edit (queued offline).
 */
import { z } from 'zod';
import { type ApiSchemas, byId, call, isoDateTime, type RecordSyncState, uuid } from './common';
import { calendarEventSaveSchema } from './write-inputs';

export type CalendarEventStatus = ApiSchemas['CalendarEventStatus'];

/** A calendar event as lists show it, with its organizer's name and sync state. */
export type CalendarEvent = Pick<
  ApiSchemas['CalendarEvent'],
  | 'id'
  | 'title'
  | 'description'
  | 'location'
  | 'startsAt'
  | 'endsAt'
  | 'allDay'
  | 'status'
  | 'organizerId'
  | 'recipientCount'
> & {
  organizerName: string | null;
  syncState: RecordSyncState;
};

/** A recipient of an event (the contract's CalendarRecipient without its event id); `pending` until the service has it. */
export type CalendarRecipient = Omit<ApiSchemas['CalendarRecipient'], 'eventId'> & { pending?: boolean };

/** An event with its recipients. `recipientsAsOf` is when the recipients were fetched (null: never, e.g. offline). */
export interface CalendarEventDetail extends CalendarEvent {
  recipients: CalendarRecipient[];
  recipientsAsOf: string | null;
}

/** A day of the month view whose events do not all fit: how many are left out, and the first titles of those. */
export interface CalendarDayMore {
  /** The local date, YYYY-MM-DD. */
  date: string;
  count: number;
  /** The titles of the first (at most 20) events left out, in the grid's order. */
  titles: string[];
}

/** The month view's events: each day's first `perDay` events, what each fuller day leaves out, and how many events the days hold. */
export interface CalendarMonth {
  events: CalendarEvent[];
  more: CalendarDayMore[];
  total: number;
}

/** Most days a month view shows (six weeks). */
export const maxMonthDays = 42;

/** The most recipients added in one call (a paste of many contacts is refused in words beyond it). */
export const maxRecipientsPerCall = 50;

export const calendarCalls = {
  'calendar.listEvents': call<CalendarEvent[]>()(z.object({ from: isoDateTime, to: isoDateTime }).strict()),
  /**
   * The month view's events, capped per day in the core (a day cell shows a few; the design scale has
   * hundreds a day). `midnights`: the local midnights that bound the days (one more than the days);
   * `firstDate`: the local date of the first day (all-day events are drawn on their UTC date).
   */
  'calendar.listMonth': call<CalendarMonth>()(
    z
      .object({
        midnights: z
          .array(isoDateTime)
          .min(2)
          .max(maxMonthDays + 1),
        firstDate: z.iso.date(),
        perDay: z.number().int().min(1).max(100),
      })
      .strict(),
  ),
  'calendar.getEvent': call<CalendarEventDetail | null>()(byId),
  /** Creates (no `id`) or replaces an event: applied to the cache at once and queued for the service. */
  'calendar.saveEvent': call<CalendarEventDetail>()(z.object({ event: calendarEventSaveSchema }).strict()),
  'calendar.deleteEvent': call<{ deleted: boolean }>()(byId),
  /** Invites cached contacts (local ids of contacts created offline too). */
  'calendar.addRecipients': call<CalendarEventDetail>()(
    z
      .object({
        id: uuid,
        contactIds: z
          .array(uuid)
          .min(1)
          .max(maxRecipientsPerCall, `Add at most ${maxRecipientsPerCall} recipients at a time.`),
      })
      .strict(),
  ),
  'calendar.removeRecipient': call<CalendarEventDetail>()(z.object({ id: uuid, contactId: uuid }).strict()),
} as const;
