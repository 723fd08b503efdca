/** Calendar events, recipients and notifications. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../api/generated/schema';
import { type Page, smallDemo, startTestService, type TestService } from '../../helpers/server-client';

type CalendarEvent = components['schemas']['CalendarEvent'];
type CalendarRecipient = components['schemas']['CalendarRecipient'];
type Notification = components['schemas']['Notification'];

let t: TestService;
beforeAll(async () => {
  t = await startTestService({ demo: smallDemo });
});
afterAll(() => t.stop());

const now = new Date();
const from = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)).toISOString();
const to = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 1)).toISOString();

async function allEvents(range: { from: string; to: string }, limit: number): Promise<CalendarEvent[]> {
  return t.client.allPages<CalendarEvent>('listCalendarEvents', { query: { ...range, limit } });
}

describe('calendar', () => {
  it('lists every demo event of the three months once, earliest first', async () => {
    const events = await allEvents({ from, to }, 23);
    expect(events).toHaveLength(smallDemo.events);
    expect(new Set(events.map((e) => e.id)).size).toBe(events.length);
    const starts = events.map((e) => e.startsAt);
    expect(starts).toEqual([...starts].sort());
    expect(events.some((e) => e.allDay)).toBe(true);
  });

  it('lists only events overlapping [from, to)', async () => {
    const mid = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 10)).toISOString();
    const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 17)).toISOString();
    const week = await allEvents({ from: mid, to: end }, 500);
    for (const e of week) {
      expect(e.startsAt < end).toBe(true);
      expect(e.endsAt > mid).toBe(true);
    }
    const everything = await allEvents({ from, to }, 500);
    expect(week.length).toBe(everything.filter((e) => e.startsAt < end && e.endsAt > mid).length);
  });

  it('answers event detail with ETag and its recipients by name', async () => {
    const list = (await t.client.call('listCalendarEvents', { query: { from, to, limit: 1 } }))
      .body as Page<CalendarEvent>;
    const event = list.items[0];
    const detail = await t.client.call('getCalendarDetail', { query: { id: event.id } });
    expect(detail.body).toEqual(event);
    expect(detail.headers.get('etag')).toBe(`"${event.version}"`);
    const query = { eventId: event.id, limit: 2 };
    const recipients = await t.client.allPages<CalendarRecipient>('getCalendarRecipients', { query });
    expect(recipients).toHaveLength(event.recipientCount);
    expect(recipients.every((r) => r.eventId === event.id)).toBe(true);
    const names = recipients.map((r) => r.name.toLowerCase());
    expect(names).toEqual([...names].sort());
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await t.client.call('getCalendarDetail', { query: { id: unknown } })).status).toBe(404);
    expect((await t.client.call('getCalendarRecipients', { query: { eventId: unknown } })).status).toBe(404);
  });
});

describe('notifications', () => {
  it('lists the user’s notifications newest first, hiding dismissed ones unless asked', async () => {
    const page = (await t.client.call('getNotifications', { query: { limit: 500 } })).body as Page<Notification>;
    const dismissed = (await t.client.call('getNotifications', { query: { state: 'dismissed', limit: 500 } }))
      .body as Page<Notification>;
    expect(page.items.length + dismissed.items.length).toBe(smallDemo.notifications);
    expect(page.items.every((n) => n.state !== 'dismissed')).toBe(true);
    expect(dismissed.items.every((n) => n.state === 'dismissed')).toBe(true);
    const created = page.items.map((n) => n.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    expect(created[0].slice(0, 10)).toBe(new Date(Date.now() - 5 * 60_000).toISOString().slice(0, 10));
  });

  it('marks a notification read (unread → read), and refuses to read a dismissed one (409 currentState)', async () => {
    const recent = (await t.client.call('getRecentNotifications', { query: { limit: 50 } })).body as {
      items: Notification[];
      unreadCount: number;
    };
    const first = recent.items.find((n) => n.state === 'unread') as Notification;
    const read = await t.client.call('markNotificationRead', { body: { id: first.id } });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ id: first.id, state: 'read', version: first.version + 1 });
    const again = await t.client.call('markNotificationRead', { body: { id: first.id } });
    expect(again.body).toEqual(read.body);
    const counts = (await t.client.call('getRecentNotifications')).body as { unreadCount: number };
    expect(counts.unreadCount).toBe(recent.unreadCount - 1);
    const dismissed = await t.client.call('dismissNotification', { body: { id: first.id } });
    expect(dismissed.body).toMatchObject({ state: 'dismissed', version: first.version + 2 });
    const refused = await t.client.call('markNotificationRead', { body: { id: first.id } });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ type: '/problems/conflict', currentState: 'dismissed' });
    expect((await t.client.call('markNotificationRead', { body: { id: crypto.randomUUID() } })).status).toBe(404);
  });

  it('dismisses one and then all, and the unread count follows', async () => {
    const recent = (await t.client.call('getRecentNotifications')).body as {
      items: Notification[];
      unreadCount: number;
    };
    expect(recent.items.length).toBeLessThanOrEqual(10);
    expect(recent.unreadCount).toBeGreaterThan(0);
    const unread = recent.items.find((n) => n.state === 'unread') as Notification;
    const res = await t.client.call('dismissNotification', { body: { id: unread.id } });
    expect(res.body).toMatchObject({ id: unread.id, state: 'dismissed', version: unread.version + 1 });
    const again = await t.client.call('dismissNotification', { body: { id: unread.id } });
    expect(again.body).toEqual(res.body);
    const after = (await t.client.call('getRecentNotifications', { query: { limit: 50 } })).body as {
      items: Notification[];
      unreadCount: number;
    };
    expect(after.unreadCount).toBe(recent.unreadCount - 1);
    expect(after.items.map((n) => n.id)).not.toContain(unread.id);

    const all = await t.client.call('dismissAllNotifications', { body: {} });
    expect((all.body as { dismissed: number }).dismissed).toBe(after.items.length);
    const none = (await t.client.call('getRecentNotifications')).body as { items: Notification[]; unreadCount: number };
    expect(none).toEqual({ items: [], unreadCount: 0 });

    const fresh = t.service.store.createNotification({
      userId: t.service.store.demoUserId,
      kind: 'comment',
      title: 'New comment',
      body: 'Hello',
    });
    const latest = (await t.client.call('getRecentNotifications')).body as {
      items: Notification[];
      unreadCount: number;
    };
    expect(latest).toEqual({ items: [fresh], unreadCount: 1 });
  });

  it('does not show or dismiss another user’s notifications', async () => {
    const { store } = t.service;
    const other = store.saveContact({
      firstName: 'Sam',
      lastName: 'Okafor',
      email: 'sam.okafor@example.com',
      type: 'employee',
    });
    store.users.create(other, 'sam.okafor@example.com', 'another-password', ['sales']);
    const theirs = store.createNotification({
      userId: other.id,
      kind: 'campaignSent',
      title: 'Campaign sent',
      body: 'Sent.',
    });
    expect((await t.client.call('dismissNotification', { body: { id: theirs.id } })).status).toBe(404);
    const mine = (await t.client.call('getNotifications', { query: { limit: 500 } })).body as Page<Notification>;
    expect(mine.items.map((n) => n.id)).not.toContain(theirs.id);
  });
});
