/**
 * PIM in the renderer: the Import view's sortable report of a checked file (by row, column,
 * severity and message, with its counts), a mapping file sent through the upload queue and shown
 * waiting while offline, and the calendar's subscription address copied with its Copy button (and
 * what happens when copying is not allowed).
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { FileValidationReport, ImportMapping } from '../../preload/contract';
import { queuedUpload } from './fakes-transfers';
import { renderApp, signedInBridge } from './render-app';

type User = ReturnType<typeof renderApp>['user'];

const mapping: ImportMapping = {
  id: '1e2d3c4b-5a69-4788-9a0b-c1d2e3f4a5b6',
  version: 1,
  name: 'Trade fair leads',
  target: 'contact',
  columns: [
    { column: 'First name', field: 'firstName', required: true, transform: 'trim' },
    { column: 'Last name', field: 'lastName', required: true, transform: 'trim' },
    { column: 'Phone', field: 'phone', required: false, transform: null },
  ],
  ownerId: '0b6d3f0e-2c58-4f4e-8f0e-6d1f5b7f9a11',
  createdAt: '2026-10-01T12:00:00Z',
  updatedAt: '2026-10-01T12:00:00Z',
};

const report: FileValidationReport = {
  target: 'contact',
  mappingId: mapping.id,
  fileName: 'leads.csv',
  header: ['First name', 'Last name', 'E-mail'],
  totals: { rows: 4, valid: 2, invalid: 2, blank: 1 },
  issues: [
    {
      row: 1,
      line: 1,
      column: { name: 'Phone', index: null },
      code: 'missingColumn',
      message: 'The header has no column "Phone" (mapped to phone).',
    },
    { row: 5, line: 6, column: null, code: 'malformedRow', message: 'The row has 4 fields; the header has 3.' },
    {
      row: 3,
      line: 3,
      column: { name: 'Last name', index: 2 },
      code: 'missingRequired',
      message: 'Last name is required.',
    },
  ],
  truncated: false,
};

/** A bridge whose service lists one mapping and answers `report` for any checked file. */
function pimBridge() {
  const bridge = signedInBridge();
  bridge.handle('pim.mappings', async () => ({
    value: { items: [mapping], more: false },
    fetchedAt: new Date().toISOString(),
  }));
  bridge.handle('pim.validateFile', async () => report);
  return bridge;
}

async function openView(user: User, name: RegExp) {
  const nav = await screen.findByRole('navigation', { name: 'Main' });
  await user.click(within(nav).getByRole('button', { name }));
}

/** The report table's rows as [row, column, severity, message]. */
function rowsOf(table: HTMLElement): string[][] {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .filter((_, i) => i !== 3)
        .map((cell) => cell.textContent ?? ''),
    );
}

describe('Import view', () => {
  it('checks a file against a mapping and sorts the report by row, column, severity and message, with its counts', async () => {
    const bridge = pimBridge();
    const { user } = renderApp(bridge);
    await openView(user, /^Import/);
    expect(await screen.findByRole('cell', { name: 'Trade fair leads' })).toBeTruthy();

    await user.selectOptions(screen.getByLabelText('Check against'), 'Mapping: Trade fair leads (Contacts)');
    await user.selectOptions(screen.getByLabelText('Delimiter'), 'Semicolon (;)');
    await user.upload(screen.getByLabelText('CSV file to check'), [
      new File(['First name;Last name\r\nAna;'], 'leads.csv', { type: 'text/csv' }),
    ]);
    const table = await screen.findByRole('table', { name: /Issues found in leads\.csv/ });
    expect(bridge.callsTo('pim.validateFile')).toEqual([
      expect.objectContaining({ mappingId: mapping.id, delimiter: ';' }),
    ]);
    const counts = screen.getByRole('region', { name: 'Counts' });
    expect(counts.textContent).toBe('Rows checked4Valid2Invalid2Blank (not checked)1Issues listed3');

    // As the service listed them (file order).
    expect(rowsOf(table).map((r) => r[0])).toEqual(['1', '5 (line 6)', '3']);
    const header = (name: string) => within(table).getByRole('button', { name });
    await user.click(header('Row'));
    expect(rowsOf(table).map((r) => r[0])).toEqual(['1', '3', '5 (line 6)']);
    expect(within(table).getByRole('columnheader', { name: /Row/ }).getAttribute('aria-sort')).toBe('ascending');
    await user.click(header('Row'));
    expect(rowsOf(table).map((r) => r[0])).toEqual(['5 (line 6)', '3', '1']);
    expect(within(table).getByRole('columnheader', { name: /Row/ }).getAttribute('aria-sort')).toBe('descending');

    // An optional column missing from the header is a warning; the rest are errors.
    await user.click(header('Severity'));
    expect(rowsOf(table).map((r) => r[2])).toEqual(['Error', 'Error', 'Warning']);
    await user.click(header('Column'));
    expect(rowsOf(table).map((r) => r[1])).toEqual(['Last name', 'Phone', 'Whole row']);
    await user.click(header('Message'));
    expect(rowsOf(table).map((r) => r[3])).toEqual([
      'Last name is required.',
      'The header has no column "Phone" (mapped to phone).',
      'The row has 4 fields; the header has 3.',
    ]);
  });

  it("says the service's refusal of a file in its words, and that checking needs the service while offline", async () => {
    const bridge = pimBridge();
    bridge.handle('pim.validateFile', async () => {
      throw Object.assign(new Error('photo.png is not a CSV file, so the BRM service cannot check it.'), {
        code: 'invalid_input',
      });
    });
    const { user } = renderApp(bridge);
    await openView(user, /^Import/);
    await user.upload(screen.getByLabelText('CSV file to check'), [new File(['x'], 'photo.png')]);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'photo.png is not a CSV file, so the BRM service cannot check it.',
    );

    bridge.emit('sync.status', { state: 'offline', lastSyncedAt: null, error: null } as never);
    await waitFor(() =>
      expect(screen.getByRole('button', { name: 'Choose a CSV file to check…' })).toHaveProperty('disabled', true),
    );
    expect(screen.getByRole('region', { name: 'Drop a CSV file to check' }).textContent).toContain(
      'Needs a connection to the service; you are offline.',
    );
  });

  it('sends a mapping file through the upload queue and shows it waiting with the reason', async () => {
    const bridge = pimBridge();
    const waiting = queuedUpload('fair.json', {
      id: 't1',
      bytesTotal: 120,
      error: 'Waiting for the service — it uploads by itself when the connection is back.',
    });
    bridge.handle('pim.uploadMapping', async () => waiting);
    const { user } = renderApp(bridge);
    await openView(user, /^Import/);
    await user.upload(screen.getByLabelText('Mapping file to upload'), [
      new File(['{"name":"Fair"}'], 'fair.json', { type: 'application/json' }),
    ]);
    const sent = await screen.findByRole('list', { name: 'Mapping files sent' });
    expect(sent.textContent).toBe(
      'fair.json: Waiting for the service — it uploads by itself when the connection is back.',
    );
    expect(bridge.callsTo('pim.uploadMapping')).toEqual([{ file: expect.objectContaining({ name: 'fair.json' }) }]);
  });
});

