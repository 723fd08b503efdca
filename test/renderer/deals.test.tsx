import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fullName } from '../../renderer/src/lib/format';
import { installCompanies } from './fakes-companies';
import { installDeals, makeDealRow } from './fakes-deals';
import { renderApp, signedInBridge } from './render-app';

type User = ReturnType<typeof renderApp>['user'];

/** A bridge with five deals of one company: four hardware ones over three stages, one software deal. */
function dealsBridge(overrides: Parameters<typeof signedInBridge>[0] = {}) {
  const bridge = signedInBridge(overrides);
  const contact = bridge.data.contacts.find((c) => c.company)!;
  const company = contact.company!;
  const at = { companyId: company.id, companyName: company.name };
  const deals = installDeals(bridge, [
    makeDealRow(1, 'Forklift fleet', {
      ...at,
      amount: 1_000_000,
      contactId: contact.id,
      contactName: fullName(contact),
    }),
    makeDealRow(2, 'Rack systems', { ...at, amount: 250_000, currency: 'USD' }),
    makeDealRow(3, 'Scanner refresh', { ...at, stage: 'negotiation', amount: 500_000 }),
    makeDealRow(4, 'Handheld pilot', { ...at, stage: 'closedWon', amount: 80_000 }),
    makeDealRow(5, 'ERP licences', { ...at, category: 'software', stage: 'prospecting', amount: 3_000_000 }),
  ]);
  const companies = installCompanies(bridge);
  return { bridge, contact, company, deals, companies };
}

async function openDeals(user: User) {
  const nav = await screen.findByRole('navigation', { name: 'Main' });
  await user.click(within(nav).getByRole('button', { name: /^Deals/ }));
}

const board = (category: string) => screen.findByRole('region', { name: `${category} pipeline` });
const card = (title: string) => screen.getByRole('button', { name: new RegExp(`^${title}`) });
const currentView = () =>
  within(screen.getByRole('navigation', { name: 'Main' }))
    .getAllByRole('button')
    .find((b) => b.getAttribute('aria-current') === 'page')
    ?.textContent?.trim();

