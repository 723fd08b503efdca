/**
 * Handlers of `calendar.*`: events from the cache; an event's recipients fetched from the service
 * when it can be reached and kept (offline, the last answer with its age, plus the invitations
 * queued here); every event edit and invitation through the write path.
 */
import { BridgeError, type CalendarEventDetail, type CalendarRecipient } from '../../../../preload/contract';
import type { AreaHandlers, HandlerContext } from '../context';
import { keptAnswer } from '../kept';
import { capEventsPerDay } from './month-days';

type Names =
  | 'calendar.listEvents'
  | 'calendar.listMonth'
  | 'calendar.getEvent'
  | 'calendar.saveEvent'
  | 'calendar.deleteEvent'
  | 'calendar.addRecipients'
  | 'calendar.removeRecipient';

/**
 * Most events one `calendar.listEvents` answer holds. The store's own default (5,000) cut a month
 * view at the design scale (20,000 events over three months: ~9,000 in a month view's six weeks)
 * after its first three weeks; a range the calendar asks for (at most six weeks and two days) stays
 * far under this one.
 */
const maxEventsPerRange = 50_000;

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

/**
 * Invitations of `eventId` still in the outbox, replayed in order: added ones as pending recipients,
 * removed ones by e-mail. A later entry wins over an earlier one for the same person, so removing a
 * recipient and inviting them again (an "Undo") shows them invited.
 */
function queuedInvitations(ctx: HandlerContext, eventId: string): { added: CalendarRecipient[]; removed: Set<string> } {
  const added = new Map<string, CalendarRecipient>();
  const removed = new Set<string>();
  for (const entry of ctx.outbox.forRecord(eventId)) {
    const { operationId, body, query } = entry.request;
    if (operationId === 'addRecipients') {
      for (const contactId of (body?.contactIds as string[]) ?? []) {
        const contact = ctx.stores.contacts.get(ctx.writes.currentId(contactId));
        if (!contact) continue;
        const email = (contact.email ?? '').toLowerCase();
        removed.delete(email);
        added.set(email, {
          contactId: contact.id,
          name: `${contact.firstName} ${contact.lastName}`,
          email: contact.email ?? '',
          response: 'needsAction',
          pending: true,
        });
      }
    } else if (operationId === 'removeCalendarRecipient' && typeof query?.email === 'string') {
      const email = query.email.toLowerCase();
      added.delete(email);
      removed.add(email);
    }
  }
  return { added: [...added.values()], removed };
}

async function detail(ctx: HandlerContext, id: string): Promise<CalendarEventDetail | null> {
  const eventId = ctx.writes.currentId(id);
  const event = ctx.stores.calendar.get(eventId);
  if (!event) return null;
  const created = ctx.outbox.serviceIdOf(eventId) === null;
  const kept = created
    ? { value: [] as CalendarRecipient[], fetchedAt: null }
    : await keptAnswer(
        ctx,
        `calendarRecipients:${eventId}`,
        () => fetchRecipients(ctx, eventId),
        [] as CalendarRecipient[],
      ).catch(() => ({ value: [] as CalendarRecipient[], fetchedAt: null }));
  const queued = queuedInvitations(ctx, eventId);
  const invited = new Set(queued.added.map((r) => r.email.toLowerCase()));
  const recipients = [
    ...kept.value.filter((r) => !queued.removed.has(r.email.toLowerCase()) && !invited.has(r.email.toLowerCase())),
    ...queued.added,
  ];
  return { ...event, recipients, recipientsAsOf: kept.fetchedAt };
}

async function required(ctx: HandlerContext, id: string): Promise<CalendarEventDetail> {
  const event = await detail(ctx, id);
  if (!event)
    throw new BridgeError('not_found', 'That event is not in the calendar any more; it may have been deleted.');
  return event;
}

