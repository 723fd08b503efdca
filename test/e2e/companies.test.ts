/**
 * Companies in browser mode against the real core and reference service: the list and its search,
 * a company's page with its contacts, branches and deals, opening a company from a contact's
 * company card, editing the phone (offline: queued as pending, then on the service after sync),
 * and a delete the service refuses because deals still name the company, shown in words. The
 * core's handlers and the service (through its contract) are the oracles.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Branch, CompanyRow, ContactRow, Deal } from '../../preload/contract';
import {
  itEndsHealthy,
  navItem,
  region,
  requestSync,
  serviceClientOf,
  signedInApp,
  stepTimeoutMs,
  syncStateTimeoutMs,
  waitForCount,
  waitForSyncState,
} from '../helpers/e2e-steps';
import type { ServerClient } from '../helpers/server-client';

type Company = { id: string; name: string; phone: string | null };

/** What the service relates to a company: its branches (`branches.ofCompany`) and deals (`companies.related`). */
type Related = { branches: Branch[]; deals: Deal[] };

describe('companies', () => {
  const app = signedInApp();
  let service: ServerClient;
  /** A company with contacts, branches and deals. */
  let target: CompanyRow;
  let related: Related;
  let members: ContactRow[];

  beforeAll(async () => {
    service = await serviceClientOf(app);
  });

  const page = () => app.page;
  const companyPage = () => region(page(), 'Company page');
  const companyList = () => page().getByRole('listbox', { name: 'Companies', exact: true });

  /** The first companies (by name) that satisfy `accept`, with what the service relates to them. */
  async function findCompany(
    accept: (row: CompanyRow, related: Related) => boolean,
    skip: readonly string[] = [],
  ): Promise<{ row: CompanyRow; related: Related }> {
    const { rows } = await app.host.core.handlers['companies.list']({ offset: 0, limit: 200 });
    for (const row of rows) {
      if (skip.includes(row.id)) continue;
      const { deals } = (await app.host.core.handlers['companies.related']({ id: row.id })).value;
      const branches = (await app.host.core.handlers['branches.ofCompany']({ companyId: row.id })).value;
      const answer = { branches: branches.map((b) => b.branch), deals };
      if (accept(row, answer)) return { row, related: answer };
    }
    throw new Error('The demo data should hold a company with contacts, branches and deals');
  }

  it('lists the synced companies', async () => {
    await navItem(page(), 'Companies').click();
    await waitForCount(companyList().getByRole('option'));
    const { rows, total } = await app.host.core.handlers['companies.list']({ offset: 0, limit: 50 });
    expect(total).toBeGreaterThan(0);
    const first = rows[0];
    const option = companyList().getByRole('option', { name: first.name }).first();
    await option.waitFor({ timeout: stepTimeoutMs });
    await expect(option.textContent()).resolves.toContain(
      `${first.contactCount} contact${first.contactCount === 1 ? '' : 's'}`,
    );
    await page().getByText(`${total} companies`, { exact: true }).waitFor({ timeout: stepTimeoutMs });
    await app.screenshot('companies-list');
    await app.axeScan('companies list');
  });

  it('finds a company with "Search companies" and shows its page with contacts, branches and deals', async () => {
    ({ row: target, related } = await findCompany(
      (row, answer) => row.contactCount > 0 && answer.branches.length > 0 && answer.deals.length > 0,
    ));
    members = (await app.host.core.handlers['contacts.list']({ companyId: target.id, offset: 0, limit: 25 })).rows;
    const expected = await app.host.core.handlers['companies.list']({ query: target.name, offset: 0, limit: 500 });

    await page().getByRole('searchbox', { name: 'Search companies' }).pressSequentially(target.name);
    await expect.poll(() => companyList().getByRole('option').count(), { timeout: stepTimeoutMs }).toBe(expected.total);
    await companyList().getByRole('option', { name: target.name }).first().click();

    const pageRegion = companyPage();
    await pageRegion.getByRole('heading', { name: target.name, level: 2 }).waitFor({ timeout: stepTimeoutMs });
    await pageRegion
      .getByRole('heading', { name: `Contacts (${target.contactCount})` })
      .waitFor({ timeout: stepTimeoutMs });
    for (const contact of members.slice(0, 5)) {
      await pageRegion
        .getByRole('button', { name: `${contact.firstName} ${contact.lastName}` })
        .first()
        .waitFor({ timeout: stepTimeoutMs });
    }
    const branches = pageRegion.getByRole('region', { name: 'Branches' });
    for (const branch of related.branches.slice(0, 5)) {
      await branches.getByRole('rowheader', { name: branch.name }).first().waitFor({ timeout: stepTimeoutMs });
    }
    const deals = pageRegion.getByRole('region', { name: 'Deals' });
    for (const deal of related.deals.slice(0, 5)) {
      await deals.getByText(deal.title, { exact: false }).first().waitFor({ timeout: stepTimeoutMs });
    }
    await app.screenshot('company-page');
    await app.axeScan('company page');
    await pageRegion.getByRole('region', { name: 'Notes' }).scrollIntoViewIfNeeded();
    await app.screenshot('company-page-deals-notes');
  });

  it("opens a company's page from a contact's company card, and the contact again from the page", async () => {
    const { row: other } = await findCompany((row) => row.contactCount > 0, [target.id]);
    const [contact] = (await app.host.core.handlers['contacts.list']({ companyId: other.id, offset: 0, limit: 1 }))
      .rows;
    const name = `${contact.firstName} ${contact.lastName}`;

    await navItem(page(), 'Contacts').click();
    // The company's name in the search too, so a namesake at another company is not the one picked.
    await page().getByRole('searchbox', { name: 'Search contacts' }).fill(`${name} ${other.name}`);
    await page().getByRole('listbox', { name: 'Contacts', exact: true }).getByRole('option', { name }).first().click();
    const card = region(page(), 'Contact details').getByRole('region', { name: `Company: ${other.name}` });
    await card.getByRole('button', { name: other.name }).click();

    await expect
      .poll(() => navItem(page(), 'Companies').getAttribute('aria-current'), { timeout: stepTimeoutMs })
      .toBe('page');
    const pageRegion = companyPage();
    await pageRegion.getByRole('heading', { name: other.name, level: 2 }).waitFor({ timeout: stepTimeoutMs });
    await pageRegion
      .getByRole('heading', { name: `Contacts (${other.contactCount})` })
      .waitFor({ timeout: stepTimeoutMs });
    await pageRegion.getByRole('button', { name }).first().waitFor({ timeout: stepTimeoutMs });
    await page().getByRole('searchbox', { name: 'Search contacts' }).waitFor({ state: 'detached' });

    // And back: a contact on the company's page opens in the Contacts view.
    await pageRegion.getByRole('button', { name }).first().click();
    await region(page(), 'Contact details').getByRole('heading', { name }).first().waitFor({ timeout: stepTimeoutMs });
    await navItem(page(), 'Companies').click();
    await companyPage().getByRole('heading', { name: other.name, level: 2 }).waitFor({ timeout: stepTimeoutMs });
  });

  it('edits the phone offline (pending, with the age of branches and deals), and the service has it after sync', {
    timeout: 2 * syncStateTimeoutMs + 30_000,
  }, async () => {
    const phone = `+49 40 ${String(Date.now()).slice(-7)}`;
    await page().getByRole('searchbox', { name: 'Search companies' }).fill(target.name);
    await companyList().getByRole('option', { name: target.name }).first().click();
    const pageRegion = companyPage();
    await pageRegion.getByRole('heading', { name: target.name, level: 2 }).waitFor({ timeout: stepTimeoutMs });

    await app.stopService();
    await waitForSyncState(page(), 'Offline');
    await pageRegion.getByText(/^Deals as of .+ \(offline\)\.$/).waitFor({ timeout: stepTimeoutMs });

    await pageRegion.getByRole('button', { name: 'Edit', exact: true }).click();
    const dialog = page().getByRole('dialog', { name: `Edit ${target.name}` });
    await dialog.waitFor({ timeout: stepTimeoutMs });
    await dialog.getByRole('textbox', { name: 'Phone' }).fill(phone);
    await app.screenshot('company-edit-form');
    await app.axeScan('company edit form');
    await dialog.getByRole('button', { name: 'Save changes' }).click();
    await dialog.waitFor({ state: 'detached', timeout: stepTimeoutMs });
    await pageRegion.getByText(phone).waitFor({ timeout: stepTimeoutMs });
    await pageRegion.getByText('Pending', { exact: true }).first().waitFor({ timeout: stepTimeoutMs });
    await app.screenshot('company-page-offline');
    await app.axeScan('company page offline');

    await app.restartService();
    await waitForSyncState(page(), 'Synced');
    await pageRegion.getByText('Pending', { exact: true }).waitFor({ state: 'detached', timeout: syncStateTimeoutMs });
    const answer = await service.call('getCompany', { query: { id: target.id } });
    expect(answer.status).toBe(200);
    expect((answer.body as Company).phone).toBe(phone);
  });

  it('asks before deleting a company that deals still name, and shows the refusal in words', {
    timeout: syncStateTimeoutMs + 30_000,
  }, async () => {
    // A company whose only ties are deals: its contacts move away on the service first.
    const { row: company, related: ties } = await findCompany((_row, answer) => answer.deals.length > 0, [target.id]);
    expect(ties.deals.length).toBeGreaterThan(0);
    const contacts = (await app.host.core.handlers['contacts.list']({ companyId: company.id, offset: 0, limit: 500 }))
      .rows;
    for (const contact of contacts) {
      const moved = await service.call('saveUser', {
        body: { id: contact.id, firstName: contact.firstName, lastName: contact.lastName, companyId: null },
      });
      expect(moved.status).toBe(200);
    }
    await requestSync(page());
    await expect
      .poll(async () => (await app.host.core.handlers['companies.get']({ id: company.id }))?.contactCount, {
        timeout: syncStateTimeoutMs,
      })
      .toBe(0);

    await page().getByRole('searchbox', { name: 'Search companies' }).fill(company.name);
    await companyList().getByRole('option', { name: company.name }).first().click();
    const pageRegion = companyPage();
    await pageRegion.getByRole('heading', { name: company.name, level: 2 }).waitFor({ timeout: stepTimeoutMs });
    await pageRegion.getByRole('button', { name: 'Delete…' }).click();
    const confirm = page().getByRole('dialog', { name: `Delete ${company.name}?` });
    await confirm.waitFor({ timeout: stepTimeoutMs });
    await app.screenshot('company-delete-confirm');
    await app.axeScan('company delete confirmation');
    await confirm.getByRole('button', { name: 'Delete company' }).click();

    const refusal = pageRegion.getByRole('alert').filter({ hasText: `The service refused to delete ${company.name}.` });
    await refusal.waitFor({ timeout: syncStateTimeoutMs });
    const text = (await refusal.textContent()) ?? '';
    expect(text).toContain('409');
    expect(text).toContain(`Deals or rebates still name ${company.name}`);
    // The service's reason is shown as it said it, without advice that does not fit a refused delete.
    expect(text).not.toContain('..');
    expect(text).not.toContain('Someone else changed it');
    await pageRegion.getByText('Refused', { exact: true }).first().waitFor({ timeout: stepTimeoutMs });
    expect((await service.call('getCompany', { query: { id: company.id } })).status).toBe(200);
    await app.screenshot('company-delete-refused');
    await app.axeScan('company delete refused');

    await refusal.getByRole('button', { name: 'Keep the company' }).click();
    await refusal.waitFor({ state: 'detached', timeout: stepTimeoutMs });
    await pageRegion.getByRole('heading', { name: company.name, level: 2 }).waitFor({ timeout: stepTimeoutMs });
  });

  itEndsHealthy(() => app);
});