describe('deals view', () => {
  it('shows a category as a board of stages with cards and totals per currency, and switches category', async () => {
    const { bridge, company } = dealsBridge();
    const { user } = renderApp(bridge);
    await openDeals(user);

    const hardware = await board('Hardware');
    expect(bridge.callsTo('deals.byCategory')[0]).toEqual({ category: 'hardware' });
    const proposal = within(hardware).getByRole('region', { name: 'Proposal: 2 deals' });
    expect(within(proposal).getByText('Forklift fleet')).toBeTruthy();
    // Euros and dollars are never added together.
    const totals = within(proposal).getByRole('list', { name: /^Totals per currency/ });
    expect(
      within(totals)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['€10,000.00', '$2,500.00']);
    expect(within(proposal).getAllByText(company.name)).toHaveLength(2);
    expect(within(proposal).getAllByText(/^Opened .+ ago$/)).toHaveLength(2);
    expect(within(hardware).getByRole('region', { name: 'Won: 1 deal' }).textContent).toContain('Closed');
    expect(within(hardware).getByRole('region', { name: 'Prospecting: 0 deals' }).textContent).toContain('No deals');
    expect(within(hardware).queryByText('ERP licences')).toBeNull();
    expect(screen.getByText('Hardware: 4 deals')).toBeTruthy();

    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'software');
    const software = await board('Software');
    expect(within(software).getByText('ERP licences')).toBeTruthy();
    expect(within(software).getAllByText('€30,000.00')).toHaveLength(2); // the card and its column's total
    expect(bridge.callsTo('deals.byCategory').at(-1)).toEqual({ category: 'software' });
  });

  it('moves between cards with the arrow keys (one tab stop) and opens one with Enter', async () => {
    const { bridge } = dealsBridge();
    const { user } = renderApp(bridge);
    await openDeals(user);
    await board('Hardware');

    const tabStops = screen.getAllByRole('button').filter((b) => b.classList.contains('deal-card') && b.tabIndex === 0);
    expect(tabStops.map((b) => b.textContent)).toEqual([expect.stringContaining('Forklift fleet')]);
    card('Forklift fleet').focus();
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(card('Rack systems'));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(card('Scanner refresh'));
    expect(card('Scanner refresh').tabIndex).toBe(0);
    expect(card('Forklift fleet').tabIndex).toBe(-1);
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(card('Handheld pilot'));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(card('Handheld pilot'));
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('heading', { name: 'Handheld pilot', level: 2 })).toBeTruthy();
    expect(bridge.callsTo('deals.get').at(-1)).toEqual({ id: expect.any(String) });
  });

  it('draws only the cards in sight of a stage of 1,000 deals; End reaches the last one; a background refresh re-queries', async () => {
    const { bridge, company, deals } = dealsBridge();
    const at = { companyId: company.id, companyName: company.name };
    deals.deals = Array.from({ length: 1_000 }, (_, i) => makeDealRow(100 + i, `Bulk deal ${i + 1}`, at));
    let refreshing = true;
    bridge.handle('deals.byCategory', ({ category }) => ({
      value: { deals: deals.deals.filter((deal) => deal.category === category), complete: true },
      fetchedAt: new Date().toISOString(),
      refreshing,
    }));
    const { user } = renderApp(bridge);
    await openDeals(user);
    const proposal = within(await board('Hardware')).getByRole('region', { name: 'Proposal: 1,000 deals' });
    const drawn = within(proposal)
      .getAllByRole('listitem')
      .filter((item) => item.hasAttribute('aria-posinset'));
    expect(drawn.length).toBeGreaterThan(0);
    expect(drawn.length).toBeLessThan(50);
    expect(drawn[0].getAttribute('aria-setsize')).toBe('1000');
    // The kept answer is shown while the core asks the service again.
    expect(screen.getByRole('button', { name: 'Refreshing…' })).toBeTruthy();

    card('Bulk deal 1').focus();
    await user.keyboard('{End}');
    await waitFor(() => expect(document.activeElement).toBe(card('Bulk deal 1000')));
    expect(card('Bulk deal 1000').tabIndex).toBe(0);
    expect(card('Bulk deal 1000').closest('li')?.getAttribute('aria-posinset')).toBe('1000');

    // The refresh ended: the view asks again and the board shows the new answer.
    refreshing = false;
    deals.deals = [makeDealRow(2_000, 'Fresh deal', at), ...deals.deals.slice(1)];
    const calls = bridge.callsTo('deals.byCategory').length;
    bridge.emit('answers.refreshed', { areas: ['deals'] });
    await waitFor(() => expect(bridge.callsTo('deals.byCategory').length).toBe(calls + 1));
    expect(await screen.findByRole('button', { name: 'Refresh' })).toBeTruthy();
    expect(card('Fresh deal')).toBeTruthy();
  });

  it('opened again, shows the last board at once while it asks the core again', async () => {
    const { bridge } = dealsBridge();
    const { user } = renderApp(bridge);
    await openDeals(user);
    await board('Hardware');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('button', { name: /^Calendar/ }));
    let answer: (value: unknown) => void = () => undefined;
    bridge.handle('deals.byCategory', () => new Promise((resolve) => (answer = resolve as typeof answer)));
    await openDeals(user);
    // The core has not answered yet: the last board is on screen, with its refresh under way.
    expect(within(await board('Hardware')).getByText('Forklift fleet')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Refreshing…' })).toBeTruthy();
    answer({ value: { deals: [], complete: true }, fetchedAt: new Date().toISOString() });
    expect(await screen.findByText('No hardware deals on the service.')).toBeTruthy();
  });

  it("shows a deal's fields and its related deals, which open; Esc goes back; the company link opens the company", async () => {
    const { bridge, contact, company } = dealsBridge();
    const { user } = renderApp(bridge);
    await openDeals(user);
    await board('Hardware');
    await user.click(card('Forklift fleet'));

    const page = await screen.findByRole('article', { name: 'Deal: Forklift fleet' });
    expect(within(page).getByText('€10,000.00')).toBeTruthy();
    expect(within(page).getByText('50%')).toBeTruthy();
    expect(within(page).getByText('Dana Reyes')).toBeTruthy();
    expect(within(page).getAllByText('Proposal')[0].className).toContain('pill');
    expect(within(page).getByRole('button', { name: fullName(contact) })).toBeTruthy();
    const related = within(page).getByRole('region', { name: 'Related deals' });
    const table = await within(related).findByRole('table', { name: `Other deals with ${company.name}` });
    const titles = within(table)
      .getAllByRole('rowheader')
      .map((cell) => within(cell).getByRole('button').textContent);
    expect(titles.sort()).toEqual(['ERP licences', 'Handheld pilot', 'Rack systems', 'Scanner refresh']);
    expect(bridge.callsTo('deals.related').at(-1)).toEqual({ companyId: company.id });
    expect(within(page).getByRole('region', { name: 'Notes' })).toBeTruthy();
    expect(bridge.callsTo('comments.list').at(-1)).toMatchObject({ recordType: 'deal' });

    await user.click(within(table).getByRole('button', { name: 'Rack systems' }));
    expect(await screen.findByRole('article', { name: 'Deal: Rack systems' })).toBeTruthy();
    expect(screen.getByText('$2,500.00')).toBeTruthy();

    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Rack systems', level: 2 }));
    await user.keyboard('{Escape}');
    expect(await board('Hardware')).toBeTruthy();
    // Back on the board, the focus is on the card that was opened.
    await waitFor(() => expect(document.activeElement).toBe(card('Forklift fleet')));

    await user.click(card('Forklift fleet'));
    const again = await screen.findByRole('article', { name: 'Deal: Forklift fleet' });
    await user.click(within(again).getByRole('button', { name: company.name }));
    await waitFor(() => expect(currentView()).toBe('Companies'));
    expect(await screen.findByRole('heading', { name: company.name, level: 2 })).toBeTruthy();
  });

  it('lists the recently changed deals newest first, each opening its page', async () => {
    const { bridge } = dealsBridge();
    const { user } = renderApp(bridge);
    await openDeals(user);
    await board('Hardware');
    await user.click(screen.getByRole('tab', { name: 'Recently changed' }));
    const table = await screen.findByRole('table', { name: 'Recently changed deals' });
    const titles = within(table)
      .getAllByRole('rowheader')
      .map((cell) => within(cell).getByRole('button').textContent);
    expect(titles).toEqual(['ERP licences', 'Handheld pilot', 'Scanner refresh', 'Rack systems', 'Forklift fleet']);
    expect(bridge.callsTo('deals.recent')[0]).toEqual({ limit: 50 });
    await user.click(within(table).getByRole('button', { name: 'Scanner refresh' }));
    expect(await screen.findByRole('article', { name: 'Deal: Scanner refresh' })).toBeTruthy();
  });

  it('says how old the deals are while offline, and that a deal was never fetched', async () => {
    const { bridge, deals } = dealsBridge({ sync: { ...signedInBridge().data.sync, state: 'offline' } });
    deals.fetchedAt = new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString();
    const { user } = renderApp(bridge);
    await openDeals(user);
    await board('Hardware');
    expect(screen.getByText('Hardware deals as of 2 hours ago (offline).')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Refresh' }) as HTMLButtonElement).disabled).toBe(true);
    await user.click(card('Forklift fleet'));
    expect(await screen.findByText('Deal details as of 2 hours ago (offline).')).toBeTruthy();

    deals.fetchedAt = null;
    fireEvent.keyDown(screen.getByRole('article', { name: 'Deal: Forklift fleet' }), { key: 'Escape' });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Category' }), 'software');
    expect(await screen.findByText('Not fetched yet: they show once the service can be reached.')).toBeTruthy();
    expect(screen.getByText('Software deals not fetched yet (offline).')).toBeTruthy();
  });

  it("shows a contact's deals on their page and a company's deals open the deal page", async () => {
    const { bridge, contact, company, companies, deals } = dealsBridge();
    companies.related.set(company.id, {
      value: { deals: deals.deals },
      fetchedAt: new Date().toISOString(),
    });
    const { user } = renderApp(bridge);

    const list = await screen.findByRole('listbox', { name: 'Contacts' });
    await user.click(within(list).getAllByRole('option', { name: new RegExp(contact.firstName) })[0]);
    const details = screen.getByRole('region', { name: 'Contact details' });
    const contactDeals = within(details).getByRole('region', { name: 'Deals' });
    await user.click(await within(contactDeals).findByRole('button', { name: 'Forklift fleet' }));
    expect(bridge.callsTo('deals.related')[0]).toEqual({ contactId: contact.id });
    await waitFor(() => expect(currentView()).toBe('Deals'));
    expect(await screen.findByRole('article', { name: 'Deal: Forklift fleet' })).toBeTruthy();

    await user.click(
      within(screen.getByRole('article', { name: 'Deal: Forklift fleet' })).getByRole('button', { name: company.name }),
    );
    const companyPage = await screen.findByRole('region', { name: 'Company page' });
    const companyDeals = await within(companyPage).findByRole('table', { name: 'Deals of this company' });
    await user.click(within(companyDeals).getByRole('button', { name: 'Scanner refresh' }));
    await waitFor(() => expect(currentView()).toBe('Deals'));
    expect(await screen.findByRole('article', { name: 'Deal: Scanner refresh' })).toBeTruthy();
  });
});
