import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { installCompanies, makeBranch, makeDeal } from './fakes-companies';
import { renderApp, signedInBridge } from './render-app';

const hourAgo = () => new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString();

async function openCompanies(user: ReturnType<typeof renderApp>['user']) {
  const nav = await screen.findByRole('navigation', { name: 'Main' });
  await user.click(within(nav).getByRole('button', { name: /^Companies/ }));
  return screen.findByRole('listbox', { name: 'Companies' });
}

function page() {
  return screen.getByRole('region', { name: 'Company page' });
}

describe('companies view', () => {
  it('lists companies with industry, city and contact count, narrows them as the user types, and opens the page', async () => {
    const bridge = signedInBridge();
    const companies = installCompanies(bridge);
    const { user } = renderApp(bridge);

    const list = await openCompanies(user);
    expect(await screen.findByText('12 companies')).toBeTruthy();
    const first = [...companies.rows].sort((a, b) => a.name.localeCompare(b.name))[0];
    const count = bridge.data.contacts.filter((c) => c.companyId === first.id).length;
    const option = await within(list).findByRole('option', { name: new RegExp(`^${first.name}`) });
    expect(option.textContent).toContain(`${first.industry} · ${first.city}, ${first.country}`);
    expect(option.textContent).toContain(`${count} contacts`);
    for (const input of bridge.callsTo('companies.list')) expect(input.limit).toBeLessThanOrEqual(200);

    const target = companies.rows.find((row) => row.name === 'Kestrel GmbH')!;
    await user.type(screen.getByRole('searchbox', { name: 'Search companies' }), 'kestrel');
    await screen.findByText('1 company matches "kestrel"');
    const options = within(screen.getByRole('listbox', { name: 'Companies' })).getAllByRole('option');
    expect(options).toHaveLength(1);
    expect(bridge.callsTo('companies.list').at(-1)?.query).toBe('kestrel');

    await user.click(options[0]);
    expect(await within(page()).findByRole('heading', { name: 'Kestrel GmbH', level: 2 })).toBeTruthy();
    expect(within(page()).getByText(target.phone!)).toBeTruthy();
  });

  it('shows a designed empty state when no company matches, and Escape clears the search', async () => {
    const bridge = signedInBridge();
    installCompanies(bridge);
    const { user } = renderApp(bridge);
    await openCompanies(user);
    await screen.findByText('12 companies');

    const search = screen.getByRole('searchbox', { name: 'Search companies' });
    expect(search.getAttribute('maxlength')).toBe('200');
    await user.type(search, 'xyzzy');
    expect(await screen.findByText('No companies match "xyzzy"')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(await screen.findByRole('listbox', { name: 'Companies' })).toBeTruthy();
  });

  it("opens a company from a contact's company card, with its details, contacts, branches, deals and notes", async () => {
    const bridge = signedInBridge();
    const companies = installCompanies(bridge);
    const contact = bridge.data.contacts.find((c) => c.company)!;
    const company = companies.rows.find((row) => row.id === contact.companyId)!;
    companies.branches.set(company.id, {
      value: [makeBranch(company.id, 1, 'Hamburg warehouse', 'warehouse')],
      fetchedAt: new Date().toISOString(),
    });
    companies.related.set(company.id, {
      value: {
        deals: [
          makeDeal(company.id, 1, 'Conveyor line retrofit', 'closedWon', 4_850_000),
          makeDeal(company.id, 2, 'Service contract 2027', 'proposal', 120_000_00),
        ],
      },
      fetchedAt: new Date().toISOString(),
    });
    const { user } = renderApp(bridge);

    // Contacts view → the contact → the company card's name.
    const contacts = await screen.findByRole('listbox', { name: 'Contacts' });
    await user.click(within(contacts).getAllByRole('option', { name: new RegExp(contact.firstName) })[0]);
    const details = screen.getByRole('region', { name: 'Contact details' });
    await user.click(await within(details).findByRole('button', { name: company.name }));

    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(
      within(nav)
        .getByRole('button', { name: /^Companies/ })
        .getAttribute('aria-current'),
    ).toBe('page');
    await within(page()).findByRole('heading', { name: company.name, level: 2 });

    const website = within(page()).getByRole('link', { name: new RegExp(company.website!.replace(/[.]/g, '\\.')) });
    expect(website.getAttribute('href')).toBe(`${company.website}/`);
    expect(website.getAttribute('target')).toBe('_blank');
    expect(website.getAttribute('rel')).toBe('noopener noreferrer');

    const members = bridge.data.contacts.filter((c) => c.companyId === company.id);
    const contactsHeading = await within(page()).findByRole('heading', { name: `Contacts (${members.length})` });
    const section = contactsHeading.closest('section')!;
    expect(within(section).getAllByRole('button', { name: /.+/ }).length).toBeGreaterThan(0);
    expect(bridge.callsTo('contacts.list').some((input) => input.companyId === company.id)).toBe(true);

    const branches = within(page()).getByRole('region', { name: 'Branches' });
    expect(within(branches).getByRole('rowheader', { name: 'Hamburg warehouse' })).toBeTruthy();
    expect(within(branches).getByText('Warehouse')).toBeTruthy();
    const deals = within(page()).getByRole('region', { name: 'Deals' });
    expect(within(deals).getByRole('heading', { name: 'Deals (2, 1 open)' })).toBeTruthy();
    expect(within(deals).getByText('€48,500.00')).toBeTruthy();
    expect(within(deals).getByText('Won')).toBeTruthy();
    // Fresh and online: no age line.
    expect(within(page()).queryByText(/^(Branches|Deals) as of/)).toBeNull();
    expect(within(page()).getByRole('region', { name: 'Notes' })).toBeTruthy();
    expect(bridge.callsTo('comments.list').at(-1)).toEqual({ recordType: 'company', recordId: company.id });

    // A contact of the company opens in the Contacts view.
    await user.click(within(section).getAllByRole('button', { name: new RegExp(members[0].lastName) })[0]);
    expect(within(nav).getByRole('button', { name: 'Contacts' }).getAttribute('aria-current')).toBe('page');
  });

  it('says how old the branches and deals are while offline, and that they were never fetched', async () => {
    const bridge = signedInBridge();
    bridge.data.sync = { ...bridge.data.sync, state: 'offline' };
    const companies = installCompanies(bridge);
    const [kept, never] = [...companies.rows].sort((a, b) => a.name.localeCompare(b.name));
    companies.branches.set(kept.id, { value: [], fetchedAt: hourAgo() });
    companies.related.set(kept.id, {
      value: { deals: [makeDeal(kept.id, 3, 'Pilot rollout', 'negotiation', 900_000)] },
      fetchedAt: hourAgo(),
    });
    const { user } = renderApp(bridge);
    const list = await openCompanies(user);

    await user.click(await within(list).findByRole('option', { name: new RegExp(`^${kept.name}`) }));
    expect(await within(page()).findByText('Deals as of 2 hours ago (offline).')).toBeTruthy();
    expect(await within(page()).findByText('Branches as of 2 hours ago (offline).')).toBeTruthy();
    expect(within(page()).getByText('Pilot rollout')).toBeTruthy();
    expect((within(page()).getByRole('button', { name: 'Refresh deals' }) as HTMLButtonElement).disabled).toBe(true);

    await user.click(within(list).getByRole('option', { name: new RegExp(`^${never.name}`) }));
    await within(page()).findByRole('heading', { name: never.name, level: 2 });
    expect(await within(page()).findByText('Deals not fetched yet (offline).')).toBeTruthy();
    expect(await within(page()).findByText('Branches not fetched yet (offline).')).toBeTruthy();
    expect(within(page()).getByText('Not fetched yet: the deals show once the service can be reached.')).toBeTruthy();
  });

  it('checks an edit against the contract before it is queued, shows each message next to its field, then saves as pending', async () => {
    const bridge = signedInBridge();
    const companies = installCompanies(bridge);
    const company = [...companies.rows].sort((a, b) => a.name.localeCompare(b.name))[0];
    const { user } = renderApp(bridge);
    const list = await openCompanies(user);
    await user.click(await within(list).findByRole('option', { name: new RegExp(`^${company.name}`) }));
    await within(page()).findByRole('heading', { name: company.name, level: 2 });

    fireEvent.keyDown(document.body, { key: 'e' });
    const dialog = await screen.findByRole('dialog', { name: `Edit ${company.name}` });
    const name = within(dialog).getByRole('textbox', { name: /^Name/ });
    await user.clear(name);
    const website = within(dialog).getByRole('textbox', { name: 'Website' });
    await user.clear(website);
    await user.type(website, 'www.example.com');
    const country = within(dialog).getByRole('textbox', { name: 'Country' });
    await user.clear(country);
    await user.type(country, 'd1');
    expect((country as HTMLInputElement).value).toBe('D1');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    expect(await within(dialog).findByText('Some fields need a change before this can be saved.')).toBeTruthy();
    const message = (input: HTMLElement) =>
      document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent;
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(message(name)).toBe('is required');
    expect(message(website)).toBe('must be a web address such as https://example.com');
    expect(message(country)).toBe('must be a two-letter country code such as DE');
    expect(bridge.callsTo('companies.save')).toHaveLength(0);

    await user.type(name, 'Nordlicht Handel');
    await user.clear(website);
    await user.type(website, 'https://nordlicht.example');
    await user.clear(country);
    await user.type(country, 'de');
    const phone = within(dialog).getByRole('textbox', { name: 'Phone' });
    await user.clear(phone);
    await user.type(phone, '+49 40 1234 5678');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(bridge.callsTo('companies.save')).toEqual([
      {
        company: {
          id: company.id,
          name: 'Nordlicht Handel',
          industry: company.industry,
          website: 'https://nordlicht.example',
          phone: '+49 40 1234 5678',
          address: { street: company.street, city: company.city, postalCode: company.postalCode, country: 'DE' },
        },
      },
    ]);
    await within(page()).findByRole('heading', { name: 'Nordlicht Handel', level: 2 });
    expect(within(page()).getByText('Pending')).toBeTruthy();
  });

  it('creates a company from "New company" (and the N key) and shows its page as pending', async () => {
    const bridge = signedInBridge();
    installCompanies(bridge);
    const { user } = renderApp(bridge);
    await openCompanies(user);
    await screen.findByText('12 companies');

    fireEvent.keyDown(document.body, { key: 'n' });
    let dialog = await screen.findByRole('dialog', { name: 'New company' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'New company' }));
    dialog = await screen.findByRole('dialog', { name: 'New company' });
    await user.type(within(dialog).getByRole('textbox', { name: /^Name/ }), 'Zander Maschinenbau');
    await user.click(within(dialog).getByRole('button', { name: 'Create company' }));

    await within(page()).findByRole('heading', { name: 'Zander Maschinenbau', level: 2 });
    expect(within(page()).getByText('Pending')).toBeTruthy();
    expect(await screen.findByText('13 companies')).toBeTruthy();
    expect(bridge.callsTo('companies.save')[0]).toEqual({
      company: {
        name: 'Zander Maschinenbau',
        industry: null,
        website: null,
        phone: null,
        address: { street: null, city: null, postalCode: null, country: null },
      },
    });
  });

  it('asks before deleting, and shows the service refusal in words with a way to keep the company', async () => {
    const bridge = signedInBridge();
    const companies = installCompanies(bridge);
    const company = [...companies.rows].sort((a, b) => a.name.localeCompare(b.name))[1];
    const { user } = renderApp(bridge);
    const list = await openCompanies(user);
    await user.click(await within(list).findByRole('option', { name: new RegExp(`^${company.name}`) }));
    await within(page()).findByRole('heading', { name: company.name, level: 2 });

    // The Delete key asks first; Cancel keeps everything.
    fireEvent.keyDown(document.body, { key: 'Delete' });
    let confirm = await screen.findByRole('dialog', { name: `Delete ${company.name}?` });
    expect(document.activeElement).toBe(within(confirm).getByRole('button', { name: 'Cancel' }));
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(bridge.callsTo('companies.delete')).toHaveLength(0);

    await user.click(within(page()).getByRole('button', { name: 'Delete…' }));
    confirm = await screen.findByRole('dialog', { name: `Delete ${company.name}?` });
    await user.click(within(confirm).getByRole('button', { name: 'Delete company' }));
    expect(bridge.callsTo('companies.delete')).toEqual([{ id: company.id }]);
    expect(await within(page()).findByText(`Deleting ${company.name}.`)).toBeTruthy();
    expect(within(page()).getByRole('button', { name: 'Undo delete' })).toBeTruthy();

    const refusal = `The BRM service answered 409: Conflict — Deals or rebates still name ${company.name}; a company they name cannot be deleted.`;
    const entryId = companies.outbox[0].id;
    companies.refuse(entryId, refusal);
    const alert = await within(page()).findByText(`The service refused to delete ${company.name}.`);
    const notice = alert.closest('[role="alert"]') as HTMLElement;
    expect(notice.textContent).toContain(refusal);
    expect(within(notice).getByText(/contacts, deals or rebate agreements still belong to it/)).toBeTruthy();
    expect(within(page()).getByRole('heading', { name: company.name, level: 2 })).toBeTruthy();
    expect(within(page()).getByText('Refused')).toBeTruthy();

    await user.click(within(notice).getByRole('button', { name: 'Keep the company' }));
    expect(bridge.callsTo('outbox.discard')).toEqual([{ id: entryId }]);
    await waitFor(() => expect(within(page()).queryByRole('alert')).toBeNull());
    expect(within(page()).queryByText('Refused')).toBeNull();
  });
});