/** Creates the calendar handlers. */
export const calendarHandlers: AreaHandlers<Names> = (ctx) => ({
  'calendar.listEvents': async ({ from, to }) => {
    const fromMs = Date.parse(from);
    const toMs = Date.parse(to);
    return toMs > fromMs ? ctx.stores.calendar.listEvents(fromMs, toMs, maxEventsPerRange) : [];
  },
  'calendar.listMonth': async ({ midnights, firstDate, perDay }) => {
    const bounds = midnights.map((midnight) => Date.parse(midnight));
    if (bounds.some((bound, i) => i > 0 && bound <= bounds[i - 1]))
      throw new BridgeError('invalid_input', 'The days of the month view must follow each other.');
    // All-day events are drawn on their UTC date: a day more on each side reaches every one of them.
    // Where the events lie is enough to choose each day's first ones; only those are read whole.
    const slots = ctx.stores.calendar.listSlots(
      bounds[0] - 86_400_000,
      bounds[bounds.length - 1] + 86_400_000,
      maxEventsPerRange,
    );
    const { kept, more, total } = capEventsPerDay(slots, { midnights: bounds, firstDate }, perDay);
    return { events: ctx.stores.calendar.getMany(kept.map((slot) => slot.id)), more, total };
  },
  'calendar.getEvent': async ({ id }) => detail(ctx, id),
  'calendar.saveEvent': async ({ event }) => {
    const { id, ...fields } = event;
    if (!id) {
      const user = ctx.session.state();
      if (user.state !== 'signedIn') throw new BridgeError('unauthorized', 'Sign in to add events.');
      const created = ctx.writes.create('calendarEvent', fields, { organizerId: user.user.id, recipientCount: 0 });
      return required(ctx, created.id);
    }
    ctx.writes.update('calendarEvent', id, fields);
    return required(ctx, id);
  },
  'calendar.deleteEvent': async ({ id }) => {
    ctx.writes.remove('calendarEvent', id);
    return { deleted: true };
  },
  'calendar.addRecipients': async ({ id, contactIds }) => {
    const event = await required(ctx, id);
    const present = new Set(event.recipients.map((r) => r.contactId));
    const fresh = [...new Set(contactIds.map((c) => ctx.writes.currentId(c)))].filter((c) => !present.has(c));
    const missing = fresh.filter((c) => !ctx.stores.contacts.get(c));
    if (missing.length)
      throw new BridgeError(
        'not_found',
        `${missing.length} of these contacts are not in your data any more. Choose them again.`,
      );
    const noEmail = fresh.map((c) => ctx.stores.contacts.get(c)!).filter((c) => !c.email);
    if (noEmail.length)
      throw new BridgeError(
        'invalid_input',
        `${noEmail.map((c) => `${c.firstName} ${c.lastName}`).join(', ')} ${noEmail.length === 1 ? 'has' : 'have'} no e-mail address, so the invitation cannot reach them. Add one to the contact first.`,
      );
    if (fresh.length > 0) {
      const names = fresh.map((c) => {
        const contact = ctx.stores.contacts.get(c)!;
        return `${contact.firstName} ${contact.lastName}`;
      });
      ctx.writes.action(
        'calendarEvent',
        event.id,
        null,
        { operationId: 'addRecipients', body: { eventId: event.id, contactIds: fresh } },
        `Invite ${names.slice(0, 3).join(', ')}${names.length > 3 ? ` and ${names.length - 3} more` : ''} to ${event.title}`,
      );
    }
    return required(ctx, event.id);
  },
  'calendar.removeRecipient': async ({ id, contactId }) => {
    const event = await required(ctx, id);
    const recipient = event.recipients.find((r) => r.contactId === ctx.writes.currentId(contactId));
    if (!recipient) return event;
    ctx.writes.action(
      'calendarEvent',
      event.id,
      null,
      { operationId: 'removeCalendarRecipient', query: { eventId: event.id, email: recipient.email } },
      `Remove ${recipient.name} from ${event.title}`,
    );
    return required(ctx, event.id);
  },
});
