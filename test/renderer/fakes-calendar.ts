/**
 * Fake bridge handlers for the calendar tests: event saves, deletes and invitations that change
 * the fake's data the way the core's write path does (applied at once, marked pending, announced by
 * `data.changed`), drafts, notes, and the app opened on the calendar with given events.
 */
import { screen, within } from '@testing-library/react';
import type { CalendarEventDetail } from '../../preload/contract';
import type { FakeBridge } from './fake-bridge';
import { fakeId } from './fixtures';
import { renderApp, signedInBridge } from './render-app';

/** What the test can look at: the drafts kept. */
export interface CalendarFakes {
  drafts: Map<string, unknown>;
}

/** Installs the calendar's write handlers (and drafts, notes) on `bridge`. */
export function installCalendarFakes(bridge: FakeBridge): CalendarFakes {
  const fakes: CalendarFakes = { drafts: new Map() };
  let created = 0;
  const changed = () => bridge.emit('data.changed', { types: ['calendarEvent'] });
  const find = (id: string): CalendarEventDetail => {
    const event = bridge.data.events.find((e) => e.id === id);
    if (!event) throw new Error(`The test has no event ${id}`);
    return event;
  };

  bridge.handle('calendar.saveEvent', ({ event: input }) => {
    const { id, ...fields } = input;
    const description = fields.description ?? null;
    const location = fields.location ?? null;
    let event: CalendarEventDetail;
    if (id) {
      event = Object.assign(find(id), fields, { description, location, syncState: 'pending' as const });
    } else {
      event = {
        ...fields,
        description,
        location,
        id: fakeId(20, ++created),
        organizerId: bridge.data.user.id,
        organizerName: `${bridge.data.user.firstName} ${bridge.data.user.lastName}`,
        recipientCount: 0,
        syncState: 'pending',
        recipients: [],
        recipientsAsOf: null,
      };
      bridge.data.events.push(event);
    }
    changed();
    return event;
  });
  bridge.handle('calendar.deleteEvent', ({ id }) => {
    bridge.data.events = bridge.data.events.filter((e) => e.id !== id);
    changed();
    return { deleted: true };
  });
  bridge.handle('calendar.addRecipients', ({ id, contactIds }) => {
    const event = find(id);
    for (const contactId of contactIds) {
      const contact = bridge.data.contacts.find((c) => c.id === contactId);
      if (!contact) throw new Error(`The test has no contact ${contactId}`);
      event.recipients.push({
        contactId,
        name: `${contact.firstName} ${contact.lastName}`,
        email: contact.email ?? '',
        response: 'needsAction',
        pending: true,
      });
    }
    changed();
    return event;
  });
  bridge.handle('calendar.removeRecipient', ({ id, contactId }) => {
    const event = find(id);
    event.recipients = event.recipients.filter((r) => r.contactId !== contactId);
    changed();
    return event;
  });
  bridge.handle('comments.list', () => ({ value: [], fetchedAt: new Date().toISOString() }));
  bridge.handle('drafts.get', ({ key }) =>
    fakes.drafts.has(key) ? { value: fakes.drafts.get(key), savedAt: new Date().toISOString() } : null,
  );
  bridge.handle('drafts.put', ({ key, value }) => {
    fakes.drafts.set(key, value);
    return { savedAt: new Date().toISOString() };
  });
  bridge.handle('drafts.remove', ({ key }) => ({ removed: fakes.drafts.delete(key) }));
  return fakes;
}

/** A synced event `n` at local `start`–`end` with no recipients. */
export function eventAt(n: number, title: string, start: Date, end: Date): CalendarEventDetail {
  return {
    id: fakeId(30, n),
    title,
    description: null,
    location: null,
    startsAt: start.toISOString(),
    endsAt: end.toISOString(),
    allDay: false,
    status: 'confirmed',
    organizerId: fakeId(5, 1),
    organizerName: 'Dana Demo',
    recipientCount: 0,
    recipients: [],
    recipientsAsOf: new Date().toISOString(),
    syncState: 'synced',
  };
}

/** Renders the app on the calendar with `events` and the calendar's write fakes. */
export async function openCalendar(events: CalendarEventDetail[] = []) {
  const app = renderApp(signedInBridge({ events }));
  const fakes = installCalendarFakes(app.bridge);
  const nav = await screen.findByRole('navigation', { name: 'Main' });
  await app.user.click(within(nav).getByRole('button', { name: 'Calendar' }));
  await screen.findByRole('heading', { name: 'Calendar', level: 1 });
  return { ...app, fakes };
}
