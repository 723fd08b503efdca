/**
 * Recipients of the selected event: choosing several contacts in the picker by search and keys,
 * a pasted list over the limit of 50 per invitation (refused in words, nothing typed lost, the
 * first 50 can be chosen and invited), and removing a recipient with Undo.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fullName } from '../../renderer/src/lib/format';
import { eventAt, openCalendar } from './fakes-calendar';

/** Opens the calendar with one event today, selects it and returns its details region. */
async function selectEvent(recipients: Parameters<typeof eventAt>[0] = 1) {
  const start = new Date();
  start.setHours(10, 0, 0, 0);
  const event = eventAt(recipients, 'Pricing workshop', start, new Date(start.getTime() + 3_600_000));
  const app = await openCalendar([event]);
  await app.user.click(await screen.findByRole('button', { name: /^Pricing workshop/ }));
  const details = screen.getByRole('region', { name: 'Event details' });
  await within(details).findByRole('heading', { name: 'Pricing workshop' });
  return { ...app, event, details };
}

describe('the recipient picker', () => {
  it('finds contacts as you type, chooses several with the keys, and invites them', async () => {
    const { user, bridge, event, details, fakes } = await selectEvent();
    const [first, second] = bridge.data.contacts.filter((c) => c.lastName === bridge.data.contacts[0].lastName);
    await user.click(within(details).getByRole('button', { name: 'Invite people' }));
    const dialog = await screen.findByRole('dialog', { name: 'Invite people to “Pricing workshop”' });
    const search = within(dialog).getByRole('combobox');

    await user.type(search, first.lastName);
    const results = within(dialog).getByRole('listbox', { name: 'Contacts' });
    await within(results).findByRole('option', { name: new RegExp(fullName(second)) });
    expect(
      within(results)
        .getAllByRole('option')
        .every((o) => o.textContent?.includes(first.lastName)),
    ).toBe(true);
    await user.keyboard('{Enter}{ArrowDown}{Enter}');
    expect(
      within(results)
        .getByRole('option', { name: new RegExp(fullName(first)) })
        .getAttribute('aria-selected'),
    ).toBe('true');
    const chosen = within(dialog).getByRole('region', { name: 'Chosen' });
    expect(within(chosen).getByText(fullName(first))).toBeTruthy();
    expect(within(chosen).getByText(fullName(second))).toBeTruthy();

    await user.click(within(dialog).getByRole('button', { name: 'Invite 2 people' }));
    await waitFor(() =>
      expect(bridge.callsTo('calendar.addRecipients')).toEqual([{ id: event.id, contactIds: [first.id, second.id] }]),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    // Nothing is left to keep once everyone chosen was invited.
    await waitFor(() => expect(fakes.drafts.has(`calendarInvite:${event.id}`)).toBe(false));
    const recipients = within(details).getByRole('region', { name: 'Recipients' });
    expect(await within(recipients).findByText(fullName(first))).toBeTruthy();
    expect(within(recipients).getAllByText('No response yet')).toHaveLength(2);
    expect(within(recipients).getAllByText('Pending')).toHaveLength(2);
  });

  it('refuses a pasted list of more than 50 in words, keeps every entry, and invites the first 50 on request', async () => {
    const { user, bridge, event, details } = await selectEvent();
    const people = bridge.data.contacts.slice(0, 62);
    await user.click(within(details).getByRole('button', { name: 'Invite people' }));
    const dialog = await screen.findByRole('dialog', { name: /^Invite people/ });
    const search = within(dialog).getByRole('combobox') as HTMLInputElement;
    await user.click(search);
    await user.paste(people.map((c) => `${fullName(c)} <${c.email}>`).join('\n'));

    const alert = await within(dialog).findByRole('alert');
    expect(alert.textContent).toContain('62 names or e-mail addresses');
    expect(alert.textContent).toContain('at most 50 people');
    for (const person of people) expect(search.value).toContain(person.email);
    expect(bridge.callsTo('calendar.addRecipients')).toEqual([]);

    await user.click(within(alert).getByRole('button', { name: 'Choose the first 50' }));
    const chosen = within(dialog).getByRole('region', { name: 'Chosen' });
    await within(chosen).findByRole('heading', { name: 'Chosen (50 of at most 50)' });
    expect(search.value.split(', ')).toEqual(people.slice(50).map((c) => c.email));

    await user.click(within(dialog).getByRole('button', { name: 'Invite 50 people' }));
    await waitFor(() =>
      expect(bridge.callsTo('calendar.addRecipients')).toEqual([
        { id: event.id, contactIds: people.slice(0, 50).map((c) => c.id) },
      ]),
    );
    // The 12 not yet invited stay, with the picker open for them.
    expect(await within(dialog).findByText(/The rest of your list is still in the search field/)).toBeTruthy();
    expect(search.value.split(', ')).toHaveLength(12);
  });
});

describe('removing a recipient', () => {
  it('takes them off at once and offers Undo, which invites them again', async () => {
    const start = new Date();
    start.setHours(13, 0, 0, 0);
    const event = eventAt(5, 'Site visit', start, new Date(start.getTime() + 3_600_000));
    const app = await openCalendar([]);
    const guest = app.bridge.data.contacts[3];
    app.bridge.data.events.push({
      ...event,
      recipientCount: 1,
      recipients: [{ contactId: guest.id, name: fullName(guest), email: guest.email ?? '', response: 'accepted' }],
    });
    app.bridge.emit('data.changed', { types: ['calendarEvent'] });
    await app.user.click(await screen.findByRole('button', { name: /^Site visit/ }));
    const details = screen.getByRole('region', { name: 'Event details' });
    const recipients = await within(details).findByRole('region', { name: 'Recipients' });
    expect(await within(recipients).findByText('Accepted')).toBeTruthy();

    await app.user.click(within(recipients).getByRole('button', { name: `Remove ${fullName(guest)}` }));
    await waitFor(() =>
      expect(app.bridge.callsTo('calendar.removeRecipient')).toEqual([{ id: event.id, contactId: guest.id }]),
    );
    await waitFor(() => expect(within(recipients).queryByText(fullName(guest))).toBeNull());
    const messages = screen.getByRole('region', { name: 'Messages' });
    await app.user.click(within(messages).getByRole('button', { name: 'Undo' }));
    await waitFor(() =>
      expect(app.bridge.callsTo('calendar.addRecipients')).toEqual([{ id: event.id, contactIds: [guest.id] }]),
    );
    expect(await within(recipients).findByText(fullName(guest))).toBeTruthy();
  });
});