describe('a refused mapping file', () => {
  it("says the service's words and sends it again with Try again", async () => {
    const bridge = pimBridge();
    const refused = queuedUpload('fair.json', {
      id: 't2',
      bytesTotal: 120,
      state: 'failed',
      error: 'Uploading fair.json failed. The BRM service answered 409: a mapping with this name exists.',
    });
    bridge.handle('pim.uploadMapping', async () => refused);
    bridge.handle('transfers.retry', async () => ({ ...refused, state: 'queued', error: null }));
    const { user } = renderApp(bridge);
    await openView(user, /^Import/);
    await user.upload(screen.getByLabelText('Mapping file to upload'), [new File(['{}'], 'fair.json')]);
    const sent = await screen.findByRole('list', { name: 'Mapping files sent' });
    expect(sent.textContent).toContain(
      'Not uploaded. Uploading fair.json failed. The BRM service answered 409: a mapping with this name exists.',
    );
    await user.click(within(sent).getByRole('button', { name: 'Try again' }));
    expect(bridge.callsTo('transfers.retry')).toEqual([{ id: 't2' }]);
    await waitFor(() => expect(sent.textContent).toBe('fair.json: Waiting to be sent…'));
  });
});

describe('calendar subscription', () => {
  const feed = {
    url: 'http://127.0.0.1:4010/api/pim/getPimCalendar?from=2026-10-24T00%3A00%3A00.000Z&to=2027-10-24T00%3A00%3A00.000Z&format=ics',
    access: 'The BRM service gives this calendar only to a request signed in as you.',
  };

  it('shows the address with how the service lets a calendar app in, and copies it', async () => {
    const bridge = signedInBridge();
    bridge.handle('pim.calendarFeed', async () => feed);
    const { user } = renderApp(bridge);
    await openView(user, /^Calendar/);
    await user.click(await screen.findByRole('button', { name: 'Export or subscribe…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your calendar in other apps' });
    const field = await within(dialog).findByLabelText('Subscription address (iCalendar)');
    expect((field as HTMLInputElement).value).toBe(feed.url);
    expect(dialog.textContent).toContain(feed.access);
    const [range] = bridge.callsTo('pim.calendarFeed');
    expect(Date.parse(range.to) - Date.parse(range.from)).toBeLessThanOrEqual(366 * 86_400_000);

    await user.click(within(dialog).getByRole('button', { name: 'Copy address' }));
    expect(await navigator.clipboard.readText()).toBe(feed.url);
    expect(within(dialog).getByRole('status').textContent).toBe('Copied to the clipboard.');
  });

  it('says to press Ctrl+C when copying is not allowed, with the address selected', async () => {
    const bridge = signedInBridge();
    bridge.handle('pim.calendarFeed', async () => feed);
    const { user } = renderApp(bridge);
    await openView(user, /^Calendar/);
    await user.click(await screen.findByRole('button', { name: 'Export or subscribe…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your calendar in other apps' });
    await within(dialog).findByLabelText('Subscription address (iCalendar)');
    Object.defineProperty(navigator.clipboard, 'writeText', {
      configurable: true,
      value: () => Promise.reject(new Error('not allowed')),
    });
    document.execCommand = () => false;
    await user.click(within(dialog).getByRole('button', { name: 'Copy address' }));
    expect(within(dialog).getByRole('status').textContent).toBe(
      'Copying is not allowed here: the address is selected, press Ctrl+C (⌘C on a Mac) to copy it.',
    );
  });
});
