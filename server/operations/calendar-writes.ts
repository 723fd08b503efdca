/**
 * Writing operations of the Calendar group: saving and deleting calendar entries (events) and
 * inviting or removing their recipients. Inviting a user of the service notifies them (kind
 * `calendarInvitation`; Events in `api/openapi.yaml` `info.description`).
 */
import { randomUUID } from 'node:crypto';
import type { components } from '../../api/generated/schema';
import type { CalendarEvent, RecipientInput } from '../db/calendar';
import { recordBody } from '../db/record-body';
import type { OperationHandlers } from '../http/bind';
import { checkIfMatch } from '../http/preconditions';
import { notFound, ProblemError, type ProblemFieldError, validationProblem } from '../http/problem';
import { eventTimeProblems, maxEventRecipients } from './calendar-campaign-rules';
import { type OperationDeps, versionETag } from './deps';

type Skip = components['schemas']['CalendarRecipientSkip'];

/** Handlers of the Calendar group's writes (recipients through `deps.repos.calendarRecipients`). */
export function calendarWriteHandlers(
  deps: OperationDeps,
): Pick<OperationHandlers, 'saveCalendar' | 'deleteCalendar' | 'addRecipients' | 'removeCalendarRecipient'> {
  const { store } = deps;
  const { calendar } = store;
  const rows = deps.repos.calendarRecipients;
  const existing = (id: string): CalendarEvent => {
    const event = calendar.get(id);
    if (!event) throw notFound('calendar event', id);
    return event;
  };
  /** Stores the event's recipient count after its recipients changed. */
  const recount = (event: CalendarEvent): CalendarEvent =>
    calendar.save(event.id, { ...recordBody(event), recipientCount: rows.count(event.id) });
  const nameOf = (contactId: string): string => {
    const c = store.contacts.get(contactId);
    return c ? `${c.firstName} ${c.lastName}` : 'A colleague';
  };
  const invite = (event: CalendarEvent, recipient: RecipientInput, inviterId: string): void => {
    const userId = rows.userOf(recipient);
    if (!userId || userId === inviterId) return;
    const when = event.allDay ? event.startsAt.slice(0, 10) : `${event.startsAt.slice(0, 16).replace('T', ' ')} UTC`;
    store.createNotification({
      userId,
      kind: 'calendarInvitation',
      title: `Invitation: ${event.title}`.slice(0, 200),
      body: `${nameOf(inviterId)} invited you to "${event.title}" on ${when}${event.location ? ` (${event.location})` : ''}.`,
      resourceType: 'calendarEvent',
      resourceId: event.id,
    });
  };

  return {
    saveCalendar: ({ body, headers, reply, userId }) => {
      const { id, ...input } = body;
      const problems = eventTimeProblems(input);
      if (problems.length) throw validationProblem(problems);
      const fields = {
        ...input,
        startsAt: new Date(input.startsAt).toISOString(),
        endsAt: new Date(input.endsAt).toISOString(),
      };
      const event = store.transaction(() => {
        if (id === undefined) {
          checkIfMatch(headers['If-Match'], undefined, 'calendar event');
          return calendar.save(randomUUID(), { ...fields, organizerId: userId, recipientCount: 0 });
        }
        const current = existing(id);
        checkIfMatch(headers['If-Match'], current, 'calendar event');
        return calendar.save(id, { ...recordBody(current), ...fields });
      });
      reply.code(id === undefined ? 201 : 200).header('ETag', versionETag(event));
      return event;
    },

    deleteCalendar: ({ query, headers, reply }) => {
      store.transaction(() => {
        checkIfMatch(headers['If-Match'], existing(query.id), 'calendar event');
        calendar.delete(query.id);
      });
      reply.code(204);
      return reply.send();
    },

    addRecipients: ({ body, userId }) => {
      const contactIds = body.contactIds ?? [];
      const people = body.people ?? [];
      if (contactIds.length + people.length === 0)
        throw validationProblem([{ pointer: '/body', detail: 'must name someone in contactIds or people' }]);
      const event = existing(body.eventId);
      const problems: ProblemFieldError[] = [];
      const candidates: RecipientInput[] = [];
      contactIds.forEach((contactId, i) => {
        const contact = store.contacts.get(contactId);
        if (!contact) throw notFound('contact', contactId);
        if (!contact.email)
          problems.push({
            pointer: `/body/contactIds/${i}`,
            detail: 'has no e-mail address; invite by e-mail instead',
          });
        else
          candidates.push({
            contactId,
            name: `${contact.firstName} ${contact.lastName}`,
            email: contact.email,
            response: 'needsAction',
          });
      });
      if (problems.length) throw validationProblem(problems);
      for (const p of people)
        candidates.push({ contactId: null, name: p.name, email: p.email, response: 'needsAction' });

      return store.transaction(() => {
        const taken = rows.emails(event.id);
        const organizerEmail = store.contacts.get(event.organizerId)?.email?.toLowerCase();
        const added: RecipientInput[] = [];
        const skipped: Skip[] = [];
        for (const c of candidates) {
          const email = c.email.toLowerCase();
          if (email === organizerEmail || c.contactId === event.organizerId)
            skipped.push({ email: c.email, reason: 'organizer' });
          else if (taken.has(email)) skipped.push({ email: c.email, reason: 'alreadyInvited' });
          else {
            taken.add(email);
            added.push(c);
          }
        }
        if (taken.size > maxEventRecipients)
          throw new ProblemError(
            422,
            '/problems/unprocessable',
            `An event has at most ${maxEventRecipients} recipients; this one would have ${taken.size}.`,
          );
        rows.insert(event.id, added);
        const saved = added.length ? recount(event) : event;
        for (const r of added) invite(saved, r, userId);
        return { event: saved, added: added.map((r) => ({ eventId: event.id, ...r })), skipped };
      });
    },

    removeCalendarRecipient: ({ query, reply }) => {
      store.transaction(() => {
        const event = existing(query.eventId);
        if (!rows.remove(event.id, query.email))
          throw new ProblemError(
            404,
            '/problems/not-found',
            `${query.email} is not a recipient of the calendar event ${event.id}.`,
          );
        recount(event);
      });
      reply.code(204);
      return reply.send();
    },
  };
}
