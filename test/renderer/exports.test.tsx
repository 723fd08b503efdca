/**
 * Exports in the renderer: "Export…" from the command palette and from the Companies view (the
 * suggested export follows the view; the contract's options are sent; the transfer shows in the
 * Transfers panel), offline said in words with nothing started, and "Export this view" writing the
 * list as shown with the shared cell rule.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installCompanies } from './fakes-companies';
import { queuedDownload } from './fakes-transfers';
import { renderApp, signedInBridge } from './render-app';

describe('exports', () => {
  it('starts an export from the command palette with the chosen options, and shows it in the Transfers panel', async () => {
    const bridge = signedInBridge();
    bridge.handle('search.global', () => []);
    const transfer = queuedDownload('psas-2026-11-24.csv');
    bridge.handle('exports.start', () => transfer);
    const { user } = renderApp(bridge);
    await screen.findByRole('navigation', { name: 'Main' });

    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    await user.type(await screen.findByRole('combobox', { name: 'Search everything or type a command' }), 'export');
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Export' });
    // Opened from Contacts: the contacts export is suggested.
    expect((within(dialog).getByRole('combobox', { name: 'What to export' }) as HTMLSelectElement).value).toBe(
      'contacts',
    );
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'What to export' }), 'psas');
    await user.click(within(dialog).getByRole('radio', { name: /Another program/ }));
    await user.click(within(dialog).getByRole('checkbox', { name: /byte order mark/ }));
    fireEvent.change(within(dialog).getByLabelText(/Only records changed since/), { target: { value: '2026-01-31' } });
    await user.click(within(dialog).getByRole('button', { name: 'Export' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Export' })).toBeNull());
    expect(bridge.callsTo('exports.start')).toEqual([
      { target: 'psas', raw: true, bom: true, updatedSince: '2026-01-31T00:00:00Z' },
    ]);
    expect(await screen.findByText(/psas-2026-11-24\.csv is being saved/)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Show transfers' }));
    bridge.emit('transfer.progress', { ...transfer, state: 'running', bytesDone: 2048 });
    const panel = await screen.findByRole('region', { name: 'Transfers' });
    expect(await within(panel).findByText('2 KB so far')).toBeTruthy();
    bridge.emit('transfer.progress', {
      ...transfer,
      state: 'done',
      bytesDone: 4096,
      bytesTotal: 4096,
      localPath: '/tmp/psas.csv',
    });
    expect(await within(panel).findByText(/Downloaded · 4/)).toBeTruthy();
  });

  it('suggests the companies export from the Companies view, keeps the dialog when the save dialog is closed, and shows a refusal', async () => {
    const bridge = signedInBridge();
    installCompanies(bridge);
    let answer: 'closed' | 'refused' = 'closed';
    bridge.handle('exports.start', () => {
      if (answer === 'closed') return null;
      throw Object.assign(new Error('The BRM service refused the export. Try again later.'), { code: 'server_error' });
    });
    const { user } = renderApp(bridge);
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('button', { name: /^Companies/ }));
    await user.click(await screen.findByRole('button', { name: 'Export…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export' });
    expect((within(dialog).getByRole('combobox', { name: 'What to export' }) as HTMLSelectElement).value).toBe(
      'companies',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Export' }));
    await waitFor(() => expect(bridge.callsTo('exports.start')).toHaveLength(1));
    expect(screen.getByRole('dialog', { name: 'Export' })).toBeTruthy();
    expect(bridge.callsTo('exports.start')[0]).toEqual({ target: 'companies', raw: false, bom: false });

    answer = 'refused';
    await user.click(within(dialog).getByRole('button', { name: 'Export' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('refused the export');
  });

  it('says that exporting needs the service while offline, and starts nothing', async () => {
    const bridge = signedInBridge();
    bridge.data.sync = { ...bridge.data.sync, state: 'offline' };
    const { user } = renderApp(bridge);
    await user.click(await screen.findByRole('button', { name: 'Export…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Export' });
    const button = within(dialog).getByRole('button', { name: 'Export' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(within(dialog).getByRole('status').textContent).toContain('Exports are made by the BRM service.');
    expect(bridge.callsTo('exports.start')).toHaveLength(0);
  });

  it('saves the contacts list as shown (its search) as CSV with the shared cell rule, offline too', async () => {
    const bridge = signedInBridge();
    bridge.data.sync = { ...bridge.data.sync, state: 'offline' };
    const target = bridge.data.contacts[0];
    target.jobTitle = '=SUM(A1:A9)';
    bridge.handle('exports.saveViewFile', ({ text }) => ({
      path: '/home/dana/Downloads/Contacts.csv',
      bytes: text.length,
    }));
    const { user } = renderApp(bridge);
    await screen.findByRole('listbox', { name: 'Contacts' });
    await user.type(screen.getByRole('searchbox', { name: 'Search contacts' }), target.lastName);
    await screen.findByText(new RegExp(`match(es)? "${target.lastName}"`));
    await user.click(screen.getByRole('button', { name: 'Export this view' }));

    await waitFor(() => expect(bridge.callsTo('exports.saveViewFile')).toHaveLength(1));
    const { name, text } = bridge.callsTo('exports.saveViewFile')[0];
    expect(name).toMatch(/^Contacts \d{4}-\d{2}-\d{2}\.csv$/);
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(
      '"First name","Last name","E-mail","Phone","Job title","Company","Type","Status","City","Country","Updated"',
    );
    const matching = bridge.data.contacts.filter((c) =>
      [c.firstName, c.lastName, c.email, c.companyName, c.jobTitle]
        .join(' ')
        .toLowerCase()
        .includes(target.lastName.toLowerCase()),
    );
    expect(lines).toHaveLength(matching.length + 2);
    expect(text).toContain(`"${target.firstName}","${target.lastName}"`);
    expect(text).toContain(`"'=SUM(A1:A9)"`);
    expect(await screen.findByText(/saved to \/home\/dana\/Downloads\/Contacts\.csv/)).toBeTruthy();
  });
});
