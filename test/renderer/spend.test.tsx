import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { monthBefore, monthLabel } from '../../renderer/src/views/spend/spend-words';
import { installCompanies } from './fakes-companies';
import { installSpend, makeSpend } from './fakes-spend';
import { renderApp, signedInBridge } from './render-app';

type User = ReturnType<typeof renderApp>['user'];

beforeAll(() => {
  // jsdom has no ResizeObserver; the chart's container asks for one (Chromium has it).
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
});

const now = Date.now();
const month = (back: number) => monthBefore(now, back);

/** Two companies: the first buys from us in USD, the second sells to us in EUR; one sale 20 months ago. */
function spendBridge(overrides: Parameters<typeof signedInBridge>[0] = {}, fetchedAt: string | null = null) {
  const bridge = signedInBridge(overrides);
  const companies = installCompanies(bridge);
  const [customer, supplier] = companies.rows;
  const records = [
    makeSpend(customer.id, month(0), 'sales', 'software', 120_000, 'USD'),
    makeSpend(customer.id, month(0), 'sales', 'support', 30_000, 'USD'),
    makeSpend(customer.id, month(2), 'sales', 'software', 90_000, 'USD'),
    makeSpend(customer.id, month(20), 'sales', 'hardware', 500_000, 'USD'),
    makeSpend(supplier.id, month(1), 'purchases', 'logistics', 45_000, 'EUR'),
    makeSpend(supplier.id, month(2), 'purchases', 'logistics', 55_000, 'EUR'),
    makeSpend(customer.id, month(1), 'purchases', 'services', 10_000, 'USD'),
  ];
  const spend = installSpend(bridge, records, fetchedAt ?? new Date(now - 60_000).toISOString());
  return { bridge, customer, supplier, spend };
}

async function openSpend(user: User) {
  const nav = await screen.findByRole('navigation', { name: 'Main' });
  await user.click(within(nav).getByRole('button', { name: /^Spend/ }));
  return screen.findByRole('region', { name: 'Spend dashboard' });
}

/** The body rows of `table` as the text of their cells. */
function cellsOf(table: HTMLElement) {
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('th, td')].map((cell) => cell.textContent));
}

/** The rows of a chart's table as text cells (month, sales, purchases). */
async function tableOf(user: User, currency: string) {
  const figure = screen.getByRole('figure', { name: `Spend per month in ${currency}` });
  await user.click(within(figure).getByRole('tab', { name: 'Table' }));
  return cellsOf(within(figure).getByRole('table'));
}

