/**
 * Exports in browser mode against the real core and reference service: "Export…" from the
 * Contacts view starts the contacts export, which finishes in the Transfers panel with a file byte
 * for byte what the service answers (browser mode saves to the downloads folder); "Export this
 * view" saves the searched contacts list as CSV with the shared cell rule. The core's handlers and
 * the service are the oracles.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { dealCategories } from '../../preload/contract';
import { itEndsHealthy, navItem, region, signedInApp, stepTimeoutMs } from '../helpers/e2e-steps';
import { ServerClient } from '../helpers/server-client';

describe('exports', () => {
  const app = signedInApp();

  const page = () => app.page;

  it('exports contacts from the Contacts view and sees the export finish in the Transfers panel', async () => {
    await navItem(page(), 'Contacts').click();
    await page().getByRole('button', { name: 'Export…', exact: true }).click();
    const dialog = page().getByRole('dialog', { name: 'Export', exact: true });
    await dialog.waitFor({ timeout: stepTimeoutMs });
    expect(await dialog.getByRole('combobox', { name: 'What to export' }).inputValue()).toBe('contacts');
    await app.screenshot('export-dialog');
    await app.axeScan('export dialog');

    await dialog.getByRole('button', { name: 'Export', exact: true }).click();
    await page().getByRole('button', { name: 'Show transfers', exact: true }).click();
    const panel = region(page(), 'Transfers');
    const name = `contacts-${new Date().toISOString().slice(0, 10)}.csv`;
    const item = panel.getByRole('listitem').filter({ hasText: name });
    await item.getByText(/^Downloaded · /).waitFor({ timeout: stepTimeoutMs });
    await app.screenshot('export-in-transfers');
    await app.axeScan('transfers with an export');

    const transfer = (await app.host.core.handlers['transfers.list']({})).find((t) => t.name === name);
    expect(transfer?.state).toBe('done');
    const service = new ServerClient(app.service.url);
    await service.signIn(app.service.credentials);
    const answer = await fetch(service.url('exportContacts'), {
      headers: { authorization: `Bearer ${service.token}` },
    });
    const expected = Buffer.from(await answer.arrayBuffer());
    expect((await readFile(transfer!.localPath!)).equals(expected)).toBe(true);
  });

  it('exports the contacts list as shown (its search) from the cache', async () => {
    await navItem(page(), 'Contacts').click();
    const { rows } = await app.host.core.handlers['contacts.list']({ offset: 0, limit: 1 });
    const lastName = rows[0].lastName;
    await page().getByRole('searchbox', { name: 'Search contacts' }).fill(lastName);
    const shown = await app.host.core.handlers['contacts.list']({ query: lastName, offset: 0, limit: 500 });
    await page()
      .getByText(new RegExp(`match(es)? "${lastName}"`))
      .waitFor({ timeout: stepTimeoutMs });
    await page().getByRole('button', { name: 'Export this view', exact: true }).click();
    const toast = page().getByText(/ saved to /);
    await toast.waitFor({ timeout: stepTimeoutMs });
    await app.screenshot('export-view-saved');
    const path = (await toast.textContent())!.replace(/^.* saved to /, '').replace(/\.$/, '');
    const text = await readFile(path, 'utf8');
    const lines = text.split('\r\n');
    expect(lines[0]).toContain('"First name","Last name"');
    expect(lines).toHaveLength(shown.total + 2);
    for (const row of shown.rows) expect(text).toContain(`"${row.firstName}","${row.lastName}"`);
  });

  it('suggests the deals and rebates exports from their views, and saves the deals board as shown', async () => {
    const dialog = page().getByRole('dialog', { name: 'Export', exact: true });
    for (const [view, target] of [
      ['Rebates', 'grebates'],
      ['Deals', 'psas'],
    ] as const) {
      await navItem(page(), view).click();
      await page().getByRole('button', { name: 'Export…', exact: true }).click();
      await dialog.waitFor({ timeout: stepTimeoutMs });
      expect(await dialog.getByRole('combobox', { name: 'What to export' }).inputValue()).toBe(target);
      await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
      await dialog.waitFor({ state: 'hidden', timeout: stepTimeoutMs });
    }
    const { value } = await app.host.core.handlers['deals.byCategory']({ category: dealCategories[0] });
    await page().getByRole('button', { name: 'Export this view', exact: true }).click();
    const toast = page().getByText(/ deals? saved to /);
    await toast.waitFor({ timeout: stepTimeoutMs });
    await app.screenshot('export-deals-view');
    await app.axeScan('deals with export buttons');
    const path = (await toast.textContent())!.replace(/^.* saved to /, '').replace(/\.$/, '');
    const lines = (await readFile(path, 'utf8')).split('\r\n');
    expect(lines[0]).toContain('"Title","Company"');
    expect(lines).toHaveLength(value.deals.length + 2);
  });

  itEndsHealthy(() => app);
});
