import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installCompanies } from './fakes-companies';
import { installRebates, makeEarning, makeRebate, makeTerms } from './fakes-rebates';
import { renderApp, signedInBridge } from './render-app';

type User = ReturnType<typeof renderApp>['user'];

/** A bridge with two agreements (EUR and USD) over the first contact's company. */
function rebatesBridge(overrides: Parameters<typeof signedInBridge>[0] = {}) {
  const bridge = signedInBridge(overrides);
  const companies = installCompanies(bridge);
  const contact = bridge.data.contacts.find((c) => c.company)!;
  const company = contact.company!;
  const nordic = makeRebate(1, 'Nordic buying group 2026', 'EUR', [company.id]);
  const volume = makeRebate(2, 'Pacific volume rebate', 'USD', [company.id]);
  const rebates = installRebates(
    bridge,
    [nordic, volume],
    [
      makeEarning(nordic, 1, 'Forklift fleet', company.id, 1_000_000),
      makeEarning(nordic, 2, 'Rack systems', company.id, 2_000_000),
      makeEarning(volume, 3, 'Scanner refresh', company.id, 400_000),
    ],
  );
  return { bridge, company, companies, rebates, nordic, volume };
}

async function openRebates(user: User) {
  const nav = await screen.findByRole('navigation', { name: 'Main' });
  await user.click(within(nav).getByRole('button', { name: /^Rebates/ }));
  return screen.findByRole('list', { name: 'Rebate agreements' });
}

async function openCompany(user: User, name: string) {
  const nav = await screen.findByRole('navigation', { name: 'Main' });
  await user.click(within(nav).getByRole('button', { name: /^Companies/ }));
  const list = await screen.findByRole('listbox', { name: 'Companies' });
  await user.click(await within(list).findByRole('option', { name: new RegExp(`^${name}`) }));
  return screen.getByRole('region', { name: 'Company page' });
}

