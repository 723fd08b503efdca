/**
 * Calendar edits in browser mode against the real core and reference service: an event booked by
 * dragging over empty time in the week view and filled in the dialog, a contact invited with the
 * picker (the service has the event with that recipient after sync), a recipient removed and
 * brought back with Undo, the event moved by dragging, four overlapping events that stay readable,
 * and the day and agenda views. The page runs in UTC (see the harness), so local times are UTC.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarEvent, ContactRow } from '../../preload/contract';
import { type E2eApp, startE2eApp } from '../helpers/e2e-harness';
import {
  eventually,
  itEndsHealthy,
  navItem,
  region,
  requestSync,
  signInAndSync,
  stepTimeoutMs,
  syncStateTimeoutMs,
} from '../helpers/e2e-steps';
import { ServerClient, smallDemo } from '../helpers/server-client';

const dayMs = 86_400_000;
const hourMs = 3_600_000;
const syncTimeout = { timeout: syncStateTimeoutMs * 2 };
const title = 'Pricing call with the buying team';

/** Midnight UTC of the Sunday and of the Saturday of the current week (the demo data books weekdays only). */
function weekend(now = new Date()): { sunday: Date; saturday: Date } {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const sunday = new Date(today - now.getUTCDay() * dayMs);
  return { sunday, saturday: new Date(sunday.getTime() + 6 * dayMs) };
}

/** The week view's column header of `day` ("Sun 22"). */
function dayHeader(day: Date): string {
  return `${day.toLocaleDateString('en-US', { weekday: 'short', timeZone: 'UTC' })} ${day.getUTCDate()}`;
}

/**
 * The point on the week or day view's time grid at `hours` (e.g. 10.5 = 10:30) in the column of
 * `day`, found from the visible column header and the time gutter's hour labels.
 */
async function gridPoint(page: Page, day: Date, hours: number): Promise<{ x: number; y: number }> {
  const main = page.getByRole('main');
  const header = await main.getByText(dayHeader(day), { exact: true }).first().boundingBox();
  const ten = await main.getByText('10:00 AM', { exact: true }).first().boundingBox();
  const eleven = await main.getByText('11:00 AM', { exact: true }).first().boundingBox();
  if (!header || !ten || !eleven) throw new Error(`The week view does not show ${dayHeader(day)} and its hours`);
  const hourPx = eleven.y - ten.y;
  return { x: header.x + header.width / 2, y: ten.y + (hours - 10) * hourPx };
}

/** Presses at `from`, moves in steps to `to` and lets go, as a user dragging with the mouse. */
async function drag(page: Page, from: { x: number; y: number }, to: { x: number; y: number }): Promise<void> {
  await page.mouse.move(from.x, from.y);
  await page.mouse.down();
  await page.mouse.move(from.x, from.y + 6, { steps: 3 });
  await page.mouse.move(to.x, to.y, { steps: 12 });
  await page.mouse.up();
}

