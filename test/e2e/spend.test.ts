/**
 * Spend in browser mode against the real core and reference service: the Spend view of every
 * company (one chart per currency), a company chosen by typing its name and a period chosen, its
 * chart whose bars are the numbers of its table, its records, the company page's Spend section that
 * opens the view for the company, and the kept spend with its age once the service is gone. The
 * core's handlers are the oracle.
 */
import { describe, expect, it } from 'vitest';
import type { SpendSummary } from '../../preload/contract';
import { formatAmount } from '../../renderer/src/views/companies/related-labels';
import { companyChart, companyCurrencies, currenciesOf, monthBefore } from '../../renderer/src/views/spend/spend-words';
import { itEndsHealthy, navItem, region, signedInApp, stepTimeoutMs, waitForCount } from '../helpers/e2e-steps';

describe('spend', () => {
  const app = signedInApp();
  let company: { id: string; name: string };
  let summary: SpendSummary;

  const page = () => app.page;
  const dashboard = () => region(page(), 'Spend dashboard');
  const figure = (currency: string) => dashboard().getByRole('figure', { name: `Spend per month in ${currency}` });
  const lastMonths = (n: number) => ({ from: monthBefore(Date.now(), n - 1), to: monthBefore(Date.now(), 0) });

  it("opens Spend with every company's spend of the last 12 months, one chart per currency", async () => {
    await navItem(page(), 'Spend').click();
    const { value } = await app.host.core.handlers['spend.summary'](lastMonths(12));
    const currencies = currenciesOf(value);
    expect(currencies.length).toBeGreaterThan(0);
    await figure(currencies[0]).waitFor({ timeout: stepTimeoutMs });
    const monthly = dashboard().getByRole('figure', { name: /^Spend per month in / });
    expect(await waitForCount(monthly, currencies.length)).toBe(currencies.length);
    // One row per currency, its sales and purchases side by side.
    const totals = dashboard().getByRole('table', { name: 'Totals per currency' });
    expect(await totals.getByRole('rowheader').allTextContents()).toEqual(currencies);
    await app.screenshot('spend-all');
    await app.axeScan('spend of every company');
  });

  it('charts the largest companies of each currency, their bars the numbers of the table', async () => {
    const { value } = await app.host.core.handlers['spend.companies'](lastMonths(12));
    const currency = companyCurrencies(value)[0];
    const chart = dashboard().getByRole('figure', { name: `Largest companies in ${currency}` });
    await chart.scrollIntoViewIfNeeded();
    const { categories, series } = companyChart(value, currency);
    const filled = series.flatMap((s) => s.values).filter((v) => v !== null);
    expect(await waitForCount(chart.locator('.recharts-bar-rectangle path'), filled.length)).toBe(filled.length);
    await app.screenshot('spend-largest-companies');
    await chart.getByRole('tab', { name: 'Table' }).click();
    expect(await chart.getByRole('rowheader').allTextContents()).toEqual(categories.map((c) => c.label));
    const cells = await chart.locator('tbody td').allTextContents();
    expect(cells.filter((cell) => cell !== '—')).toEqual(
      categories.flatMap((_, i) =>
        series.flatMap((s) => (s.values[i] === null ? [] : [formatAmount(s.values[i]!, currency)])),
      ),
    );
    await app.axeScan('largest companies table');
  });

  it('chooses a company and a period, and shows its chart and its table with the same numbers', async () => {
    // A company the service has spend records of.
    const { rows } = await app.host.core.handlers['companies.list']({ offset: 0, limit: 500 });
    for (const row of rows) {
      const records = await app.host.core.handlers['spend.records']({ companyId: row.id, ...lastMonths(24) });
      if (records.value.records.length > 2) {
        company = { id: row.id, name: row.name };
        break;
      }
    }
    expect(company).toBeDefined();
    summary = (await app.host.core.handlers['spend.summary']({ companyId: company.id, ...lastMonths(24) })).value;
    const currency = currenciesOf(summary)[0];

    const picker = page().getByRole('combobox', { name: 'Company' });
    await picker.fill(company.name);
    await page()
      .getByRole('option', { name: new RegExp(`^${company.name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) })
      .first()
      .click();
    await page().getByRole('combobox', { name: 'Period' }).selectOption('Last 24 months');
    await page().getByText(`Spend with ${company.name}`, { exact: true }).waitFor({ timeout: stepTimeoutMs });

    // One bar per month and direction with spend: as many as the table's filled cells.
    const months = [...summary.sales.rows, ...summary.purchases.rows].filter((r) => r.currency === currency);
    const chart = figure(currency);
    const bars = chart.locator('.recharts-bar-rectangle path');
    expect(await waitForCount(bars, months.length)).toBe(months.length);
    await expect(chart.getByRole('img', { name: `Spend per month in ${currency}` }).count()).resolves.toBe(1);
    await app.screenshot('spend-company-chart');

    await chart.getByRole('tab', { name: 'Table' }).click();
    const table = chart.getByRole('table');
    await table.waitFor({ timeout: stepTimeoutMs });
    const cells = await table.locator('tbody td').allTextContents();
    const filled = cells.filter((cell) => cell !== '—');
    expect(filled).toHaveLength(months.length);
    expect(filled.sort()).toEqual(months.map((m) => formatAmount(m.amount, currency)).sort());
    const records = dashboard().getByRole('table', { name: 'Spend records, newest month first' });
    const { value } = await app.host.core.handlers['spend.records']({ companyId: company.id, ...lastMonths(24) });
    expect(await waitForCount(records.getByRole('rowheader'), value.records.length)).toBe(value.records.length);
    await app.screenshot('spend-company-table');
    await app.axeScan('spend of a company with its table');
  });

  it("opens the company's page, whose Spend section opens the view for the company", async () => {
    await page()
      .getByRole('button', { name: `Open ${company.name}'s page` })
      .click();
    const section = region(page(), 'Company page').getByRole('region', { name: 'Spend', exact: true });
    await section.getByRole('table').waitFor({ timeout: stepTimeoutMs });
    await section.scrollIntoViewIfNeeded();
    await app.screenshot('company-spend');
    await app.axeScan('company page with its spend');
    await section.getByRole('button', { name: `Open spend of ${company.name} by month` }).click();
    await page().getByText(`Spend with ${company.name}`, { exact: true }).waitFor({ timeout: stepTimeoutMs });
    await figure(currenciesOf(summary)[0]).waitFor({ timeout: stepTimeoutMs });
  });

  it('shows the kept spend with its age once the service is gone', async () => {
    await app.stopService();
    await page().getByRole('combobox', { name: 'Period' }).selectOption('Last 24 months');
    await page()
      .getByText(/^Spend as of .+ \(offline\)\.$/)
      .waitFor({ timeout: stepTimeoutMs });
    await figure(currenciesOf(summary)[0]).waitFor({ timeout: stepTimeoutMs });
    await app.screenshot('spend-offline');
    await app.axeScan('spend offline');
    await app.restartService();
  });

  itEndsHealthy(() => app);
});