describe('spend view', () => {
  it("shows every company's spend per month, one chart per currency, whose table has the same numbers", async () => {
    const { bridge } = spendBridge();
    const { user } = renderApp(bridge);
    const dashboard = await openSpend(user);

    const totals = await within(dashboard).findByRole('table', { name: 'Totals per currency' });
    expect(cellsOf(totals)).toEqual([
      ['USD', '$2,400.00 · 3 records', '$100.00 · 1 record'],
      ['EUR', '—', '€1,000.00 · 2 records'],
    ]);
    // The last 12 months by default: the sale of 20 months ago is left out.
    expect(bridge.callsTo('spend.summary').at(-1)).toEqual({ from: month(11), to: month(0) });

    const usd = screen.getByRole('figure', { name: 'Spend per month in USD' });
    expect(within(usd).getByRole('img', { name: 'Spend per month in USD' })).toBeTruthy();
    expect(within(usd).getByText(/sales \$2,400\.00, purchases \$100\.00\.$/)).toBeTruthy();
    // Currencies are never added together: EUR has a chart of its own.
    expect(screen.getByRole('figure', { name: 'Spend per month in EUR' })).toBeTruthy();

    expect(await tableOf(user, 'USD')).toEqual([
      [monthLabel(month(2)), '$900.00', '—'],
      [monthLabel(month(1)), '—', '$100.00'],
      [monthLabel(month(0)), '$1,500.00', '—'],
    ]);
    // Only purchases in EUR: the chart has no empty Sales series.
    expect(await tableOf(user, 'EUR')).toEqual([
      [monthLabel(month(2)), '€550.00'],
      [monthLabel(month(1)), '€450.00'],
    ]);
  });

  it("narrows by period, category and company, and lists the company's records", async () => {
    const { bridge, customer } = spendBridge();
    const { user } = renderApp(bridge);
    const dashboard = await openSpend(user);
    await within(dashboard).findByRole('figure', { name: 'Spend per month in USD' });

    await user.selectOptions(screen.getByRole('combobox', { name: 'Period' }), 'All months');
    await waitFor(() => expect(bridge.callsTo('spend.summary').at(-1)).toEqual({}));
    expect((await tableOf(user, 'USD'))[0]).toEqual([monthLabel(month(20)), '$5,000.00', '—']);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Software');
    await waitFor(() => expect(bridge.callsTo('spend.summary').at(-1)).toEqual({ category: 'software' }));
    await waitFor(() => expect(screen.queryByRole('figure', { name: 'Spend per month in EUR' })).toBeNull());
    const softwareRows = (await tableOf(user, 'USD')).filter((row) => row[1] !== '—');
    expect(softwareRows).toEqual([
      [monthLabel(month(2)), '$900.00'],
      [monthLabel(month(0)), '$1,200.00'],
    ]);

    await user.type(screen.getByRole('combobox', { name: 'Company' }), customer.name);
    await user.click(await screen.findByRole('option', { name: new RegExp(`^${customer.name}`) }));
    await waitFor(() =>
      expect(bridge.callsTo('spend.records').at(-1)).toEqual({ companyId: customer.id, category: 'software' }),
    );
    expect(screen.getByText(`Spend with ${customer.name}`)).toBeTruthy();
    const records = await screen.findByRole('table', { name: 'Spend records, newest month first' });
    expect(
      within(records)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual([`${monthLabel(month(0))}SoftwareSales$1,200.00`, `${monthLabel(month(2))}SoftwareSales$900.00`]);
  });

  it("charts the largest companies per currency, and a name in its table opens that company's spend", async () => {
    const { bridge, customer, supplier } = spendBridge();
    const { user } = renderApp(bridge);
    const dashboard = await openSpend(user);
    const usd = await within(dashboard).findByRole('figure', { name: 'Largest companies in USD' });
    expect(within(usd).getByText(new RegExp(`the largest is ${customer.name} with \\$2,400\\.00`))).toBeTruthy();
    await user.click(within(usd).getByRole('tab', { name: 'Table' }));
    expect(cellsOf(within(usd).getByRole('table'))).toEqual([[customer.name, '$2,400.00', '$100.00']]);
    const eur = within(dashboard).getByRole('figure', { name: 'Largest companies in EUR' });
    await user.click(within(eur).getByRole('tab', { name: 'Table' }));
    expect(cellsOf(within(eur).getByRole('table'))).toEqual([[supplier.name, '€1,000.00']]);

    await user.click(within(eur).getByRole('button', { name: supplier.name }));
    expect(await screen.findByText(`Spend with ${supplier.name}`)).toBeTruthy();
    await waitFor(() =>
      expect(bridge.callsTo('spend.records').at(-1)).toEqual({ companyId: supplier.id, from: month(11), to: month(0) }),
    );
    // One company's spend: no chart of the largest companies.
    expect(screen.queryByRole('figure', { name: /^Largest companies/ })).toBeNull();
  });

  it("opens the Spend view for a company from the company page's spend section", async () => {
    const { bridge, supplier } = spendBridge();
    const { user } = renderApp(bridge);
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('button', { name: /^Companies/ }));
    const list = await screen.findByRole('listbox', { name: 'Companies' });
    await user.click(await within(list).findByRole('option', { name: new RegExp(`^${supplier.name}`) }));
    const section = await screen.findByRole('region', { name: 'Spend' });
    const totals = await within(section).findByRole('table', {
      name: `Spend with ${supplier.name} per currency`,
    });
    expect(cellsOf(totals)).toEqual([['EUR', '—', '€1,000.00 · 2 records']]);
    await user.click(within(section).getByRole('button', { name: `Open spend of ${supplier.name} by month` }));
    await screen.findByRole('region', { name: 'Spend dashboard' });
    expect(screen.getByText(`Spend with ${supplier.name}`)).toBeTruthy();
    await waitFor(() =>
      expect(bridge.callsTo('spend.summary').at(-1)).toEqual({ companyId: supplier.id, from: month(11), to: month(0) }),
    );
    expect(await screen.findByRole('table', { name: 'Spend records, newest month first' })).toBeTruthy();
  });

  it('says how old the spend is while offline, and that it was never fetched', async () => {
    const offline = { sync: { ...signedInBridge().data.sync, state: 'offline' as const } };
    const { bridge, spend } = spendBridge(offline, new Date(now - 2 * 3600_000).toISOString());
    const { user } = renderApp(bridge);
    const dashboard = await openSpend(user);
    expect(await within(dashboard).findByText('Spend as of 2 hours ago (offline).')).toBeTruthy();
    expect(within(dashboard).getByRole('button', { name: 'Refresh spend' })).toHaveProperty('disabled', true);

    spend.fetchedAt = null;
    await user.selectOptions(screen.getByRole('combobox', { name: 'Category' }), 'Training');
    expect(
      await within(dashboard).findByText(
        'This spend was never read on this computer; it shows once the service can be reached.',
      ),
    ).toBeTruthy();
  });
});
