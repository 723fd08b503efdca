/** The calendar events table: the contract's CalendarEvent, its instants also as epoch ms for range queries. */
import type { ApiCalendarEvent } from '../../api/types';
import { col, commonColumns, commonFields, type RecordTable } from '../../cache/record-table';

export const calendarEventsTable: RecordTable<ApiCalendarEvent> = {
  type: 'calendarEvent',
  table: 'calendar_events',
  columns: [
    ...commonColumns<ApiCalendarEvent>(),
    col('title', (r) => r.title),
    col('description', (r) => r.description),
    col('location', (r) => r.location),
    col('starts_at', (r) => r.startsAt),
    col('ends_at', (r) => r.endsAt),
    col('starts_ms', (r) => Date.parse(r.startsAt)),
    col('ends_ms', (r) => Date.parse(r.endsAt)),
    col('all_day', (r) => (r.allDay ? 1 : 0)),
    col('status', (r) => r.status),
    col('organizer_id', (r) => r.organizerId),
    col('recipient_count', (r) => r.recipientCount),
  ],
  references: [{ column: 'organizer_id', type: 'contact' }],
  fromRow: (row) => ({
    ...commonFields(row),
    title: row.title as string,
    description: row.description as string | null,
    location: row.location as string | null,
    startsAt: row.starts_at as string,
    endsAt: row.ends_at as string,
    allDay: row.all_day === 1,
    status: row.status as ApiCalendarEvent['status'],
    organizerId: row.organizer_id as string,
    recipientCount: row.recipient_count as number,
  }),
};
