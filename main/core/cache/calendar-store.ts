/**
 * Calendar reads from the cache: the events overlapping an interval, and one event. Recipients are
 * not synced; they are fetched on demand and kept in the query cache (see handlers/calendar.ts).
 */
import type { Database } from 'better-sqlite3';
import type { CalendarEvent } from '../../../preload/contract';

/** Calendar queries over the cache. */
export interface CalendarStore {
  /** Events overlapping [`fromMs`, `toMs`) (epoch ms), earliest start first; at most `limit`. */
  listEvents(fromMs: number, toMs: number, limit?: number): CalendarEvent[];
  get(id: string): CalendarEvent | null;
}

const columns = `e.id, e.title, e.description, e.location, e.starts_at AS startsAt, e.ends_at AS endsAt, e.all_day AS allDay,
  e.status, e.organizer_id AS organizerId,
  (SELECT o.first_name || ' ' || o.last_name FROM contacts o WHERE o.id = e.organizer_id) AS organizerName,
  e.recipient_count AS recipientCount`;

type EventRow = Omit<CalendarEvent, 'allDay'> & { allDay: number };
const toEvent = (row: EventRow): CalendarEvent => ({ ...row, allDay: row.allDay === 1 });

/** Creates the CalendarStore over `db`. */
export function createCalendarStore(db: Database): CalendarStore {
  // An event overlaps [from, to) when it starts before `to` and ends after `from`; an event
  // with no duration counts when its start lies in the interval.
  const overlapping = db.prepare(
    `SELECT ${columns} FROM calendar_events e
     WHERE e.starts_ms < ? AND (e.ends_ms > ? OR e.starts_ms >= ?) ORDER BY e.starts_ms, e.id LIMIT ?`,
  );
  const byId = db.prepare(`SELECT ${columns} FROM calendar_events e WHERE e.id = ?`);
  return {
    listEvents: (fromMs, toMs, limit = 5000) =>
      (overlapping.all(toMs, fromMs, fromMs, limit) as EventRow[]).map(toEvent),
    get(id) {
      const row = byId.get(id) as EventRow | undefined;
      return row ? toEvent(row) : null;
    },
  };
}
