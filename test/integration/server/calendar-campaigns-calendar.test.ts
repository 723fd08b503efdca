/** Calendar writes: saving and deleting entries, inviting and removing recipients, invitation notifications. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../api/generated/schema';
import type { Contact } from '../../../server/db/contacts';
import { contactsWhere, customersWithEmail, calendarMeeting as meeting } from '../../helpers/calendar-campaigns';
import {
  type Problem,
  ServerClient,
  smallDemo,
  startTestService,
  type TestService,
  unknownId as unknown,
} from '../../helpers/server-client';

type CalendarEvent = components['schemas']['CalendarEvent'];
type CalendarRecipient = components['schemas']['CalendarRecipient'];
type Added = components['schemas']['CalendarRecipientsAdded'];
type Notification = components['schemas']['Notification'];
type ChangePage = components['schemas']['ChangePage'];

let t: TestService;
let colleague: ServerClient;
let colleagueContact: Contact;
let demoUserId: string;

async function create(body: Record<string, unknown> = meeting, client = t.client): Promise<CalendarEvent> {
  const res = await client.call('saveCalendar', { body });
  expect(res.status).toBe(201);
  return res.body as CalendarEvent;
}

async function recipients(eventId: string): Promise<CalendarRecipient[]> {
  const res = await t.client.call('getCalendarRecipients', { query: { eventId, limit: 500 } });
  return (res.body as { items: CalendarRecipient[] }).items;
}

async function invitations(client: ServerClient, eventId: string): Promise<Notification[]> {
  const res = await client.call('getNotifications', { query: { limit: 500 } });
  return (res.body as { items: Notification[] }).items.filter(
    (n) => n.kind === 'calendarInvitation' && n.resourceId === eventId,
  );
}

beforeAll(async () => {
  t = await startTestService({ demo: smallDemo });
  demoUserId = t.service.store.demoUserId;
  colleagueContact = t.service.store.saveContact({
    firstName: 'Casey',
    lastName: 'Colleague',
    email: 'casey.colleague@example.com',
    type: 'employee',
  });
  t.service.store.users.create(colleagueContact, colleagueContact.email as string, 'colleague-password-1', ['sales']);
  colleague = new ServerClient(t.service.url);
  await colleague.signIn({ username: colleagueContact.email as string, password: 'colleague-password-1' });
});
afterAll(() => t.stop());

describe('Save Calendar', () => {
  it('creates an event organised by the caller, in UTC, readable by detail and list', async () => {
    const res = await t.client.call('saveCalendar', {
      body: meeting,
      headers: { 'Idempotency-Key': 'create-meeting-1' },
    });
    expect(res.status).toBe(201);
    const event = res.body as CalendarEvent;
    expect(res.headers.get('etag')).toBe('"1"');
    expect(event).toMatchObject({
      title: meeting.title,
      startsAt: '2030-03-04T13:00:00.000Z',
      endsAt: '2030-03-04T14:30:00.000Z',
      organizerId: demoUserId,
      recipientCount: 0,
      version: 1,
    });
    expect((await t.client.call('getCalendarDetail', { query: { id: event.id } })).body).toEqual(event);
    const list = await t.client.call('listCalendarEvents', {
      query: { from: '2030-03-04T00:00:00Z', to: '2030-03-05T00:00:00Z' },
    });
    expect((list.body as { items: CalendarEvent[] }).items.map((e) => e.id)).toEqual([event.id]);
  });

  it('updates with If-Match, keeping organizer and recipients; a stale ETag gets 412 with the current event', async () => {
    const event = await create();
    await t.client.call('addRecipients', {
      body: { eventId: event.id, people: [{ email: 'a@example.com', name: 'A' }] },
    });
    const current = (await t.client.call('getCalendarDetail', { query: { id: event.id } })).body as CalendarEvent;
    const res = await t.client.call('saveCalendar', {
      body: { ...meeting, id: event.id, title: 'Moved pricing call', status: 'tentative' },
      headers: { 'If-Match': `"${current.version}"` },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      title: 'Moved pricing call',
      status: 'tentative',
      organizerId: demoUserId,
      recipientCount: 1,
      version: current.version + 1,
    });
    const stale = await t.client.call('saveCalendar', {
      body: { ...meeting, id: event.id },
      headers: { 'If-Match': `"${current.version}"` },
    });
    expect(stale.status).toBe(412);
    expect((stale.body as Problem).current).toMatchObject({ title: 'Moved pricing call' });
  });

  it('refuses bad times with pointers, and unknown ids', async () => {
    const bad = async (body: Record<string, unknown>) => {
      const res = await t.client.call('saveCalendar', { body: { ...meeting, ...body } });
      expect(res.status).toBe(400);
      return (res.body as Problem).errors?.map((e) => e.pointer);
    };
    expect(await bad({ endsAt: meeting.startsAt })).toEqual(['/body/endsAt']);
    expect(await bad({ endsAt: '2030-04-05T13:00:00Z' })).toEqual(['/body/endsAt']);
    expect(await bad({ allDay: true, startsAt: '2030-03-04T00:00:00Z', endsAt: '2030-03-05T09:00:00Z' })).toEqual([
      '/body/endsAt',
    ]);
    expect(await bad({ title: '' })).toEqual(['/body/title']);
    expect(await bad({ startsAt: '2029-12-31T23:59:60Z' })).toEqual(['/body/startsAt']);
    const leap = { from: '2029-12-31T23:59:60Z', to: '2030-01-02T00:00:00Z' };
    expect((await t.client.call('listCalendarEvents', { query: leap })).status).toBe(400);
    expect((await t.client.call('saveCalendar', { body: { ...meeting, id: unknown } })).status).toBe(404);
  });
});

describe('Delete Calendar', () => {
  it('deletes the event and its recipients, leaving a tombstone in the change feed', async () => {
    const event = await create();
    await t.client.call('addRecipients', {
      body: { eventId: event.id, people: [{ email: 'b@example.com', name: 'B' }] },
    });
    let page: ChangePage;
    let cursor: string | undefined;
    do {
      page = (await t.client.call('getChanges', { query: { limit: 2000, cursor } })).body as ChangePage;
      cursor = page.nextCursor;
    } while (page.hasMore);
    const res = await t.client.call('deleteCalendar', { query: { id: event.id } });
    expect(res.status).toBe(204);
    expect((await t.client.call('getCalendarDetail', { query: { id: event.id } })).status).toBe(404);
    const count = t.service.store.db
      .prepare('SELECT COUNT(*) FROM calendar_recipients WHERE event_id = ?')
      .pluck()
      .get(event.id);
    expect(count).toBe(0);
    const changes = (await t.client.call('getChanges', { query: { cursor } })).body as ChangePage;
    expect(changes.changes).toContainEqual(
      expect.objectContaining({ type: 'calendarEvent', id: event.id, op: 'delete', data: null }),
    );
  });

  it('answers 404 for an unknown event and 412 for a stale If-Match', async () => {
    expect((await t.client.call('deleteCalendar', { query: { id: unknown } })).status).toBe(404);
    const event = await create();
    const stale = await t.client.call('deleteCalendar', { query: { id: event.id }, headers: { 'If-Match': '"7"' } });
    expect(stale.status).toBe(412);
    expect((await t.client.call('getCalendarDetail', { query: { id: event.id } })).status).toBe(200);
  });
});

describe('Add Recipients', () => {
  it('adds contacts and people, skips duplicates and the organizer, and keeps the count', async () => {
    const event = await create();
    const [withEmail] = contactsWhere(t, customersWithEmail);
    const res = await t.client.call('addRecipients', {
      body: {
        eventId: event.id,
        contactIds: [withEmail.id, demoUserId],
        people: [
          { email: 'guest@example.org', name: 'Gale Guest' },
          { email: 'GUEST@example.org', name: 'Gale again' },
        ],
      },
    });
    expect(res.status).toBe(200);
    const body = res.body as Added;
    expect(body.added.map((r) => r.email)).toEqual([withEmail.email, 'guest@example.org']);
    expect(body.added[0]).toMatchObject({ eventId: event.id, contactId: withEmail.id, response: 'needsAction' });
    expect(body.skipped).toEqual([
      { email: expect.any(String), reason: 'organizer' },
      { email: 'GUEST@example.org', reason: 'alreadyInvited' },
    ]);
    expect(body.event).toMatchObject({ recipientCount: 2, version: 2 });
    const again = (await t.client.call('addRecipients', { body: { eventId: event.id, contactIds: [withEmail.id] } }))
      .body as Added;
    expect(again.added).toEqual([]);
    expect(again.event.version).toBe(2);
    expect((await recipients(event.id)).map((r) => r.email).sort()).toEqual(
      [withEmail.email, 'guest@example.org'].sort(),
    );
  });

  it('notifies recipients who are users (not the caller) with a calendarInvitation', async () => {
    const event = await create();
    await t.client.call('addRecipients', { body: { eventId: event.id, contactIds: [colleagueContact.id] } });
    const [note] = await invitations(colleague, event.id);
    expect(note).toMatchObject({
      state: 'unread',
      resourceType: 'calendarEvent',
      title: `Invitation: ${meeting.title}`,
    });
    expect(await invitations(t.client, event.id)).toEqual([]);

    const theirs = await create({ ...meeting, title: 'Team lunch' }, colleague);
    expect(theirs.organizerId).toBe(colleagueContact.id);
    const demoEmail = t.service.credentials.username.toUpperCase();
    await colleague.call('addRecipients', {
      body: { eventId: theirs.id, people: [{ email: demoEmail, name: 'Dana' }] },
    });
    const [mine] = await invitations(t.client, theirs.id);
    expect(mine.title).toBe('Invitation: Team lunch');
    expect(mine.body).toContain(`${colleagueContact.firstName} ${colleagueContact.lastName} invited you`);
  });

  it('refuses contacts without e-mail (400 pointer), unknown contacts and events (404), empty requests and too many', async () => {
    const event = await create();
    const [noEmail] = contactsWhere(t, "json_extract(data, '$.email') IS NULL");
    const [withEmail] = contactsWhere(t, customersWithEmail);
    const res = await t.client.call('addRecipients', {
      body: { eventId: event.id, contactIds: [withEmail.id, noEmail.id] },
    });
    expect(res.status).toBe(400);
    expect((res.body as Problem).errors).toEqual([{ pointer: '/body/contactIds/1', detail: expect.any(String) }]);
    expect(await recipients(event.id)).toEqual([]);
    expect((await t.client.call('addRecipients', { body: { eventId: event.id, contactIds: [unknown] } })).status).toBe(
      404,
    );
    expect(
      (await t.client.call('addRecipients', { body: { eventId: unknown, contactIds: [withEmail.id] } })).status,
    ).toBe(404);
    expect((await t.client.call('addRecipients', { body: { eventId: event.id } })).status).toBe(400);
    const people = (n: number, from: number) =>
      Array.from({ length: n }, (_, i) => ({ email: `p${from + i}@example.net`, name: `Person ${from + i}` }));
    for (let k = 0; k < 5; k++)
      expect(
        (await t.client.call('addRecipients', { body: { eventId: event.id, people: people(100, k * 100) } })).status,
      ).toBe(200);
    const over = await t.client.call('addRecipients', { body: { eventId: event.id, people: people(1, 900) } });
    expect(over.status).toBe(422);
    expect(
      ((await t.client.call('getCalendarDetail', { query: { id: event.id } })).body as CalendarEvent).recipientCount,
    ).toBe(500);
  });
});

describe('Remove Calendar recipient', () => {
  it('removes by e-mail (any case) and answers 404 when not a recipient', async () => {
    const event = await create();
    await t.client.call('addRecipients', {
      body: {
        eventId: event.id,
        people: [
          { email: 'Rita@Example.com', name: 'Rita' },
          { email: 'sam@example.com', name: 'Sam' },
        ],
      },
    });
    const res = await t.client.call('removeCalendarRecipient', {
      query: { eventId: event.id, email: 'rita@example.com' },
    });
    expect(res.status).toBe(204);
    expect((await recipients(event.id)).map((r) => r.email)).toEqual(['sam@example.com']);
    expect(
      ((await t.client.call('getCalendarDetail', { query: { id: event.id } })).body as CalendarEvent).recipientCount,
    ).toBe(1);
    expect(
      (await t.client.call('removeCalendarRecipient', { query: { eventId: event.id, email: 'rita@example.com' } }))
        .status,
    ).toBe(404);
    expect(
      (await t.client.call('removeCalendarRecipient', { query: { eventId: unknown, email: 'sam@example.com' } }))
        .status,
    ).toBe(404);
    expect(
      (await t.client.call('removeCalendarRecipient', { query: { eventId: event.id, email: 'not-an-email' } })).status,
    ).toBe(400);
  });
});

describe('demo recipients', () => {
  it('has events with outside guests and large meetings, and counts that match the rows', async () => {
    const db = t.service.store.db;
    expect(
      db.prepare('SELECT COUNT(*) FROM calendar_recipients WHERE contact_id IS NULL').pluck().get(),
    ).toBeGreaterThan(5);
    expect(
      db.prepare('SELECT MAX(n) FROM (SELECT COUNT(*) n FROM calendar_recipients GROUP BY event_id)').pluck().get(),
    ).toBeGreaterThanOrEqual(15);
    const mismatched = db
      .prepare(
        `SELECT COUNT(*) FROM calendar_events e WHERE json_extract(e.data, '$.recipientCount') <>
         (SELECT COUNT(*) FROM calendar_recipients r WHERE r.event_id = e.id)`,
      )
      .pluck()
      .get();
    expect(mismatched).toBe(0);
  });
});
