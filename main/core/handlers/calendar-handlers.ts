/**
 * `calendar.getEvent`: the cached event with its recipients. Recipients are not synced: they are
 * fetched from the service (`getCalendarRecipients`) when it is reachable and kept in the query
 * cache, so that offline the last answer is shown with its age (`recipientsAsOf`).
 */
import type { CalendarRecipient } from '../../../preload/contract';
import type { CoreHandlers } from '../platform';
import type { HandlerContext } from './context';

/** Most recipients fetched for one event. */
const maxRecipients = 5000;

async function fetchRecipients(ctx: HandlerContext, eventId: string): Promise<CalendarRecipient[]> {
  const api = ctx.session.api();
  const recipients: CalendarRecipient[] = [];
  let cursor: string | undefined;
  do {
    const page = await api.call('getCalendarRecipients', { query: { eventId, limit: 500, cursor }, timeoutMs: 10_000 });
    for (const { contactId, name, email, response } of page.items)
      recipients.push({ contactId, name, email, response });
    cursor = page.nextCursor ?? undefined;
  } while (cursor && recipients.length < maxRecipients);
  return recipients;
}

/** Creates the `calendar.getEvent` handler. */
export function calendarHandlers(ctx: HandlerContext): Pick<CoreHandlers, 'calendar.getEvent'> {
  return {
    'calendar.getEvent': async ({ id }) => {
      const event = ctx.cache.calendar.get(id);
      if (!event) return null;
      const key = `calendarRecipients:${id}`;
      if (ctx.session.state().state === 'signedIn' && ctx.sync.status().state !== 'offline') {
        try {
          const recipients = await fetchRecipients(ctx, id);
          const fetchedAt = new Date().toISOString();
          ctx.cache.state.putCached(key, recipients, fetchedAt);
          return { ...event, recipients, recipientsAsOf: fetchedAt };
        } catch {
          // Unreachable or refused: the last answer below is what there is to show.
        }
      }
      const cached = ctx.cache.state.getCached<CalendarRecipient[]>(key);
      return { ...event, recipients: cached?.value ?? [], recipientsAsOf: cached?.fetchedAt ?? null };
    },
  };
}
