/**
 * Calendar edits in the renderer: the event dialog's validation (an end before the start, an
 * all-day event over 31 days), saves with local times sent as ISO 8601 UTC, delete asks first,
 * and the Day and Agenda views by the switch and by keys. The page runs in New York time here, so
 * a local time and its UTC form differ and the conversion is seen.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { addDays, format, startOfDay } from 'date-fns';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventAt, openCalendar } from './fakes-calendar';

// Node reads TZ again when it changes (the renderer project's types have no `process`, hence the cast).
const env = (globalThis as unknown as { process: { env: Record<string, string | undefined> } }).process.env;
const zoneBefore = env.TZ;
beforeAll(() => {
  env.TZ = 'America/New_York';
});
afterAll(() => {
  if (zoneBefore === undefined) delete env.TZ;
  else env.TZ = zoneBefore;
});

function setInput(label: RegExp, value: string, scope: HTMLElement) {
  fireEvent.change(within(scope).getByLabelText(label), { target: { value } });
}

describe('the event dialog', () => {
  it('names an end before the start and an all-day event over 31 days next to the end, and saves nothing', async () => {
    const { user, bridge } = await openCalendar();
    await user.click(screen.getByRole('button', { name: 'New event' }));
    const dialog = await screen.findByRole('dialog', { name: 'New event' });

    await user.type(within(dialog).getByLabelText(/^Title/), 'Pipeline review');
    setInput(/^Starts/, '2026-11-05T14:30', dialog);
    setInput(/^Ends/, '2026-11-05T13:00', dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Create event' }));
    const end = within(dialog).getByLabelText(/^Ends/);
    expect(end.getAttribute('aria-invalid')).toBe('true');
    expect(within(dialog).getByText('The end must be after the start.')).toBeTruthy();

    await user.click(within(dialog).getByLabelText('All day'));
    expect((within(dialog).getByLabelText(/^First day/) as HTMLInputElement).value).toBe('2026-11-05');
    setInput(/^Last day/, '2026-12-15', dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Create event' }));
    expect(await within(dialog).findByText('An event lasts at most 31 days.')).toBeTruthy();

    setInput(/^First day/, '', dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Create event' }));
    expect(await within(dialog).findByText('Enter a date.')).toBeTruthy();
    expect(bridge.callsTo('calendar.saveEvent')).toEqual([]);
  });

  it('saves local times as ISO 8601 UTC, and an all-day event as 00:00 UTC days with an exclusive end', async () => {
    const { user, bridge } = await openCalendar();
    await user.click(screen.getByRole('button', { name: 'New event' }));
    let dialog = await screen.findByRole('dialog', { name: 'New event' });
    await user.type(within(dialog).getByLabelText(/^Title/), 'Call with Acme');
    setInput(/^Starts/, '2026-11-05T14:30', dialog);
    setInput(/^Ends/, '2026-11-05T15:15', dialog);
    await user.type(within(dialog).getByLabelText('Location'), 'Room 2');
    await user.selectOptions(within(dialog).getByLabelText('Status'), 'tentative');
    await user.click(within(dialog).getByRole('button', { name: 'Create event' }));

    await waitFor(() => expect(bridge.callsTo('calendar.saveEvent')).toHaveLength(1));
    expect(bridge.callsTo('calendar.saveEvent')[0].event).toEqual({
      title: 'Call with Acme',
      description: null,
      location: 'Room 2',
      startsAt: '2026-11-05T19:30:00.000Z',
      endsAt: '2026-11-05T20:15:00.000Z',
      allDay: false,
      status: 'tentative',
    });
    // The new event is selected and the calendar went to its date.
    const details = screen.getByRole('region', { name: 'Event details' });
    expect(await within(details).findByRole('heading', { name: 'Call with Acme' })).toBeTruthy();
    expect(within(details).getByText('Pending')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'November 2026' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'New event' }));
    dialog = await screen.findByRole('dialog', { name: 'New event' });
    await user.type(within(dialog).getByLabelText(/^Title/), 'Trade fair');
    await user.click(within(dialog).getByLabelText('All day'));
    setInput(/^First day/, '2026-11-05', dialog);
    setInput(/^Last day/, '2026-11-06', dialog);
    await user.click(within(dialog).getByRole('button', { name: 'Create event' }));
    await waitFor(() => expect(bridge.callsTo('calendar.saveEvent')).toHaveLength(2));
    expect(bridge.callsTo('calendar.saveEvent')[1].event).toMatchObject({
      startsAt: '2026-11-05T00:00:00.000Z',
      endsAt: '2026-11-07T00:00:00.000Z',
      allDay: true,
    });
    // Shown on the days it was typed for, though New York's midnight is not UTC's.
    expect(
      await within(details).findByText('Thu, Nov 5, 2026 – Fri, Nov 6, 2026 · All day', { selector: 'span' }),
    ).toBeTruthy();
  });

  it('keeps what was typed as a draft when closed, brings it back, and discards it on request', async () => {
    const { user, fakes } = await openCalendar();
    await user.click(screen.getByRole('button', { name: 'New event' }));
    let dialog = await screen.findByRole('dialog', { name: 'New event' });
    await user.type(within(dialog).getByLabelText(/^Title/), 'Half-written plan');
    // × (like Escape) keeps what was typed; Cancel would throw it away.
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(fakes.drafts.get('calendarEvent:new')).toMatchObject({ title: 'Half-written plan' }));

    await user.click(screen.getByRole('button', { name: 'New event' }));
    dialog = await screen.findByRole('dialog', { name: 'New event' });
    await within(dialog).findByText('Restored the changes you had not saved yet. Save them, or discard the draft.');
    expect((within(dialog).getByLabelText(/^Title/) as HTMLInputElement).value).toBe('Half-written plan');
    await user.click(within(dialog).getByRole('button', { name: 'Discard draft' }));
    expect((within(dialog).getByLabelText(/^Title/) as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(fakes.drafts.has('calendarEvent:new')).toBe(false));
  });

  it('edits the selected event with E, keeping what was not changed', async () => {
    const start = new Date();
    start.setHours(10, 0, 0, 0);
    const event = eventAt(1, 'Budget planning', start, new Date(start.getTime() + 3_600_000));
    const { user, bridge } = await openCalendar([{ ...event, description: 'Q3 numbers', location: 'Elbe' }]);
    await user.click(await screen.findByRole('button', { name: /^Budget planning/ }));
    await within(screen.getByRole('region', { name: 'Event details' })).findByText('Q3 numbers');
    await user.keyboard('e');
    const dialog = await screen.findByRole('dialog', { name: 'Edit event' });
    expect((within(dialog).getByLabelText(/^Starts/) as HTMLInputElement).value).toBe(
      format(start, "yyyy-MM-dd'T'HH:mm"),
    );
    const title = within(dialog).getByLabelText(/^Title/);
    await user.clear(title);
    await user.type(title, 'Budget planning 2027');
    await user.click(within(dialog).getByRole('button', { name: 'Save event' }));
    await waitFor(() => expect(bridge.callsTo('calendar.saveEvent')).toHaveLength(1));
    expect(bridge.callsTo('calendar.saveEvent')[0].event).toEqual({
      id: event.id,
      title: 'Budget planning 2027',
      description: 'Q3 numbers',
      location: 'Elbe',
      startsAt: event.startsAt,
      endsAt: event.endsAt,
      allDay: false,
      status: 'confirmed',
    });
  });

  it('asks before deleting, and deletes nothing when cancelled', async () => {
    const start = new Date();
    start.setHours(9, 0, 0, 0);
    const event = eventAt(2, 'Supplier audit', start, new Date(start.getTime() + 1_800_000));
    const { user, bridge } = await openCalendar([event]);
    await user.click(await screen.findByRole('button', { name: /^Supplier audit/ }));
    const details = screen.getByRole('region', { name: 'Event details' });
    await user.click(await within(details).findByRole('button', { name: 'Delete' }));
    let confirm = await screen.findByRole('dialog', { name: 'Delete event?' });
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(bridge.callsTo('calendar.deleteEvent')).toEqual([]);

    await user.keyboard('{Delete}');
    confirm = await screen.findByRole('dialog', { name: 'Delete event?' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete event' }));
    await waitFor(() => expect(bridge.callsTo('calendar.deleteEvent')).toEqual([{ id: event.id }]));
    expect(await within(details).findByText('No event selected')).toBeTruthy();
  });
});

describe('opening from elsewhere', () => {
  it('shows an event opened from the palette and brings the calendar to its month; the palette also starts a new event', async () => {
    const later = new Date();
    later.setMonth(later.getMonth() + 3, 12);
    later.setHours(9, 0, 0, 0);
    const event = eventAt(6, 'Annual contract renewal', later, new Date(later.getTime() + 3_600_000));
    const { user, bridge } = await openCalendar([event]);
    bridge.handle('search.global', ({ query }) =>
      'annual contract renewal'.includes(query.toLowerCase())
        ? [{ type: 'calendarEvent', hits: [{ id: event.id, title: event.title, subtitle: event.startsAt }], total: 1, more: false }]
        : [],
    );
    await user.keyboard('{Control>}k{/Control}');
    const palette = await screen.findByRole('dialog', { name: 'Search and commands' });
    await user.type(within(palette).getByRole('combobox'), 'Annual contract');
    await within(palette).findByRole('option', { name: /Annual contract renewal/ });
    await user.keyboard('{Enter}');

    const details = screen.getByRole('region', { name: 'Event details' });
    expect(await within(details).findByRole('heading', { name: 'Annual contract renewal' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: format(later, 'MMMM yyyy') })).toBeTruthy();

    await user.keyboard('{Control>}k{/Control}');
    const again = await screen.findByRole('dialog', { name: 'Search and commands' });
    await user.type(within(again).getByRole('combobox'), 'New event');
    await within(again).findByRole('option', { name: /^New event/ });
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'New event' })).toBeTruthy();
  });
});

describe('the calendar views', () => {
  it('switches to the day and agenda views with the switch and with D, A, M and the arrows', async () => {
    const today = new Date();
    const start = new Date(today);
    start.setHours(11, 0, 0, 0);
    const { user, bridge } = await openCalendar([
      eventAt(3, 'Product demo', start, new Date(start.getTime() + 3_600_000)),
    ]);

    await user.click(screen.getByRole('button', { name: 'Day' }));
    expect(await screen.findByRole('heading', { name: format(today, 'EEEE, MMM d, yyyy') })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Day' }).getAttribute('aria-pressed')).toBe('true');
    const ranges = bridge.callsTo('calendar.listEvents');
    const dayRange = ranges[ranges.length - 1];
    expect(Date.parse(dayRange.to) - Date.parse(dayRange.from)).toBe(3 * 86_400_000);
    expect(await screen.findByRole('button', { name: /Product demo/ })).toBeTruthy();

    await user.keyboard('{ArrowRight}');
    expect(await screen.findByRole('heading', { name: format(addDays(today, 1), 'EEEE, MMM d, yyyy') })).toBeTruthy();
    await user.keyboard('t');
    expect(await screen.findByRole('heading', { name: format(today, 'EEEE, MMM d, yyyy') })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Agenda' }));
    const agendaHeading = `${format(startOfDay(today), 'MMM d')} – `;
    expect((await screen.findByRole('heading', { name: new RegExp(`^${agendaHeading}`) })).textContent).toContain(
      format(addDays(today, 30), 'd, yyyy'),
    );
    const agendaEvent = await screen.findByRole('button', { name: 'Product demo' });
    await user.click(agendaEvent);
    const details = screen.getByRole('region', { name: 'Event details' });
    expect(await within(details).findByRole('heading', { name: 'Product demo' })).toBeTruthy();

    await user.keyboard('m');
    expect(await screen.findByRole('heading', { name: format(today, 'MMMM yyyy') })).toBeTruthy();
    await user.keyboard('d');
    expect(await screen.findByRole('heading', { name: format(today, 'EEEE, MMM d, yyyy') })).toBeTruthy();
    await user.keyboard('a');
    expect(screen.getByRole('button', { name: 'Agenda' }).getAttribute('aria-pressed')).toBe('true');
  });

  it('shows an edit waiting to be sent as pending on the grid', async () => {
    const start = new Date();
    start.setHours(15, 0, 0, 0);
    const event = {
      ...eventAt(4, 'Team sync', start, new Date(start.getTime() + 1_800_000)),
      syncState: 'pending' as const,
    };
    await openCalendar([event]);
    const button = await screen.findByRole('button', { name: /^Team sync on .* · 3:00 PM – 3:30 PM Pending$/ });
    expect(within(button).getByText('Pending')).toBeTruthy();
  });
});
