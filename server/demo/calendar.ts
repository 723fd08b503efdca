/**
 * Demo calendar events over three months around now (the month before, the current one and the one
 * after, UTC): working hours on weekdays, some all-day events, 1–8 recipients each, organized mostly
 * by the demo user.
 */
import type { Faker } from '@faker-js/faker';
import type { CalendarEvent, RecipientInput } from '../db/calendar';
import type { Contact } from '../db/contacts';
import type { ServiceStore } from '../db/store';
import type { DemoPeople } from './people';
import { allDayTitles, eventLocations, eventTitles, products } from './vocabulary';

const day = 86_400_000;

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{(\w+)\}/g, (_m, k: string) => values[k] ?? k);
}

function fullName(c: Contact): string {
  return `${c.firstName} ${c.lastName}`;
}

/** Creates `count` events; returns them. */
export function seedCalendar(
  store: ServiceStore,
  f: Faker,
  now: number,
  people: DemoPeople,
  count: number,
): CalendarEvent[] {
  const today = new Date(now);
  const rangeStart = Date.UTC(today.getUTCFullYear(), today.getUTCMonth() - 1, 1);
  const rangeEnd = Date.UTC(today.getUTCFullYear(), today.getUTCMonth() + 2, 1);
  const days = Math.round((rangeEnd - rangeStart) / day);
  const weekdays = Array.from({ length: days }, (_, i) => rangeStart + i * day).filter((t) => {
    const wd = new Date(t).getUTCDay();
    return wd !== 0 && wd !== 6;
  });
  const companies = people.companies.length ? people.companies : [people.owner];
  const events: CalendarEvent[] = [];
  for (let i = 0; i < count; i++) {
    const company = f.helpers.arrayElement(companies);
    const city = company.address.city ?? 'Asheville';
    const values = { company: company.name, product: f.helpers.arrayElement(products), city };
    const allDay = f.number.int(99) < 8;
    const date = f.helpers.arrayElement(weekdays);
    const startsAt = allDay ? date : date + (8 * 60 + f.number.int(36) * 15) * 60_000;
    const minutes = f.helpers.arrayElement([30, 30, 45, 60, 60, 60, 90, 120]);
    const endsAt = allDay
      ? date +
        f.helpers.weightedArrayElement([
          { value: 1, weight: 8 },
          { value: 2, weight: 1 },
          { value: 3, weight: 1 },
        ]) *
          day
      : startsAt + minutes * 60_000;
    const organizer = f.number.int(99) < 75 ? people.demoUser : f.helpers.arrayElement(people.employees);
    const external = people.contactsByCompany.get(company.id) ?? [];
    const pool = [
      ...f.helpers.arrayElements(external, Math.min(external.length, 5)),
      ...f.helpers.arrayElements(people.employees, 3),
    ];
    if (organizer.id !== people.demoUser.id) pool.unshift(people.demoUser);
    const invited = pool
      .filter((c, k) => c.id !== organizer.id && c.email && pool.findIndex((x) => x.email === c.email) === k)
      .slice(0, f.number.int({ min: 1, max: 8 }));
    const recipients: RecipientInput[] = invited.map((c) => ({
      contactId: c.id,
      name: fullName(c),
      email: c.email as string,
      response: f.helpers.weightedArrayElement([
        { value: 'accepted' as const, weight: 6 },
        { value: 'needsAction' as const, weight: 2 },
        { value: 'tentative' as const, weight: 1 },
        { value: 'declined' as const, weight: 1 },
      ]),
    }));
    if (recipients.length === 0) {
      recipients.push({ contactId: null, name: 'Front desk', email: 'frontdesk@example.com', response: 'accepted' });
    }
    const title = fill(
      allDay ? f.helpers.arrayElement(allDayTitles) : f.helpers.arrayElement(eventTitles),
      values,
    ).slice(0, 200);
    const createdAt = new Date(Math.min(now, startsAt) - f.number.int({ min: 1, max: 30 }) * day).toISOString();
    events.push(
      store.calendar.save(
        f.string.uuid(),
        {
          title,
          description:
            f.number.int(2) === 0 ? null : `${f.company.catchPhrase()}. Agenda: ${f.company.buzzPhrase()}; next steps.`,
          location: fill(f.helpers.arrayElement(eventLocations), values),
          startsAt: new Date(startsAt).toISOString(),
          endsAt: new Date(endsAt).toISOString(),
          allDay,
          status: f.helpers.weightedArrayElement([
            { value: 'confirmed' as const, weight: 17 },
            { value: 'tentative' as const, weight: 2 },
            { value: 'cancelled' as const, weight: 1 },
          ]),
          organizerId: organizer.id,
        },
        recipients,
        { createdAt, updatedAt: createdAt },
      ),
    );
  }
  return events;
}
