import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { maxSearchLength } from '../../preload/contract';
import { installContactFakes } from './fakes-contacts';
import { renderApp, signedInBridge } from './render-app';

function rowNames(list: HTMLElement): string[] {
  return within(list)
    .getAllByRole('option')
    .map((option) => option.querySelector('.list-row-primary')?.textContent ?? '');
}

describe('contacts: filters, status and deletion', () => {
  it('filters by type and by status next to the search, and says when nothing matches', async () => {
    const bridge = signedInBridge();
    installContactFakes(bridge);
    const { user } = renderApp(bridge);
    await screen.findByText('300 contacts');

    const partners = bridge.data.contacts.filter((c) => c.type === 'partner');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Type' }), 'Partner');
    expect(await screen.findByText(`${partners.length} contacts`)).toBeTruthy();
    expect(bridge.callsTo('contacts.list').at(-1)).toMatchObject({ type: 'partner' });
    const list = screen.getByRole('listbox', { name: 'Contacts' });
    expect(rowNames(list)).toEqual(partners.slice(0, rowNames(list).length).map((c) => `${c.firstName} ${c.lastName}`));

    const archivedPartners = partners.filter((c) => c.state === 'archived');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Status' }), 'Archived only');
    expect(
      await screen.findByText(
        archivedPartners.length === 1 ? '1 contact' : `${archivedPartners.length} contacts`,
        {},
        { timeout: 2000 },
      ),
    ).toBeTruthy();
    for (const option of within(screen.getByRole('listbox', { name: 'Contacts' })).getAllByRole('option')) {
      expect(option.textContent).toContain('Archived');
    }

    await user.type(screen.getByRole('searchbox', { name: 'Search contacts' }), 'nobody-by-this-name');
    expect(await screen.findByText('No contacts match "nobody-by-this-name"')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Show all types and statuses' }));
    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(await screen.findByText('300 contacts')).toBeTruthy();
  });

  it('archives with A (with Undo) and restores with the button, showing the status in words', async () => {
    const bridge = signedInBridge();
    installContactFakes(bridge);
    const { user } = renderApp(bridge);
    const list = await screen.findByRole('listbox', { name: 'Contacts' });
    const contact = bridge.data.contacts.find((c) => c.state === 'active')!;
    await user.click(within(list).getAllByRole('option')[bridge.data.contacts.indexOf(contact)]);
    const details = screen.getByRole('region', { name: 'Contact details' });
    await within(details).findByRole('heading', { name: `${contact.firstName} ${contact.lastName}` });

    fireEvent.keyDown(list, { key: 'a' });
    await waitFor(() => expect(bridge.callsTo('contacts.archive')).toEqual([{ id: contact.id, archived: true }]));
    await within(details).findByRole('button', { name: 'Restore' });
    expect(details.querySelector('.detail-subline')?.textContent).toBe('ArchivedPending');
    const row = within(list).getAllByRole('option')[bridge.data.contacts.indexOf(contact)];
    await waitFor(() => expect(row.textContent).toContain('Archived'));

    await user.click(await screen.findByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(bridge.callsTo('contacts.archive').at(-1)).toEqual({ id: contact.id, archived: false }));
    await within(details).findByRole('button', { name: 'Archive' });

    fireEvent.keyDown(list, { key: 'a' });
    await user.click(await within(details).findByRole('button', { name: 'Restore' }));
    expect(bridge.callsTo('contacts.archive').at(-1)).toEqual({ id: contact.id, archived: false });
  });

  it('asks before deleting (Delete key or button) and deletes only when confirmed', async () => {
    const bridge = signedInBridge();
    installContactFakes(bridge);
    const { user } = renderApp(bridge);
    const list = await screen.findByRole('listbox', { name: 'Contacts' });
    await user.click(within(list).getAllByRole('option')[2]);
    const contact = bridge.data.contacts[2];
    const name = `${contact.firstName} ${contact.lastName}`;
    const details = screen.getByRole('region', { name: 'Contact details' });
    await within(details).findByRole('heading', { name });

    fireEvent.keyDown(list, { key: 'Delete' });
    const confirm = await screen.findByRole('dialog', { name: `Delete ${name}?` });
    expect(confirm.textContent).toMatch(/cannot be undone/);
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(bridge.callsTo('contacts.delete')).toEqual([]);

    await user.click(within(details).getByRole('button', { name: 'Delete…' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: `Delete ${name}?` })).getByRole('button', {
        name: 'Delete contact',
      }),
    );
    await waitFor(() => expect(bridge.callsTo('contacts.delete')).toEqual([{ id: contact.id }]));
    expect(await within(details).findByText('No contact selected')).toBeTruthy();
    expect(await screen.findByText('299 contacts')).toBeTruthy();
  });

  it('holds the search to the bridge’s limit on a long paste and says so, instead of an error', async () => {
    const bridge = signedInBridge();
    installContactFakes(bridge);
    const { user } = renderApp(bridge);
    await screen.findByText('300 contacts');
    const search = screen.getByRole('searchbox', { name: 'Search contacts' }) as HTMLInputElement;
    search.focus();
    await user.paste('x'.repeat(5000));

    expect(search.value).toHaveLength(maxSearchLength);
    expect(await screen.findByText(`No contacts match "${'x'.repeat(maxSearchLength)}"`)).toBeTruthy();
    expect(screen.getByText(/A search uses at most 200 characters/)).toBeTruthy();
    for (const input of bridge.callsTo('contacts.list')) expect(input.query?.length ?? 0).toBeLessThanOrEqual(200);
  });

  it('marks each row and the page with the record’s sync state, and shows a contact opened from the palette', async () => {
    const bridge = signedInBridge();
    installContactFakes(bridge);
    bridge.data.contacts[0].syncState = 'pending';
    bridge.data.contacts[1].syncState = 'conflict';
    const far = bridge.data.contacts[250];
    bridge.handle('search.global', () => [
      { type: 'contact', total: 1, more: false, hits: [{ id: far.id, title: `${far.firstName} ${far.lastName}`, subtitle: null }] },
    ]);
    const { user } = renderApp(bridge);
    const list = await screen.findByRole('listbox', { name: 'Contacts' });
    await screen.findByText('300 contacts');
    const [first, second] = within(list).getAllByRole('option');
    expect(within(first).getByText('Pending')).toBeTruthy();
    expect(within(second).getByText('Conflict')).toBeTruthy();

    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    await user.type(await screen.findByRole('combobox', { name: 'Search everything or type a command' }), far.lastName);
    await user.click(await screen.findByRole('option', { name: `${far.firstName} ${far.lastName}` }));
    const details = screen.getByRole('region', { name: 'Contact details' });
    expect(await within(details).findByRole('heading', { name: `${far.firstName} ${far.lastName}` })).toBeTruthy();
  });
});