describe('rebates view', () => {
  it('lists the agreements with totals per currency, never added together, and opens an agreement with its earnings', async () => {
    const { bridge, company } = rebatesBridge();
    const { user } = renderApp(bridge);
    const list = await openRebates(user);

    const totals = screen.getByRole('list', { name: 'Earnings of every agreement, per currency' });
    const lines = within(totals)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(lines).toEqual([
      'EUR €450.00 earned on 2 deals worth €30,000.00',
      'USD $60.00 earned on 1 deal worth $4,000.00',
    ]);
    expect(screen.getByText('2 agreements with earnings')).toBeTruthy();

    await user.click(within(list).getByRole('button', { name: /^Nordic buying group 2026/ }));
    const page = await screen.findByRole('article', { name: 'Nordic buying group 2026' });
    expect(within(page).getByText('1.5 % from €0.00; 3 % from €50,000.00')).toBeTruthy();
    const termsRegion = within(page).getByRole('region', { name: 'Rebate terms' });
    expect(within(termsRegion).getByRole('button', { name: company.name })).toBeTruthy();
    const earnings = within(page).getByRole('region', { name: 'Deal earnings' });
    const rows = within(earnings).getAllByRole('row').slice(1);
    expect(rows.map((r) => within(r).getByRole('rowheader').textContent)).toEqual([
      'Forklift fleetHardware',
      'Rack systemsHardware',
    ]);
    expect(rows[0].textContent).toContain('€150.00');
    expect(within(earnings).getByRole('columnheader', { name: 'Earning (EUR)' })).toBeTruthy();
    const summary = within(page).getByRole('region', { name: 'Earnings summary' });
    expect(within(summary).getByRole('list', { name: 'Totals per currency' }).textContent).toContain(
      '€450.00 earned on 2 deals',
    );

    // The arrow keys move to the next agreement and open it.
    await user.keyboard('{ArrowDown}');
    expect(await screen.findByRole('article', { name: 'Pacific volume rebate' })).toBeTruthy();
  });

  it('says how old the rebates are while offline, and that they were never fetched', async () => {
    const { bridge, rebates } = rebatesBridge({ sync: { ...signedInBridge().data.sync, state: 'offline' } });
    rebates.fetchedAt = new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString();
    const { user } = renderApp(bridge);
    await openRebates(user);
    expect(screen.getByText('Rebates as of 2 hours ago (offline).')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refresh rebates' }).hasAttribute('disabled')).toBe(true);

    rebates.fetchedAt = null;
    await user.click(screen.getByRole('button', { name: /^Nordic buying group 2026/ }));
    expect(await screen.findByText(/This rebate was never opened on this computer/)).toBeTruthy();
  });
});

describe('company terms and rebates', () => {
  it('says the terms were never fetched while offline and does not offer to set them', async () => {
    const { bridge, company, rebates } = rebatesBridge({ sync: { ...signedInBridge().data.sync, state: 'offline' } });
    rebates.fetchedAt = null;
    const { user } = renderApp(bridge);
    const page = await openCompany(user, company.name);
    const terms = await within(page).findByRole('region', { name: 'Terms' });
    expect(await within(terms).findByText('Terms not fetched yet (offline).')).toBeTruthy();
    expect(within(terms).getByText(/the terms show, and can be edited, once the service can be reached/)).toBeTruthy();
    expect(within(terms).getByRole('button', { name: 'Set terms' }).hasAttribute('disabled')).toBe(true);
  });

  it("shows a company's terms and its rebates, and a rebate link opens it in the Rebates view", async () => {
    const { bridge, company, rebates } = rebatesBridge();
    const manager = bridge.data.contacts.find((c) => c.type === 'employee')!;
    rebates.terms.set(company.id, makeTerms(company.id, manager.id));
    const { user } = renderApp(bridge);
    const page = await openCompany(user, company.name);

    const terms = await within(page).findByRole('region', { name: 'Terms' });
    expect(await within(terms).findByText('30 days from invoice')).toBeTruthy();
    expect(within(terms).getByText('€50,000.00 (EUR)')).toBeTruthy();
    expect(within(terms).getByText('2.5 %')).toBeTruthy();
    expect(within(terms).getByText(`${manager.firstName} ${manager.lastName}`)).toBeTruthy();

    const section = within(page).getByRole('region', { name: 'Rebates' });
    const list = await within(section).findByRole('list', { name: 'Rebate agreements of this company' });
    await user.click(within(list).getByRole('button', { name: /^Pacific volume rebate/ }));
    expect(await screen.findByRole('article', { name: 'Pacific volume rebate' })).toBeTruthy();
  });

  it('edits the terms in a form that refuses bad values next to their field and queues the save', async () => {
    const { bridge, company, rebates } = rebatesBridge();
    const manager = bridge.data.contacts.find((c) => c.type === 'employee')!;
    rebates.terms.set(company.id, makeTerms(company.id, null));
    const { user } = renderApp(bridge);
    const page = await openCompany(user, company.name);
    const terms = await within(page).findByRole('region', { name: 'Terms' });
    await within(terms).findByText('30 days from invoice');
    await user.click(within(terms).getByRole('button', { name: 'Edit terms' }));

    const dialog = await screen.findByRole('dialog', { name: `Terms of ${company.name}` });
    const days = within(dialog).getByLabelText(/Payment terms/);
    await user.clear(days);
    await user.type(days, '400');
    const currency = within(dialog).getByLabelText(/Currency/);
    await user.clear(currency);
    await user.type(currency, 'eu');
    await user.click(within(dialog).getByRole('button', { name: 'Save terms' }));
    const discountField = within(dialog).getByLabelText(/Standard discount/);
    await user.clear(discountField);
    await user.type(discountField, '150');
    await user.click(within(dialog).getByRole('button', { name: 'Save terms' }));
    expect(await within(dialog).findByText('must be at most 365')).toBeTruthy();
    expect(within(dialog).getByText('has the wrong form')).toBeTruthy();
    // The discount is typed in percent: its limit is said in percent too (10000 basis points).
    expect(within(dialog).getByText('must be at most 100')).toBeTruthy();
    expect(rebates.saves).toEqual([]);

    await user.clear(days);
    await user.type(days, '45');
    await user.type(currency, 'r');
    const limit = within(dialog).getByLabelText(/Credit limit/);
    await user.clear(limit);
    await user.type(limit, '75000.50');
    const discount = within(dialog).getByLabelText(/Standard discount/);
    await user.clear(discount);
    await user.type(discount, '3.25');
    await user.selectOptions(within(dialog).getByLabelText('Account manager'), manager.id);
    await user.click(within(dialog).getByRole('button', { name: 'Save terms' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(rebates.saves).toEqual([
      {
        terms: {
          id: rebates.terms.get(company.id)!.id,
          companyId: company.id,
          paymentTermsDays: 45,
          creditLimit: 7_500_050,
          currency: 'EUR',
          discountBasisPoints: 325,
          accountManagerId: manager.id,
          reviewDate: '2027-06-30',
          notes: 'Annual volume rebate negotiated separately.',
        },
        version: 3,
      },
    ]);
    expect(await within(terms).findByText('45 days from invoice')).toBeTruthy();
    expect(within(terms).getByText(/Your change to these terms is saved here/)).toBeTruthy();
    expect(within(terms).getByText('Pending')).toBeTruthy();

    // The service refuses it: said in its words, on the page and in the form, until it is fixed.
    rebates.refuse(company.id, 'No employee contact 5f0c… exists.');
    expect(
      await within(terms).findByText(/The service refused your change to these terms: No employee contact/),
    ).toBeTruthy();
    expect(within(terms).getByText('Refused')).toBeTruthy();
    await user.click(within(terms).getByRole('button', { name: 'Edit terms' }));
    const again = await screen.findByRole('dialog', { name: `Terms of ${company.name}` });
    expect(within(again).getByText(/The service refused the last change: No employee contact/)).toBeTruthy();
    expect((within(again).getByLabelText(/Payment terms/) as HTMLInputElement).value).toBe('45');
    await user.selectOptions(within(again).getByLabelText('Account manager'), '');
    await user.click(within(again).getByRole('button', { name: 'Save terms' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(rebates.saves.at(-1)?.terms.accountManagerId).toBeNull();
    expect(await within(terms).findByText(/Your change to these terms is saved here/)).toBeTruthy();
  });
});
