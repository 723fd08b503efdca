/** How calendar events are written to the service: `Save Calendar` (replaces all fields), `Delete Calendar`, `Calendar Detail`. */
import type { ApiCalendarEvent } from '../../api/types';
import { pick, type RecordWrites } from '../../writes/record-writes';

/** The fields of an event a save sends (the contract's CalendarEventInput without `id`). */
export const eventSaveFields = ['title', 'description', 'location', 'startsAt', 'endsAt', 'allDay', 'status'] as const;

export const calendarEventWrites: RecordWrites<ApiCalendarEvent> = {
  type: 'calendarEvent',
  noun: 'event',
  label: (r) => r.title,
  create: (r) => ({ operationId: 'saveCalendar', body: pick(r, eventSaveFields) }),
  update: (r) => ({ operationId: 'saveCalendar', body: { id: r.id, ...pick(r, eventSaveFields) } }),
  delete: (id) => ({ operationId: 'deleteCalendar', query: { id } }),
  fetch: (id) => ({ operationId: 'getCalendarDetail', query: { id } }),
};
