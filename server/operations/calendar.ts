/** Operations of the Calendar group. */
import { pageJson } from '../db/paging';
import type { OperationHandlers } from '../http/bind';
import { unrepresentableTimes } from '../http/date-times';
import { notFound, validationProblem } from '../http/problem';
import { type OperationDeps, versionETag } from './deps';

/** Handlers of the Calendar group. */
export function calendarHandlers(
  deps: OperationDeps,
): Pick<OperationHandlers, 'listCalendarEvents' | 'getCalendarDetail' | 'getCalendarRecipients'> {
  const { calendar } = deps.store;
  return {
    listCalendarEvents: ({ query }) => {
      const unusable = unrepresentableTimes({ from: query.from, to: query.to }, '/query');
      if (unusable.length) throw validationProblem(unusable);
      const from = new Date(query.from);
      const to = new Date(query.to);
      if (to.getTime() <= from.getTime())
        throw validationProblem([{ pointer: '/query/to', detail: 'must be after from' }]);
      return pageJson(
        calendar.list({
          from: from.toISOString(),
          to: to.toISOString(),
          cursor: query.cursor,
          limit: query.limit ?? 50,
        }),
      );
    },
    getCalendarDetail: ({ query, reply }) => {
      const event = calendar.get(query.id);
      if (!event) throw notFound('calendar event', query.id);
      reply.header('ETag', versionETag(event));
      return event;
    },
    getCalendarRecipients: ({ query }) => {
      if (!calendar.get(query.eventId)) throw notFound('calendar event', query.eventId);
      return pageJson(calendar.recipients(query.eventId, { cursor: query.cursor, limit: query.limit ?? 50 }));
    },
  };
}
