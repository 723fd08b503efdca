/**
 * Saved views of the contacts list and a company's latest changes, in browser mode against the
 * real core and reference service: choosing a saved query in Contacts (by keyboard) shows the
 * service's results in the list, a row opens the contact's page, the results' age shows while the
 * service is stopped, "All contacts" returns to the whole list; a company's page lists its contacts
 * most recently updated on the service. The core's handlers are the oracles.
 */
import { describe, expect, it } from 'vitest';
import type { SavedQuery } from '../../preload/contract';
import {
  itEndsHealthy,
  navItem,
  region,
  signedInApp,
  stepTimeoutMs,
  syncStateTimeoutMs,
  waitForCount,
  waitForSyncState,
} from '../helpers/e2e-steps';

describe('saved queries and user lookups', () => {
  const app = signedInApp();
  let germany: SavedQuery;

  const page = () => app.page;
  const contactList = () => page().getByRole('listbox', { name: 'Contacts', exact: true });
  const chooser = () => page().getByRole('combobox', { name: 'Saved view' });
  const chosen = () => page().getByRole('status', { name: 'Chosen saved view' });

  it("chooses a saved query in Contacts and sees the service's results in the list", async () => {
    const queries = await app.host.core.handlers['savedQueries.list']({});
    germany = queries.value.find((query) => query.name === 'Active customers in Germany')!;
    const results = await app.host.core.handlers['savedQueries.results']({ queryId: germany.id, offset: 0, limit: 50 });
    expect(results.total).toBeGreaterThan(0);

    await navItem(page(), 'Contacts').click();
    await waitForCount(contactList().getByRole('option'));
    await chooser().focus();
    await chooser().selectOption({ label: germany.name });
    await page()
      .getByText(`${results.total.toLocaleString('en-US')} contact${results.total === 1 ? '' : 's'}`, { exact: true })
      .waitFor({ timeout: stepTimeoutMs });
    await chosen().getByText(germany.name).waitFor({ timeout: stepTimeoutMs });
    const first = results.rows[0];
    const firstName = `${first.firstName} ${first.lastName}`;
    await expect
      .poll(() => contactList().getByRole('option').first().textContent(), { timeout: stepTimeoutMs })
      .toContain(firstName);
    await app.screenshot('contacts-saved-query');
    await app.axeScan('contacts saved query');

    await contactList().getByRole('option', { name: firstName }).first().click();
    await region(page(), 'Contact details').getByRole('heading', { name: firstName }).first().waitFor({
      timeout: stepTimeoutMs,
    });
  });

  it('shows the age of the results while the service is stopped, and "All contacts" returns to the whole list', {
    timeout: 2 * syncStateTimeoutMs + 30_000,
  }, async () => {
    await app.stopService();
    await waitForSyncState(page(), 'Offline');
    await chosen()
      .getByText(/Results from the service, as of .* \(offline\)\./)
      .waitFor({ timeout: stepTimeoutMs });
    await app.screenshot('contacts-saved-query-offline');
    await app.axeScan('contacts saved query offline');

    await chosen().getByRole('button', { name: 'All contacts' }).click();
    const all = await app.host.core.handlers['contacts.list']({ offset: 0, limit: 1 });
    await page()
      .getByText(`${all.total.toLocaleString('en-US')} contacts`, { exact: true })
      .waitFor({
        timeout: stepTimeoutMs,
      });
    await expect(chooser().inputValue()).resolves.toBe('');
    await app.restartService();
    await waitForSyncState(page(), 'Synced');
  });

  it("shows a company's contacts most recently updated on the service on its page", async () => {
    const { rows } = await app.host.core.handlers['companies.list']({ offset: 0, limit: 50 });
    const company = rows.find((row) => row.contactCount > 2)!;
    const recent = await app.host.core.handlers['users.recentAtCompany']({ companyId: company.id });
    expect(recent.value.length).toBeGreaterThan(0);

    await navItem(page(), 'Companies').click();
    await page().getByRole('searchbox', { name: 'Search companies' }).fill(company.name);
    await page()
      .getByRole('listbox', { name: 'Companies', exact: true })
      .getByRole('option', { name: company.name })
      .first()
      .click();
    const section = region(page(), 'Company page').getByRole('region', { name: 'Latest changes on the service' });
    for (const contact of recent.value) {
      await section
        .getByRole('button', { name: `${contact.firstName} ${contact.lastName}` })
        .first()
        .waitFor({ timeout: stepTimeoutMs });
    }
    await section.scrollIntoViewIfNeeded();
    await app.screenshot('company-latest-changes');
    await app.axeScan('company latest changes');

    const [top] = recent.value;
    await section
      .getByRole('button', { name: `${top.firstName} ${top.lastName}` })
      .first()
      .click();
    await region(page(), 'Contact details')
      .getByRole('heading', { name: `${top.firstName} ${top.lastName}` })
      .first()
      .waitFor({ timeout: stepTimeoutMs });
  });

  itEndsHealthy(() => app);
});
