/**
 * More variety among the demo events' recipients: one event in twenty is a large meeting with 15–40
 * contacts and colleagues, and about one in six of the others also invites one to three outside
 * guests by e-mail only (no contact).
 */
import type { Faker } from '@faker-js/faker';
import type { CalendarEvent, RecipientInput } from '../db/calendar';
import type { CalendarRecipientRows } from '../db/calendar-recipients';
import type { Contact } from '../db/contacts';
import { recordBody } from '../db/record-body';
import type { ServiceStore } from '../db/store';
import type { DemoPeople } from './people';

const guestDomains = ['example.com', 'example.org', 'example.net'];

function ascii(text: string): string {
  return text
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '');
}

function response(f: Faker): RecipientInput['response'] {
  return f.helpers.weightedArrayElement([
    { value: 'accepted' as const, weight: 5 },
    { value: 'needsAction' as const, weight: 3 },
    { value: 'tentative' as const, weight: 1 },
    { value: 'declined' as const, weight: 1 },
  ]);
}

function guest(f: Faker): RecipientInput {
  const firstName = f.person.firstName();
  const lastName = f.person.lastName();
  return {
    contactId: null,
    name: `${firstName} ${lastName}`,
    email: `${ascii(firstName)}.${ascii(lastName)}@${f.helpers.arrayElement(guestDomains)}`,
    response: response(f),
  };
}

function invitee(f: Faker, c: Contact): RecipientInput {
  return { contactId: c.id, name: `${c.firstName} ${c.lastName}`, email: c.email as string, response: response(f) };
}

/** Adds guests to some of the demo events; returns how many recipients were added. */
export function seedCalendarGuests(
  store: ServiceStore,
  rows: CalendarRecipientRows,
  f: Faker,
  people: DemoPeople,
): number {
  const events = (
    store.db.prepare('SELECT data FROM calendar_events ORDER BY starts_at, id').pluck().all() as string[]
  ).map((json) => JSON.parse(json) as CalendarEvent);
  const contacts = [...people.contactsByCompany.values()].flat().filter((c) => c.email && c.state === 'active');
  const colleagues = people.employees.filter((c) => c.email);
  let total = 0;
  for (const [i, event] of events.entries()) {
    let extra: RecipientInput[];
    if (i % 20 === 7)
      extra = f.helpers.arrayElements([...colleagues, ...contacts], { min: 15, max: 40 }).map((c) => invitee(f, c));
    else if (f.number.int(99) < 17) extra = Array.from({ length: f.number.int({ min: 1, max: 3 }) }, () => guest(f));
    else continue;
    const taken = rows.emails(event.id);
    const organizer = store.contacts.get(event.organizerId)?.email?.toLowerCase();
    if (organizer) taken.add(organizer);
    const fresh = extra.filter((r) => {
      const email = r.email.toLowerCase();
      if (taken.has(email)) return false;
      taken.add(email);
      return true;
    });
    if (!fresh.length) continue;
    rows.insert(event.id, fresh);
    total += fresh.length;
    store.calendar.save(event.id, { ...recordBody(event), recipientCount: rows.count(event.id) }, undefined, {
      updatedAt: event.updatedAt,
    });
  }
  return total;
}
