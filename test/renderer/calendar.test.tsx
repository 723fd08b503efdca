import { screen, waitFor, within } from '@testing-library/react';
import { format } from 'date-fns';
import { describe, expect, it } from 'vitest';
import { installCalendarFakes } from './fakes-calendar';
import { makeContacts } from './fixtures';
import { makeEvents } from './fixtures-activity';
import { renderApp, signedInBridge } from './render-app';

async function openCalendar(user: ReturnType<typeof renderApp>['user']) {
  const nav = await screen.findByRole('navigation', { name: 'Main' });
  await user.click(within(nav).getByRole('button', { name: 'Calendar' }));
}

describe('calendar view', () => {
  it('shows the visible month, asks the core for exactly its range, and steps with Next', async () => {
    const { user, bridge } = renderApp(signedInBridge());
    installCalendarFakes(bridge);
    await openCalendar(user);

    const now = new Date();
    expect(await screen.findByRole('heading', { name: format(now, 'MMMM yyyy') })).toBeTruthy();
    await waitFor(() => expect(bridge.callsTo('calendar.listMonth').length).toBeGreaterThan(0));
    // The month view asks for its days (whole weeks from Sunday), each day's first events only.
    const [days] = bridge.callsTo('calendar.listMonth');
    const firstShown = new Date(days.midnights[0]);
    const afterLast = new Date(days.midnights[days.midnights.length - 1]);
    expect(firstShown.getDay()).toBe(0);
    expect(firstShown.getHours()).toBe(0);
    expect(days.firstDate).toBe(format(firstShown, 'yyyy-MM-dd'));
    expect(firstShown <= new Date(now.getFullYear(), now.getMonth(), 1)).toBe(true);
    expect(afterLast > new Date(now.getFullYear(), now.getMonth() + 1, 0)).toBe(true);
    expect((days.midnights.length - 1) % 7).toBe(0);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    const next = new Date(now.getFullYear(), now.getMonth() + 1, 1);
    expect(await screen.findByRole('heading', { name: format(next, 'MMMM yyyy') })).toBeTruthy();
  });

  it('opens an event from the week view and lists its recipients with their responses', async () => {
    const contacts = makeContacts(40, []);
    const events = makeEvents(new Date(), 5, 5, contacts).map((event) => ({
      ...event,
      recipients: event.recipients.slice(0, 2),
      recipientCount: Math.min(2, event.recipients.length),
    }));
    const { user, bridge } = renderApp(signedInBridge({ events }));
    installCalendarFakes(bridge);
    await openCalendar(user);
    await user.click(await screen.findByRole('button', { name: 'Week' }));

    const weekStart = new Date();
    weekStart.setDate(weekStart.getDate() - weekStart.getDay());
    weekStart.setHours(0, 0, 0, 0);
    const weekEnd = new Date(weekStart);
    weekEnd.setDate(weekStart.getDate() + 7);
    const event = events.find(
      (e) =>
        !e.allDay && e.recipients.length > 0 && new Date(e.startsAt) >= weekStart && new Date(e.startsAt) < weekEnd,
    );
    if (!event) throw new Error('The fixture has no timed event with recipients this week.');

    const title = event.title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const buttons = await screen.findAllByRole('button', { name: new RegExp(title) });
    await user.click(buttons[0]);

    const details = await screen.findByRole('region', { name: 'Event details' });
    const recipients = await within(details).findByRole('region', { name: 'Recipients' });
    for (const recipient of event.recipients) {
      expect(within(recipients).getByText(recipient.name)).toBeTruthy();
    }
  });
});
