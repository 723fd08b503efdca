import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, signedInBridge } from './render-app';

describe('contacts view', () => {
  it('lists contacts in windows, narrows them as the user types, and shows details with the company', async () => {
    const { user, bridge } = renderApp(signedInBridge());

    const list = await screen.findByRole('listbox', { name: 'Contacts' });
    expect(await screen.findByText('300 contacts')).toBeTruthy();
    expect(within(list).getAllByRole('option').length).toBeGreaterThan(5);
    // Only windows are fetched, never the whole table.
    for (const input of bridge.callsTo('contacts.list')) expect(input.limit).toBeLessThanOrEqual(200);

    await user.type(screen.getByRole('searchbox', { name: 'Search contacts' }), 'greta fischer');
    await screen.findByText(/^(1 contact matches|\d+ contacts match) "greta fischer"$/);
    const options = within(screen.getByRole('listbox', { name: 'Contacts' })).getAllByRole('option');
    expect(options.map((option) => option.querySelector('.list-row-primary')?.textContent)).toEqual(
      options.map(() => 'Greta Fischer'),
    );

    await user.click(options[0]);
    const details = await screen.findByRole('region', { name: 'Contact details' });
    const contact = bridge.data.contacts.find((c) => c.firstName === 'Greta' && c.lastName === 'Fischer');
    await within(details).findByRole('heading', { name: 'Greta Fischer' });
    expect(within(details).getByRole('heading', { name: contact?.company?.name })).toBeTruthy();
    expect(within(details).getByText(contact?.company?.website ?? '')).toBeTruthy();
  });

  it('shows a designed empty state when nothing matches, and Escape clears the search', async () => {
    const { user } = renderApp(signedInBridge());
    await screen.findByText('300 contacts');

    const search = screen.getByRole('searchbox', { name: 'Search contacts' });
    await user.type(search, 'xyzzy');
    expect(await screen.findByText('No contacts match "xyzzy"')).toBeTruthy();
    expect(screen.queryByRole('listbox', { name: 'Contacts' })).toBeNull();

    await user.keyboard('{Escape}');
    expect((search as HTMLInputElement).value).toBe('');
    expect(await screen.findByRole('listbox', { name: 'Contacts' })).toBeTruthy();
  });

  it('moves the selection with the arrow keys', async () => {
    const { user } = renderApp(signedInBridge());
    const list = await screen.findByRole('listbox', { name: 'Contacts' });
    await screen.findByText('300 contacts');

    list.focus();
    await user.keyboard('{ArrowDown}{ArrowDown}');
    const options = within(list).getAllByRole('option');
    await waitFor(() => expect(options[1].getAttribute('aria-selected')).toBe('true'));
    expect(list.getAttribute('aria-activedescendant')).toBe(options[1].id);
    const name = options[1].querySelector('.list-row-primary')?.textContent ?? '';
    const details = screen.getByRole('region', { name: 'Contact details' });
    expect(await within(details).findByRole('heading', { name })).toBeTruthy();
  });

  it('queries on every keystroke and paints only the answer to the latest query', async () => {
    const { user, bridge } = renderApp(signedInBridge());
    await screen.findByText('300 contacts');

    // The answer to "g" is held back until "gre" has been answered and painted.
    let releaseFirst = () => {};
    const firstAnswered = new Promise<void>((resolve) => {
      releaseFirst = resolve;
    });
    bridge.handle('contacts.list', async ({ query = '', offset, limit }) => {
      const answer = async (rows: typeof bridge.data.contacts) => ({
        rows: rows.slice(offset, offset + limit).map(({ company: _company, ...row }) => row),
        total: rows.length,
      });
      if (query === 'g') {
        await firstAnswered;
        return answer(bridge.data.contacts);
      }
      const needle = query.toLowerCase();
      return answer(bridge.data.contacts.filter((c) => `${c.firstName} ${c.lastName}`.toLowerCase().includes(needle)));
    });

    await user.type(screen.getByRole('searchbox', { name: 'Search contacts' }), 'gre');
    expect(bridge.callsTo('contacts.list').map((input) => input.query)).toEqual(
      expect.arrayContaining(['g', 'gr', 'gre']),
    );
    await screen.findByText(/^(1 contact matches|\d+ contacts match) "gre"$/);
    releaseFirst();
    await firstAnswered;
    await new Promise((resolve) => setTimeout(resolve, 0));

    expect(screen.getByText(/^(1 contact matches|\d+ contacts match) "gre"$/)).toBeTruthy();
    const names = within(screen.getByRole('listbox', { name: 'Contacts' }))
      .getAllByRole('option')
      .map((option) => option.querySelector('.list-row-primary')?.textContent?.toLowerCase() ?? '');
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name).toContain('gre');
  });

  it('re-reads the visible rows when the core says contacts changed', async () => {
    const { bridge } = renderApp(signedInBridge());
    await screen.findByText('300 contacts');

    bridge.data.contacts = bridge.data.contacts.slice(0, 120);
    bridge.emit('data.changed', { types: ['contact'] });

    expect(await screen.findByText('120 contacts')).toBeTruthy();
  });
});
