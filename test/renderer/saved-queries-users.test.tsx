/**
 * Saved views of the contacts list (saved queries and the contacts of a type, fetched from the
 * service) and a company's latest changes on its page: chosen by keyboard, read through the same
 * list, opening cached contacts, and saying the answer's age while offline.
 */
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type {
  ContactDetail,
  KeptAnswer,
  SavedQuery,
  ServiceContactRow,
  ServiceContactWindow,
} from '../../preload/contract';
import type { FakeBridge } from './fake-bridge';
import { installCompanies } from './fakes-companies';
import { fakeId } from './fixtures';
import { renderApp, signedInBridge } from './render-app';

const twoHoursAgo = () => new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString();

function savedQuery(n: number, name: string, description: string | null, shared: boolean): SavedQuery {
  return {
    id: fakeId(9, n),
    version: 1,
    name,
    description,
    ownerId: fakeId(8, 1),
    shared,
    filter: {
      q: null,
      type: 'customer',
      state: 'active',
      companyId: null,
      city: null,
      country: 'DE',
      sort: 'lastName',
    },
    createdAt: '2026-03-02T09:00:00Z',
    updatedAt: '2026-03-02T09:00:00Z',
  };
}

const germany = savedQuery(1, 'Active customers in Germany', 'Customers for the Munich trade fair invitations.', false);
const partners = savedQuery(2, 'Partners, recently changed', null, true);

function row(contact: ContactDetail, cached = true): ServiceContactRow {
  const { company: _company, ...rest } = contact;
  return { ...rest, cached };
}

