/**
 * Deterministic calendar events and notifications in the contract's shapes, for renderer tests
 * and for looking at the views with a fake bridge.
 */
import type { CalendarEventDetail, CalendarRecipient, ContactDetail, Notification } from '../../preload/contract';
import { fakeId } from './fixtures';

const baseTime = Date.UTC(2026, 10, 20, 9, 30);

/** About `perWeek` events a week for `weeks` weeks starting the Monday before `around`. */
export function makeEvents(
  around: Date,
  weeks = 6,
  perWeek = 9,
  contacts: readonly ContactDetail[] = [],
): CalendarEventDetail[] {
  const topics = [
    'Quarterly review',
    'Contract negotiation',
    'Product demo',
    'Site visit',
    'Budget planning',
    'Onboarding call',
    'Pricing workshop',
    'Supplier audit',
    'Team sync',
  ];
  const locations = ['Meeting room Elbe', 'Video call', 'Customer site, Hamburg', 'Head office, Floor 3', null];
  const responses: CalendarRecipient['response'][] = ['accepted', 'tentative', 'needsAction', 'declined', 'accepted'];
  const start = new Date(around);
  start.setDate(start.getDate() - ((start.getDay() + 6) % 7) - 14);
  start.setHours(0, 0, 0, 0);
  const events: CalendarEventDetail[] = [];
  for (let w = 0; w < weeks; w++) {
    for (let e = 0; e < perWeek; e++) {
      const n = events.length + 1;
      const day = new Date(start);
      day.setDate(start.getDate() + w * 7 + (e % 5));
      const allDay = e === perWeek - 1;
      const begin = new Date(day);
      begin.setHours(allDay ? 0 : 8 + ((e * 3) % 9), e % 2 === 0 ? 0 : 30);
      const end = new Date(begin);
      if (allDay) end.setDate(end.getDate() + 1);
      else end.setMinutes(end.getMinutes() + 30 + (e % 3) * 30);
      const recipients = contacts
        .slice((n * 3) % Math.max(1, contacts.length - 4), ((n * 3) % Math.max(1, contacts.length - 4)) + (n % 4) + 1)
        .map((contact, r) => ({
          contactId: contact.id,
          name: `${contact.firstName} ${contact.lastName}`,
          email: contact.email ?? 'unknown@example.com',
          response: responses[(n + r) % responses.length],
        }));
      events.push({
        id: fakeId(6, n),
        title: `${topics[(n + w) % topics.length]}${allDay ? ' (all day)' : ''}`,
        description:
          e % 3 === 0 ? 'Agenda: open points from the last meeting, next steps, and the delivery schedule.' : null,
        location: locations[n % locations.length],
        startsAt: begin.toISOString(),
        endsAt: end.toISOString(),
        allDay,
        status: n % 11 === 0 ? 'tentative' : n % 17 === 0 ? 'cancelled' : 'confirmed',
        organizerId: fakeId(5, 1),
        organizerName: 'Dana Demo',
        recipientCount: recipients.length,
        recipients,
        recipientsAsOf: new Date(baseTime).toISOString(),
        syncState: 'synced',
      });
    }
  }
  return events;
}

/** `n` notifications, newest first; the first `unread` are unread. */
export function makeNotifications(n: number, unread: number, now: Date = new Date(baseTime)): Notification[] {
  const samples: ReadonlyArray<[Notification['kind'], string, string]> = [
    [
      'documentAwaitingApproval',
      'Approval needed: Master services agreement',
      'Greta Fischer asked you to approve the new agreement with Atlas Logistics.',
    ],
    [
      'comment',
      'New comment on Quarterly price list',
      'Luca Rossi: "Can we round the volume discounts to whole percent?"',
    ],
    ['documentApproved', 'Approved: Purchase order 2026-11', 'Your purchase order was approved by Finance.'],
    [
      'calendarInvitation',
      'Invitation: Contract negotiation',
      'Thursday 10:00, Meeting room Elbe. Organizer: Bruno Bianchi.',
    ],
    ['documentRejected', 'Rejected: Campaign brief', 'Maya Meyer rejected the brief: the budget section is missing.'],
    ['campaignSent', 'Campaign sent: Winter offers', 'The campaign went out to 1,240 contacts.'],
  ];
  return Array.from({ length: n }, (_, i) => {
    const [kind, title, body] = samples[i % samples.length];
    return {
      id: fakeId(7, i + 1),
      kind,
      title: i < samples.length ? title : `${title} (${i + 1})`,
      body,
      state: i < unread ? 'unread' : 'read',
      resourceType: null,
      resourceId: null,
      createdAt: new Date(now.getTime() - (i * 47 + 3) * 60_000).toISOString(),
    };
  });
}
