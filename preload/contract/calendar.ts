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

/** The most recipients added in one call (a paste of many contacts is refused in words beyond it). */
export const maxRecipientsPerCall = 50;

export const calendarCalls = {
  'calendar.listEvents': call<CalendarEvent[]>()(z.object({ from: isoDateTime, to: isoDateTime }).strict()),
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