describe('calendar: booking, inviting and moving events', () => {
  let app: E2eApp;
  let guest: ContactRow;
  const { sunday, saturday } = weekend();

  /** A client of the service itself, signed in as the demo user. */
  async function service(): Promise<ServerClient> {
    const client = new ServerClient(app.service.url);
    await client.signIn(app.service.credentials);
    return client;
  }

  /** The core's events of `day` titled `name`. */
  async function eventsTitled(day: Date, name: string): Promise<CalendarEvent[]> {
    const events = await app.host.core.handlers['calendar.listEvents']({
      from: day.toISOString(),
      to: new Date(day.getTime() + dayMs).toISOString(),
    });
    return events.filter((event) => event.title === name);
  }

  beforeAll(async () => {
    app = await startE2eApp({ demo: smallDemo });
    await signInAndSync(app);
    const contacts = await app.host.core.handlers['contacts.list']({ offset: 0, limit: 100 });
    const found = contacts.rows.find((c) => c.email && c.state === 'active');
    if (!found) throw new Error('The demo data has no active contact with an e-mail address');
    guest = found;
  });
  afterAll(async () => {
    await app?.close();
  });

  it('books an event by dragging over empty time in the week view and filling in the dialog', async () => {
    const { page } = app;
    await navItem(page, 'Calendar').click();
    await page.getByRole('button', { name: 'Week', exact: true }).click();
    await page
      .getByRole('main')
      .getByText(dayHeader(sunday), { exact: true })
      .first()
      .waitFor({ timeout: stepTimeoutMs });

    await drag(page, await gridPoint(page, sunday, 10.1), await gridPoint(page, sunday, 11.4));
    const dialog = page.getByRole('dialog', { name: 'New event' });
    await dialog.waitFor({ timeout: stepTimeoutMs });
    const day = sunday.toISOString().slice(0, 10);
    expect(await dialog.getByLabel(/^Starts/).inputValue()).toBe(`${day}T10:00`);
    expect(await dialog.getByLabel(/^Ends/).inputValue()).toBe(`${day}T11:30`);

    await dialog.getByLabel(/^Title/).fill(title);
    await dialog.getByLabel('Location').fill('Video call');
    await dialog.getByLabel('Description').fill('Price list for next year, volume discounts, delivery terms.');
    await app.screenshot('calendar-event-dialog');
    await app.axeScan('calendar event dialog');
    await dialog.getByRole('button', { name: 'Create event' }).click();
    await dialog.waitFor({ state: 'detached', timeout: stepTimeoutMs });

    const details = region(page, 'Event details');
    await details.getByRole('heading', { name: title }).waitFor({ timeout: stepTimeoutMs });
    const [created] = await eventsTitled(sunday, title);
    expect(created).toMatchObject({
      startsAt: `${day}T10:00:00.000Z`,
      endsAt: `${day}T11:30:00.000Z`,
      location: 'Video call',
      allDay: false,
    });
  });

  it(
    'invites a contact with the picker; the service has the event with that recipient after sync',
    syncTimeout,
    async () => {
      const { page } = app;
      const details = region(page, 'Event details');
      await details.getByRole('button', { name: 'Invite people' }).click();
      const picker = page.getByRole('dialog', { name: /^Invite people to/ });
      const search = picker.getByRole('combobox');
      await search.pressSequentially(`${guest.firstName} ${guest.lastName}`);
      const option = picker.getByRole('option', { name: new RegExp(`${guest.firstName} ${guest.lastName}`) }).first();
      await option.waitFor({ timeout: stepTimeoutMs });
      await option.click();
      await expect.poll(() => option.getAttribute('aria-selected'), { timeout: stepTimeoutMs }).toBe('true');
      await app.screenshot('calendar-recipient-picker');
      await app.axeScan('calendar recipient picker');
      await picker.getByRole('button', { name: 'Invite 1 person' }).click();
      await picker.waitFor({ state: 'detached', timeout: stepTimeoutMs });

      const recipients = details.getByRole('region', { name: 'Recipients' });
      const name = `${guest.firstName} ${guest.lastName}`;
      await recipients.getByText(name).waitFor({ timeout: stepTimeoutMs });
      await recipients.getByText('No response yet').first().waitFor({ timeout: stepTimeoutMs });

      const client = await service();
      const landed = await eventually(
        'the event and its recipient on the service',
        async () => {
          await requestSync(page);
          const [event] = await eventsTitled(sunday, title);
          if (event?.syncState !== 'synced') return null;
          const answer = await client.call('getCalendarRecipients', { query: { eventId: event.id } });
          if (answer.status !== 200) return null;
          const items = (answer.body as { items: Array<{ email: string; response: string }> }).items;
          return { event, items };
        },
        (seen) => seen?.items.some((r) => r.email === guest.email) === true,
        { timeoutMs: syncStateTimeoutMs },
      );
      const detail = await client.call('getCalendarDetail', { query: { id: landed?.event.id ?? '' } });
      expect(detail.status).toBe(200);
      expect(detail.body).toMatchObject({ title, location: 'Video call' });
      await details.getByText('Pending').waitFor({ state: 'detached', timeout: stepTimeoutMs });
      await app.screenshot('calendar-event-detail');
      await app.axeScan('calendar event detail');
    },
  );

  it('says in words that one invitation takes at most 50 people when a longer list is pasted, and keeps the list', async () => {
    const { page } = app;
    const contacts = await app.host.core.handlers['contacts.list']({ offset: 0, limit: 200 });
    const emails = contacts.rows.flatMap((c) => (c.email ? [c.email] : [])).slice(0, 60);
    await region(page, 'Event details').getByRole('button', { name: 'Invite people' }).click();
    const picker = page.getByRole('dialog', { name: /^Invite people to/ });
    const search = picker.getByRole('combobox');
    await search.waitFor({ timeout: stepTimeoutMs });
    // A paste as the browser delivers it (the clipboard itself is out of reach in a headless page).
    await search.evaluate((input, text) => {
      const { DataTransfer: PageDataTransfer, ClipboardEvent: PageClipboardEvent } = globalThis as unknown as {
        DataTransfer: new () => { setData(type: string, value: string): void };
        ClipboardEvent: new (type: string, init: object) => Event;
      };
      const data = new PageDataTransfer();
      data.setData('text/plain', text);
      input.dispatchEvent(new PageClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, emails.join('\n'));
    const alert = picker.getByRole('alert');
    await alert.waitFor({ timeout: stepTimeoutMs });
    expect(await alert.textContent()).toContain(
      `${emails.length} names or e-mail addresses, but one invitation takes at most 50 people`,
    );
    const kept = await search.inputValue();
    for (const email of emails) expect(kept).toContain(email);
    await app.screenshot('calendar-recipient-picker-limit');
    await app.axeScan('calendar recipient picker with a list over the limit');
    await picker.getByRole('button', { name: 'Cancel' }).click();
    await picker.waitFor({ state: 'detached', timeout: stepTimeoutMs });
  });

  it(
    'offline, removes the recipient at once and brings them back with Undo; the service keeps them',
    syncTimeout,
    async () => {
      const { page } = app;
      const recipients = region(page, 'Event details').getByRole('region', { name: 'Recipients' });
      const name = `${guest.firstName} ${guest.lastName}`;
      // Offline, the removal and the new invitation both wait in the outbox.
      await app.stopService();
      await recipients.getByRole('button', { name: `Remove ${name}` }).click();
      await recipients.getByText(name).waitFor({ state: 'detached', timeout: stepTimeoutMs });
      await region(page, 'Messages').getByRole('button', { name: 'Undo' }).click();
      await recipients.getByText(name).waitFor({ timeout: stepTimeoutMs });
      await recipients.getByText('Pending', { exact: true }).waitFor({ timeout: stepTimeoutMs });

      await app.restartService();
      const client = await service();
      await eventually(
        'the service to have the recipient after both edits were sent',
        async () => {
          await requestSync(page);
          const [event] = await eventsTitled(sunday, title);
          const queued = (await app.host.core.handlers['outbox.list']({})).filter((e) => e.recordId === event?.id);
          if (!event || queued.length > 0) return null;
          const answer = await client.call('getCalendarRecipients', { query: { eventId: event.id } });
          return (answer.body as { items: Array<{ email: string }> }).items.map((r) => r.email);
        },
        (emails) => emails?.includes(guest.email ?? '') === true,
        { timeoutMs: syncStateTimeoutMs },
      );
      await recipients.getByText('Pending', { exact: true }).waitFor({ state: 'detached', timeout: stepTimeoutMs });
    },
  );

  it('moves the event by dragging it to another time', async () => {
    const { page } = app;
    const event = page.getByRole('button', { name: new RegExp(`${title} on Sun, .* · 10:00 AM – 11:30 AM`) });
    const box = await event.boundingBox();
    if (!box) throw new Error('The booked event is not on screen');
    const from = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const hour = (await gridPoint(page, sunday, 11)).y - (await gridPoint(page, sunday, 10)).y;
    await drag(page, from, { x: from.x, y: from.y + 4 * hour });

    await page
      .getByRole('button', { name: new RegExp(`${title} on Sun, .* · 2:00 PM – 3:30 PM`) })
      .waitFor({ timeout: stepTimeoutMs });
    const day = sunday.toISOString().slice(0, 10);
    await eventually(
      'the core to have the moved times',
      () => eventsTitled(sunday, title),
      (events) => events[0]?.startsAt === `${day}T14:00:00.000Z` && events[0]?.endsAt === `${day}T15:30:00.000Z`,
    );
  });

  it('keeps four overlapping events readable in the week view, all of them in the day view', async () => {
    const { page } = app;
    const start = saturday.getTime() + 10 * hourMs;
    const titles = ['Board prep', 'Vendor call', 'Hiring panel', 'Budget sync'];
    for (const [n, name] of titles.entries()) {
      await app.host.core.handlers['calendar.saveEvent']({
        event: {
          title: name,
          description: null,
          location: null,
          startsAt: new Date(start + (n === 3 ? 0.5 : 0) * hourMs).toISOString(),
          endsAt: new Date(start + (n === 2 ? 1.5 : 1) * hourMs + (n === 3 ? hourMs : 0)).toISOString(),
          allDay: false,
          status: n === 1 ? 'tentative' : 'confirmed',
        },
      });
    }
    const more = page.getByRole('button', { name: /\+\d+ more events at this time: / });
    await more.first().waitFor({ timeout: stepTimeoutMs });
    await app.screenshot('calendar-week-overlap');
    await app.axeScan('calendar week with overlapping events');

    await more.first().click();
    await page.getByRole('heading', { name: /^Saturday, / }).waitFor({ timeout: stepTimeoutMs });
    for (const name of titles) {
      const button = page.getByRole('button', { name: new RegExp(name) }).first();
      await button.waitFor({ timeout: stepTimeoutMs });
      expect((await button.boundingBox())?.width ?? 0).toBeGreaterThan(100);
    }
    await app.screenshot('calendar-day');
    await app.axeScan('calendar day');
  });

  it('lists the coming events in the agenda view, opened with the A key', async () => {
    const { page } = app;
    await page.getByRole('main').getByRole('heading', { name: 'Calendar', level: 1 }).click();
    await page.keyboard.press('t');
    await page.keyboard.press('a');
    await expect
      .poll(() => page.getByRole('button', { name: 'Agenda', exact: true }).getAttribute('aria-pressed'))
      .toBe('true');
    await page.getByRole('button', { name: 'Board prep' }).first().waitFor({ timeout: stepTimeoutMs });
    await app.screenshot('calendar-agenda');
    await app.axeScan('calendar agenda');
    await page.getByRole('button', { name: 'Board prep' }).first().click();
    await region(page, 'Event details')
      .getByRole('heading', { name: 'Board prep' })
      .waitFor({ timeout: stepTimeoutMs });
  });

  it(
    'books an event offline with the keyboard alone; it shows as pending and reaches the service later',
    syncTimeout,
    async () => {
      const { page } = app;
      await page.keyboard.press('w');
      await app.stopService();
      await page.getByRole('main').getByRole('heading', { name: 'Calendar', level: 1 }).click();
      await page.keyboard.press('n');
      const dialog = page.getByRole('dialog', { name: 'New event' });
      await dialog.waitFor({ timeout: stepTimeoutMs });
      await page.keyboard.type('Offline follow-up');
      await page.keyboard.press('Enter');
      await dialog.waitFor({ state: 'detached', timeout: stepTimeoutMs });

      const details = region(page, 'Event details');
      await details.getByRole('heading', { name: 'Offline follow-up' }).waitFor({ timeout: stepTimeoutMs });
      await details.getByText('Pending', { exact: true }).first().waitFor({ timeout: stepTimeoutMs });
      await page.getByRole('button', { name: /^Offline follow-up on .*Pending/ }).waitFor({ timeout: stepTimeoutMs });
      await app.screenshot('calendar-offline-pending');
      await app.axeScan('calendar with an event waiting to be sent');

      await app.restartService();
      const client = await service();
      await eventually(
        'the offline event on the service',
        async () => {
          await requestSync(page);
          const events = await app.host.core.handlers['calendar.listEvents']({
            from: new Date(Date.now() - 7 * dayMs).toISOString(),
            to: new Date(Date.now() + 7 * dayMs).toISOString(),
          });
          const event = events.find((e) => e.title === 'Offline follow-up');
          if (event?.syncState !== 'synced') return null;
          return (await client.call('getCalendarDetail', { query: { id: event.id } })).status;
        },
        (status) => status === 200,
        { timeoutMs: syncStateTimeoutMs },
      );
      await details.getByText('Pending', { exact: true }).waitFor({ state: 'detached', timeout: stepTimeoutMs });
    },
  );

  itEndsHealthy(() => app);
});
