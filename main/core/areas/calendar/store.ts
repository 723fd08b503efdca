/**
 * Calendar reads from the cache: the events overlapping an interval, and one event. Recipients are
 * not synced; they are fetched on demand and kept in the query cache (see handlers.ts).
 */
import type { Database } from 'better-sqlite3';
import { buildPrefixQuery } from '../../../../api/full-text-query';
import type { CalendarEvent } from '../../../../preload/contract';
import { cappedCount, type SearchWindow, searchWindow } from '../search/search-window';

/** Where an event lies: its bounds (epoch ms; an all-day event's are UTC midnights, end exclusive) and its title. */
export interface EventSlot {
  id: string;
  title: string;
  startMs: number;
  endMs: number;
  allDay: boolean;
}

/** Calendar queries over the cache. */
export interface CalendarStore {
  /** Events overlapping [`fromMs`, `toMs`) (epoch ms), earliest start first; at most `limit`. */
  listEvents(fromMs: number, toMs: number, limit?: number): CalendarEvent[];
  /** Where the events overlapping [`fromMs`, `toMs`) lie (id, title, bounds), earliest start first; at most `limit`. */
  listSlots(fromMs: number, toMs: number, limit: number): EventSlot[];
  /** The events of `ids`, in that order; ids not in the cache are left out. */
  getMany(ids: readonly string[]): CalendarEvent[];
  get(id: string): CalendarEvent | null;
  /** Events whose title or location matches `query`, nearest to now first (global search). */
  search(query: string, limit: number): SearchWindow<CalendarEvent>;
}

const columns = `e.id, e.title, e.description, e.location, e.starts_at AS startsAt, e.ends_at AS endsAt, e.all_day AS allDay,
  e.status, e.organizer_id AS organizerId,
  (SELECT o.first_name || ' ' || o.last_name FROM contacts o WHERE o.id = e.organizer_id) AS organizerName,
  e.recipient_count AS recipientCount, coalesce(e.local_state, 'synced') AS syncState`;

type EventRow = Omit<CalendarEvent, 'allDay'> & { allDay: number };
const toEvent = (row: EventRow): CalendarEvent => ({ ...row, allDay: row.allDay === 1 });

/** Creates the CalendarStore over `db`. */
export function createCalendarStore(db: Database): CalendarStore {
  // An event overlaps [from, to) when it starts before `to` and ends after `from`; an event
  // with no duration counts when its start lies in the interval.
  const overlap =
    'e.starts_ms < @to AND (e.ends_ms > @from OR e.starts_ms >= @from) ORDER BY e.starts_ms, e.id LIMIT @limit';
  const overlapping = db.prepare(`SELECT ${columns} FROM calendar_events e WHERE ${overlap}`);
  const bounds = (from: number, to: number, limit: number) => ({ from, to, limit });
  const slots = db.prepare(
    `SELECT e.id, e.title, e.starts_ms AS startMs, e.ends_ms AS endsMs, e.all_day AS allDay FROM calendar_events e
     WHERE ${overlap}`,
  );
  const byId = db.prepare(`SELECT ${columns} FROM calendar_events e WHERE e.id = ?`);
  const byIds = db.prepare(
    `SELECT ${columns} FROM json_each(?) k JOIN calendar_events e ON e.id = k.value ORDER BY k.key`,
  );
  const matching = db.prepare(
    `SELECT ${columns} FROM calendar_events_fts f JOIN calendar_events e ON e.rowid = f.rowid
     WHERE calendar_events_fts MATCH ? ORDER BY abs(e.starts_ms - ?) LIMIT ?`,
  );
  // Many matches: walk the start index from now both ways, keeping matches, nearest `limit` each way.
  const matches =
    'EXISTS (SELECT 1 FROM calendar_events_fts WHERE calendar_events_fts MATCH @match AND rowid = e.rowid)';
  const nearMatching = db.prepare(
    `SELECT * FROM (SELECT ${columns} FROM calendar_events e WHERE e.starts_ms >= @now AND ${matches}
       ORDER BY e.starts_ms LIMIT @limit)
     UNION ALL
     SELECT * FROM (SELECT ${columns} FROM calendar_events e WHERE e.starts_ms < @now AND ${matches}
       ORDER BY e.starts_ms DESC LIMIT @limit)`,
  );
  const countMatching = cappedCount(db, 'calendar_events_fts');
  return {
    search(query, limit) {
      const now = Date.now();
      return searchWindow(
        buildPrefixQuery(query),
        countMatching,
        (match) => (matching.all(match, now, limit) as EventRow[]).map(toEvent),
        (match) =>
          (nearMatching.all({ match, now, limit }) as EventRow[])
            .map(toEvent)
            .sort((a, b) => Math.abs(Date.parse(a.startsAt) - now) - Math.abs(Date.parse(b.startsAt) - now))
            .slice(0, limit),
      );
    },
    listEvents: (fromMs, toMs, limit = 5000) =>
      (overlapping.all(bounds(fromMs, toMs, limit)) as EventRow[]).map(toEvent),
    listSlots: (fromMs, toMs, limit) =>
      (
        slots.all(bounds(fromMs, toMs, limit)) as Array<
          Omit<EventSlot, 'allDay' | 'endMs'> & { endsMs: number; allDay: number }
        >
      ).map(({ id, title, startMs, endsMs, allDay }) => ({ id, title, startMs, endMs: endsMs, allDay: allDay === 1 })),
    getMany: (ids) => (byIds.all(JSON.stringify(ids)) as EventRow[]).map(toEvent),
    get(id) {
      const row = byId.get(id) as EventRow | undefined;
      return row ? toEvent(row) : null;
    },
  };
}
