/**
 * The PIM calendar: the calendar events a user organizes or is a recipient of over a range, as the
 * contract's PimCalendar (JSON) or as an iCalendar file (RFC 5545, written by ical-generator).
 */
import ical, { ICalAttendeeStatus, ICalEventStatus } from 'ical-generator';
import type { components } from '../../api/generated/schema';
import type { CalendarEvent } from '../db/calendar';
import type { Db } from '../db/schema';

/** The contract's PimCalendar. */
export type PimCalendar = components['schemas']['PimCalendar'];
/** The contract's PimCalendarEvent. */
export type PimCalendarEvent = PimCalendar['items'][number];

/** Most events one answer holds (the contract's `PimCalendar.items` maximum). */
export const maxPimEvents = 2000;
/** Longest range a PIM calendar request may span, ms (366 days). */
export const maxPimRangeMs = 366 * 86_400_000;

/** Reads PIM calendars from one database; its query is prepared once, when the Pim handlers are made. */
export class PimCalendarReader {
  private readonly stmt;

  constructor(db: Db) {
    this.stmt = db.prepare(`
      SELECT e.data AS data, r.response AS response FROM calendar_events e
      LEFT JOIN calendar_recipients r ON r.event_id = e.id AND r.contact_id = @user
      WHERE e.starts_at < @to AND (e.ends_at > @from OR (e.ends_at = e.starts_at AND e.starts_at >= @from))
        AND (json_extract(e.data, '$.organizerId') = @user OR r.contact_id IS NOT NULL)
      GROUP BY e.id ORDER BY e.starts_at, e.id LIMIT @limit`);
  }

  /**
   * The events of `userId` overlapping [from, to) (ISO 8601), earliest start first, at most 2000
   * (`truncated` when there are more). An event counts when the user organizes it or is among its
   * recipients; `response` is the user's answer as a recipient.
   */
  read(userId: string, from: string, to: string): PimCalendar {
    const rows = this.stmt.all({ user: userId, from, to, limit: maxPimEvents + 1 }) as CalendarRow[];
    return calendarOf(rows, userId, from, to);
  }
}

/** A row of the PIM calendar query: the event's JSON and the user's answer as a recipient. */
interface CalendarRow {
  data: string;
  response: PimCalendarEvent['response'];
}

/** The PimCalendar of the query's rows (one more row than fits: `truncated`). */
function calendarOf(rows: CalendarRow[], userId: string, from: string, to: string): PimCalendar {
  const items = rows.slice(0, maxPimEvents).map(({ data, response }): PimCalendarEvent => {
    const e = JSON.parse(data) as CalendarEvent;
    const organizer = e.organizerId === userId;
    return {
      id: e.id,
      version: e.version,
      title: e.title,
      description: e.description,
      location: e.location,
      startsAt: e.startsAt,
      endsAt: e.endsAt,
      allDay: e.allDay,
      status: e.status,
      organizerId: e.organizerId,
      role: organizer ? 'organizer' : 'attendee',
      response: organizer ? null : response,
      updatedAt: e.updatedAt,
    };
  });
  return { userId, from, to, items, truncated: rows.length > maxPimEvents };
}

const eventStatus: Record<PimCalendarEvent['status'], ICalEventStatus> = {
  confirmed: ICalEventStatus.CONFIRMED,
  tentative: ICalEventStatus.TENTATIVE,
  cancelled: ICalEventStatus.CANCELLED,
};

const attendeeStatus: Record<NonNullable<PimCalendarEvent['response']>, ICalAttendeeStatus> = {
  needsAction: ICalAttendeeStatus.NEEDSACTION,
  accepted: ICalAttendeeStatus.ACCEPTED,
  declined: ICalAttendeeStatus.DECLINED,
  tentative: ICalAttendeeStatus.TENTATIVE,
};

/**
 * The calendar as an iCalendar text (RFC 5545): one VEVENT per event with UID `<id>@brm`, times in
 * UTC, SEQUENCE from the version, and the user as ORGANIZER or as ATTENDEE with their answer.
 */
export function toICalendar(calendar: PimCalendar, user: { name: string; email: string }): string {
  const cal = ical({ name: `${user.name} (BRM)`, prodId: { company: 'BRM', product: 'PIM calendar', language: 'EN' } });
  for (const e of calendar.items) {
    cal.createEvent({
      id: `${e.id}@brm`,
      start: new Date(e.startsAt),
      end: new Date(e.endsAt),
      allDay: e.allDay,
      summary: e.title,
      description: e.description,
      location: e.location,
      status: eventStatus[e.status],
      sequence: e.version - 1,
      stamp: new Date(e.updatedAt),
      lastModified: new Date(e.updatedAt),
      organizer: e.role === 'organizer' ? user : null,
      attendees: e.role === 'attendee' ? [{ ...user, status: e.response ? attendeeStatus[e.response] : null }] : [],
    });
  }
  return cal.toString();
}