describe('a website that is not a web address', () => {
  it('is shown as text, not a link, and the edit form refuses it in words', async () => {
    const bridge = signedInBridge();
    const companies = installCompanies(bridge);
    const company = [...companies.rows].sort((a, b) => a.name.localeCompare(b.name))[0];
    company.website = 'javascript:alert(document.domain)';
    const { user } = renderApp(bridge);
    const list = await openCompanies(user);
    await user.click(await within(list).findByRole('option', { name: new RegExp(`^${company.name}`) }));
    await within(page()).findByRole('heading', { name: company.name, level: 2 });

    expect(within(page()).getByText('javascript:alert(document.domain)').closest('a')).toBeNull();
    expect(
      within(page())
        .queryAllByRole('link')
        .some((a) => a.getAttribute('href')?.startsWith('javascript:')),
    ).toBe(false);

    fireEvent.keyDown(document.body, { key: 'e' });
    const dialog = await screen.findByRole('dialog', { name: `Edit ${company.name}` });
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    const website = within(dialog).getByRole('textbox', { name: 'Website' });
    expect(await within(dialog).findByText('Some fields need a change before this can be saved.')).toBeTruthy();
    expect(document.getElementById(website.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'must be a web address starting with http:// or https://',
    );
    expect(bridge.callsTo('companies.save')).toHaveLength(0);
  });
});
