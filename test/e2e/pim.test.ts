/**
 * PIM in browser mode against the real core and reference service: the calendar exported as an
 * iCalendar file (the saved file begins with BEGIN:VCALENDAR and holds the user's events) and its
 * subscription address; in the Import view, a mapping file dropped and sent (the service then has
 * it, and its file saved back is equal), and a CSV file with known errors checked, its report sorted by row and by severity. The
 * service itself is the oracle.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2eApp, startE2eApp } from '../helpers/e2e-harness';
import {
  dropFiles,
  eventually,
  itEndsHealthy,
  navItem,
  signInAndSync,
  stepTimeoutMs,
  waitForSyncState,
} from '../helpers/e2e-steps';
import { ServerClient } from '../helpers/server-client';

/** How long a download may take, ms. */
const transferTimeoutMs = 60_000;

const mapping = {
  name: 'Autumn fair leads',
  target: 'contact',
  columns: [
    { column: 'First name', field: 'firstName', required: true, transform: 'trim' },
    { column: 'Last name', field: 'lastName', required: true, transform: 'trim' },
    { column: 'E-mail', field: 'email', required: false, transform: 'lowercase' },
  ],
};

describe('PIM', () => {
  let app: E2eApp;
  let direct: ServerClient;

  beforeAll(async () => {
    app = await startE2eApp();
    await signInAndSync(app);
    direct = new ServerClient(app.service.url);
    await direct.signIn(app.service.credentials);
  });
  afterAll(async () => {
    await app?.close();
  });

  const page = () => app.page;

  it('exports the calendar as an iCalendar file holding the events the service lists for the range', async () => {
    await navItem(page(), 'Calendar').click();
    await page().getByRole('button', { name: 'Export or subscribe…' }).click();
    const dialog = page().getByRole('dialog', { name: 'Your calendar in other apps' });
    await dialog.getByLabel('From', { exact: true }).fill('2026-01-01');
    await dialog.getByLabel('Until (not included)').fill('2027-01-01');
    await app.screenshot('calendar-export-dialog');
    await app.axeScan('calendar export dialog');
    await dialog.getByRole('button', { name: 'Export .ics file' }).click();
    const saved = dialog.getByText(/^Saved on this computer: .*\.ics$/);
    await saved.waitFor({ timeout: transferTimeoutMs });
    const path = ((await saved.textContent()) ?? '').replace(/^Saved on this computer: /, '');
    const text = await readFile(path, 'utf8');
    expect(text.startsWith('BEGIN:VCALENDAR')).toBe(true);
    const from = new Date('2026-01-01T00:00:00').toISOString();
    const to = new Date('2027-01-01T00:00:00').toISOString();
    const listed = (await direct.call('getPimCalendar', { query: { from, to } })).body as { items: { id: string }[] };
    expect(listed.items.length).toBeGreaterThan(0);
    const uids = [...text.matchAll(/^UID:(.+)$/gm)].map((m) => m[1].trim()).sort();
    expect(uids).toEqual(listed.items.map((e) => `${e.id}@brm`).sort());
    await dialog.getByRole('button', { name: 'Close' }).first().click();
  });

  it('shows the subscription address with a Copy button and no token in it', async () => {
    await page().getByRole('button', { name: 'Export or subscribe…' }).click();
    const dialog = page().getByRole('dialog', { name: 'Your calendar in other apps' });
    const field = dialog.getByLabel('Subscription address (iCalendar)');
    await eventually(
      'the subscription address',
      () => field.inputValue(),
      (value) => value.includes('/api/pim/getPimCalendar'),
    );
    const url = new URL(await field.inputValue());
    expect(url.origin).toBe(app.service.url);
    expect([...url.searchParams.keys()].sort()).toEqual(['format', 'from', 'to']);
    await dialog.getByRole('button', { name: 'Copy address' }).click();
    await dialog
      .getByRole('status')
      .filter({ hasText: /Copied to the clipboard|press Ctrl\+C/ })
      .waitFor();
    await app.screenshot('calendar-subscribe-dialog');
    await app.axeScan('calendar subscribe dialog');
    await dialog.getByRole('button', { name: 'Close' }).first().click();
  });

  it('uploads a dropped mapping file; the service has it and the list shows it', async () => {
    await navItem(page(), 'Import').click();
    await page().getByRole('heading', { name: 'Import mappings' }).waitFor();
    await dropFiles(page().getByRole('region', { name: 'Drop an import mapping file' }), [
      { name: 'autumn.json', mimeType: 'application/json', bytes: Buffer.from(JSON.stringify(mapping)) },
    ]);
    await page()
      .getByRole('list', { name: 'Mapping files sent' })
      .getByText('Uploaded: it is in the list of mappings.')
      .waitFor({ timeout: transferTimeoutMs });
    await page().getByRole('cell', { name: mapping.name, exact: true }).waitFor({ timeout: stepTimeoutMs });
    const listed = (await direct.call('getImportMappingsFile', { query: { q: 'Autumn' } })).body as {
      items: { name: string; columns: unknown }[];
    };
    expect(listed.items).toEqual([expect.objectContaining({ name: mapping.name, columns: mapping.columns })]);
    // Its file saved back to disk is what was uploaded.
    await page()
      .getByRole('button', { name: `Save file… (${mapping.name})` })
      .click();
    const saved = page().getByText(/^Saved on this computer: .*\.json$/);
    await saved.waitFor({ timeout: transferTimeoutMs });
    const path = ((await saved.textContent()) ?? '').replace(/^Saved on this computer: /, '');
    expect(JSON.parse(await readFile(path, 'utf8'))).toEqual(mapping);
    await app.screenshot('import-mappings');
    await app.axeScan('import view with mappings');
  });

  it('checks a CSV file with known errors and sorts its report', async () => {
    await page().getByLabel('Check against').selectOption({ label: 'Mapping: Autumn fair leads (Contacts)' });
    const csv = [
      'First name,Last name,E-mail',
      'Dana,Reyes,dana@example.com',
      'Ola,,ola@example.com',
      'Kim,Lee,kim(at)example',
      'Sam,Roe,dana@example.com',
    ].join('\r\n');
    await dropFiles(page().getByRole('region', { name: 'Drop a CSV file to check' }), [
      { name: 'autumn.csv', mimeType: 'text/csv', bytes: Buffer.from(csv) },
    ]);
    const table = page().getByRole('table', { name: /Issues found in autumn\.csv/ });
    await table.waitFor({ timeout: stepTimeoutMs });
    const counts = await page().getByRole('region', { name: 'Counts' }).textContent();
    expect(counts).toContain('Rows checked4Valid1Invalid3');
    const firstCells = async () =>
      await table.locator('tbody tr').evaluateAll((rows) => rows.map((r) => r.children[0].textContent ?? ''));
    await table.getByRole('button', { name: 'Row' }).click();
    await table.getByRole('button', { name: 'Row' }).click();
    expect(await firstCells()).toEqual(['5', '4', '3']);
    expect(await table.getByRole('columnheader', { name: /Row/ }).getAttribute('aria-sort')).toBe('descending');
    await table.getByRole('button', { name: 'Message' }).click();
    expect(await table.getByRole('columnheader', { name: /Message/ }).getAttribute('aria-sort')).toBe('ascending');
    await app.screenshot('import-validation-report');
    await app.axeScan('import view with a validation report');
  });

  it('says offline that checking a file needs the service', async () => {
    await app.stopService();
    await waitForSyncState(page(), 'Offline');
    expect(await page().getByRole('button', { name: 'Choose a CSV file to check…' }).isDisabled()).toBe(true);
    expect(await page().getByRole('region', { name: 'Drop a CSV file to check' }).textContent()).toContain(
      'Needs a connection to the service',
    );
    await app.screenshot('import-offline');
    await app.restartService();
    await waitForSyncState(page(), 'Synced');
  });

  itEndsHealthy(() => app);
});