/** Answers the saved-view calls: `results` of each query (by id) and of each type, narrowed by the search like the core. */
function installSavedViews(bridge: FakeBridge, fetchedAt: string | null = new Date().toISOString()) {
  const results = new Map<string, ServiceContactRow[]>();
  bridge.handle(
    'savedQueries.list',
    (): KeptAnswer<SavedQuery[]> => ({
      value: fetchedAt === null ? [] : [germany, partners],
      fetchedAt,
    }),
  );
  const window = (rows: ServiceContactRow[], query: string | undefined, offset: number, limit: number) => {
    const words = (query ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const matching = rows.filter((r) =>
      words.every((w) => `${r.firstName} ${r.lastName} ${r.email ?? ''}`.toLowerCase().includes(w)),
    );
    return { rows: matching.slice(offset, offset + limit), total: matching.length, fetchedAt, complete: true };
  };
  bridge.handle('savedQueries.results', ({ queryId, query, offset, limit }): ServiceContactWindow => {
    if (fetchedAt === null) return { rows: [], total: 0, fetchedAt: null, complete: true };
    return window(results.get(queryId) ?? [], query, offset, limit);
  });
  bridge.handle('users.ofType', ({ ofType, query, offset, limit }): ServiceContactWindow => {
    if (fetchedAt === null) return { rows: [], total: 0, fetchedAt: null, complete: true };
    const rows = bridge.data.contacts.filter((c) => c.type === ofType).map((c) => row(c));
    return window(rows, query, offset, limit);
  });
  return results;
}

function listOptions() {
  return within(screen.getByRole('listbox', { name: 'Contacts' })).getAllByRole('option');
}

describe('saved views of the contacts list', () => {
  it("lists the service's saved queries beside the filters, shows a chosen query's results in the list, and goes back to all contacts", async () => {
    const bridge = signedInBridge();
    const results = installSavedViews(bridge);
    const chosen = bridge.data.contacts.slice(0, 3);
    results.set(
      germany.id,
      chosen.map((c) => row(c)),
    );
    const { user } = renderApp(bridge);
    await screen.findByText('300 contacts');

    const chooser = screen.getByRole('combobox', { name: 'Saved view' });
    const names = within(chooser)
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(names).toEqual(
      expect.arrayContaining(['All contacts', 'Active customers in Germany', 'Partners, recently changed (shared)']),
    );

    // Keyboard: focus the chooser and pick the query.
    chooser.focus();
    await user.selectOptions(chooser, 'Active customers in Germany');
    expect(await screen.findByText('3 contacts')).toBeTruthy();
    expect(listOptions().map((option) => option.querySelector('.list-row-primary')?.textContent)).toEqual(
      chosen.map((c) => `${c.firstName} ${c.lastName}`),
    );
    const status = screen.getByRole('status', { name: 'Chosen saved view' });
    expect(status.textContent).toContain('Active customers in Germany');
    expect(status.textContent).toContain('Customers for the Munich trade fair invitations.');
    expect(status.textContent).toContain('Results from the service.');

    // The view's search narrows the results; a row opens the contact's page.
    await user.type(screen.getByRole('searchbox', { name: 'Search contacts' }), chosen[1].lastName);
    await waitFor(() => expect(bridge.callsTo('savedQueries.results').at(-1)?.query).toBe(chosen[1].lastName));
    await user.click(
      await within(screen.getByRole('listbox', { name: 'Contacts' })).findByRole('option', {
        name: new RegExp(`${chosen[1].firstName} ${chosen[1].lastName}`),
      }),
    );
    const details = screen.getByRole('region', { name: 'Contact details' });
    expect(
      await within(details).findByRole('heading', { name: `${chosen[1].firstName} ${chosen[1].lastName}` }),
    ).toBeTruthy();

    await user.clear(screen.getByRole('searchbox', { name: 'Search contacts' }));
    await user.click(
      within(screen.getByRole('status', { name: 'Chosen saved view' })).getByRole('button', { name: 'All contacts' }),
    );
    expect(await screen.findByText('300 contacts')).toBeTruthy();
    expect((screen.getByRole('combobox', { name: 'Saved view' }) as HTMLSelectElement).value).toBe('');
  });

  it("shows the contacts of a type, latest changes first, from the service's answer", async () => {
    const bridge = signedInBridge();
    installSavedViews(bridge);
    const { user } = renderApp(bridge);
    await screen.findByText('300 contacts');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Saved view' }), 'Partners, latest changes first');
    const partnersCount = bridge.data.contacts.filter((c) => c.type === 'partner').length;
    expect(await screen.findByText(`${partnersCount} contacts`)).toBeTruthy();
    expect(bridge.callsTo('users.ofType').at(-1)).toMatchObject({ ofType: 'partner', offset: 0 });
    expect(screen.getByRole('status', { name: 'Chosen saved view' }).textContent).toContain(
      'Partners, latest changes first',
    );
  });

  it('says how old the results are while offline, and marks a contact not synced yet', async () => {
    const bridge = signedInBridge();
    bridge.data.sync = { ...bridge.data.sync, state: 'offline' };
    const results = installSavedViews(bridge, twoHoursAgo());
    const newcomer = {
      ...row(bridge.data.contacts[2], false),
      id: fakeId(9, 99),
      firstName: 'Nora',
      lastName: 'Newcomer',
    };
    results.set(germany.id, [...bridge.data.contacts.slice(0, 2).map((c) => row(c)), newcomer]);
    const { user } = renderApp(bridge);
    await screen.findByText('300 contacts');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Saved view' }), 'Active customers in Germany');
    expect(await screen.findByText('3 contacts')).toBeTruthy();
    // A contact the service has and this computer not yet says so.
    const marked = listOptions().filter((option) => option.textContent?.includes('Not synced yet'));
    expect(marked.map((option) => option.querySelector('.list-row-primary')?.textContent)).toEqual(['Nora Newcomer']);
    expect(screen.getByRole('status', { name: 'Chosen saved view' }).textContent).toContain(
      'Results from the service, as of 2 hours ago (offline).',
    );
  });

  it('says so when a saved query was never fetched and the service cannot be reached', async () => {
    const bridge = signedInBridge();
    bridge.data.sync = { ...bridge.data.sync, state: 'offline' };
    installSavedViews(bridge, null);
    const { user } = renderApp(bridge);
    await screen.findByText('300 contacts');
    const chooser = screen.getByRole('combobox', { name: 'Saved view' });
    expect(
      await within(chooser).findByRole('option', { name: 'Saved queries show once the service can be reached' }),
    ).toBeTruthy();
    await user.selectOptions(chooser, 'Customers, latest changes first');
    expect(await screen.findByText('No contacts match these filters')).toBeTruthy();
    expect(screen.getByRole('status', { name: 'Chosen saved view' }).textContent).toContain(
      'Not fetched yet: the results show once the service can be reached.',
    );
  });

  it('opens the chooser from the command palette', async () => {
    const bridge = signedInBridge();
    installSavedViews(bridge);
    bridge.handle('search.global', () => []);
    const { user } = renderApp(bridge);
    await screen.findByText('300 contacts');
    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    await user.type(await screen.findByRole('combobox', { name: 'Search everything or type a command' }), 'saved view');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Saved view' })));
  });
});

describe("a company's latest changes on the service", () => {
  it('lists the contacts changed lately with when, opens a cached one, and says the age offline', async () => {
    const bridge = signedInBridge();
    const companies = installCompanies(bridge);
    const company = [...companies.rows].sort((a, b) => a.name.localeCompare(b.name))[0];
    const members = bridge.data.contacts.filter((c) => c.companyId === company.id).slice(0, 2);
    const answer: KeptAnswer<ServiceContactRow[]> = {
      value: [
        { ...row(members[0]), updatedAt: new Date(Date.now() - 3 * 24 * 3600_000).toISOString() },
        { ...row(members[1], false), firstName: 'Nora', lastName: 'Newcomer' },
      ],
      fetchedAt: twoHoursAgo(),
    };
    bridge.handle('users.recentAtCompany', () => answer);
    bridge.data.sync = { ...bridge.data.sync, state: 'offline' };
    const { user } = renderApp(bridge);
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('button', { name: /^Companies/ }));
    const list = await screen.findByRole('listbox', { name: 'Companies' });
    await user.click(await within(list).findByRole('option', { name: new RegExp(`^${company.name}`) }));

    const section = await screen.findByRole('region', { name: 'Latest changes on the service' });
    expect(await within(section).findByText('Latest changes as of 2 hours ago (offline).')).toBeTruthy();
    const first = within(section).getByRole('button', { name: new RegExp(`${members[0].lastName}`) });
    expect(first.textContent).toContain('updated 3 days ago');
    const newcomer = within(section).getByRole('button', { name: /Nora Newcomer/ }) as HTMLButtonElement;
    expect(newcomer.disabled).toBe(true);
    expect(newcomer.textContent).toContain('not on this computer yet');
    expect(
      (within(section).getByRole('button', { name: 'Refresh latest changes' }) as HTMLButtonElement).disabled,
    ).toBe(true);

    await user.click(first);
    expect(within(nav).getByRole('button', { name: 'Contacts' }).getAttribute('aria-current')).toBe('page');
    expect(bridge.callsTo('users.recentAtCompany')[0]).toEqual({ companyId: company.id });
  });
});
