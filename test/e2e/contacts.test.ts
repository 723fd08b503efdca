/**
 * Contacts in browser mode: the list, narrowing it with "Search contacts", and a contact's details
 * with its company. The core's own answers (its handlers) are the oracle for what the view must show.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactRow } from '../../preload/contract';
import { type E2eApp, startE2eApp } from '../helpers/e2e-harness';
import {
  itEndsHealthy,
  navItem,
  region,
  requestSync,
  signInAndSync,
  stepTimeoutMs,
  syncStateTimeoutMs,
  waitForCount,
} from '../helpers/e2e-steps';

describe('contacts', () => {
  let app: E2eApp;
  let target: ContactRow;

  beforeAll(async () => {
    app = await startE2eApp();
    await signInAndSync(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('lists the synced contacts', async () => {
    const { page } = app;
    await navItem(page, 'Contacts').click();
    const list = page.getByRole('listbox', { name: 'Contacts', exact: true });
    await waitForCount(list.getByRole('option'));
    const { rows, total } = await app.host.core.handlers['contacts.list']({ offset: 0, limit: 200 });
    expect(total).toBeGreaterThan(0);
    const first = rows[0];
    await list
      .getByRole('option', { name: `${first.firstName} ${first.lastName}` })
      .first()
      .waitFor({ timeout: stepTimeoutMs });
    const withCompany = rows.find((row) => row.companyName !== null);
    if (!withCompany)
      throw new Error('No contact among the first 200 has a company: the demo data should link contacts to companies');
    target = withCompany;
    await app.screenshot('contacts');
    await app.axeScan('contacts');
  });

  it('narrows the list as the user types in "Search contacts"', async () => {
    const { page } = app;
    const list = page.getByRole('listbox', { name: 'Contacts', exact: true });
    const options = list.getByRole('option');
    const before = await options.count();
    const query = `${target.firstName} ${target.lastName}`;
    const expected = await app.host.core.handlers['contacts.list']({ query, offset: 0, limit: 500 });
    expect(expected.total).toBeGreaterThan(0);
    expect(expected.total).toBeLessThan(before);

    await page.getByRole('searchbox', { name: 'Search contacts' }).pressSequentially(query);
    await expect.poll(() => options.count(), { timeout: stepTimeoutMs }).toBe(expected.total);
    await list.getByRole('option', { name: query }).first().waitFor({ timeout: stepTimeoutMs });
  });

  it('shows the contact and its company in "Contact details" when the contact is clicked', async () => {
    const { page } = app;
    const query = `${target.firstName} ${target.lastName}`;
    await page
      .getByRole('listbox', { name: 'Contacts', exact: true })
      .getByRole('option', { name: query })
      .first()
      .click();
    const details = region(page, 'Contact details');
    await details
      .getByText(target.companyName as string, { exact: false })
      .first()
      .waitFor({ timeout: stepTimeoutMs });
    await details.getByText(query).first().waitFor({ timeout: stepTimeoutMs });
    await app.screenshot('contact-detail');
    await app.axeScan('contact detail');
  });

  it('clearing the search shows every contact again', async () => {
    const { page } = app;
    const search = page.getByRole('searchbox', { name: 'Search contacts' });
    await search.fill('');
    const options = page.getByRole('listbox', { name: 'Contacts', exact: true }).getByRole('option');
    await expect.poll(() => options.count(), { timeout: stepTimeoutMs }).toBeGreaterThan(1);
  });

  it('shows a contact added on the service after the next sync, and drops it once deleted there', async () => {
    const { page } = app;
    const added = app.service.store.saveContact({
      firstName: 'Zephyrine',
      lastName: 'Quillfeather',
      companyId: target.companyId,
      email: 'zephyrine.quillfeather@example.com',
    });
    const search = page.getByRole('searchbox', { name: 'Search contacts' });
    await search.fill('Quillfeather');
    const list = page.getByRole('listbox', { name: 'Contacts', exact: true });
    const option = list.getByRole('option', { name: 'Zephyrine Quillfeather' });
    await requestSync(page);
    await option.first().waitFor({ timeout: syncStateTimeoutMs });
    await option.first().click();
    await region(page, 'Contact details')
      .getByText(target.companyName as string)
      .first()
      .waitFor({ timeout: stepTimeoutMs });

    app.service.store.deleteContact(added.id);
    await requestSync(page);
    await option.first().waitFor({ state: 'detached', timeout: syncStateTimeoutMs });
    await search.fill('');
  });

  itEndsHealthy(() => app);
});
