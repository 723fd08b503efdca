/**
 * Rebates and a company's terms in browser mode against the real core and reference service: the
 * Rebates view with its totals per currency, an agreement's page with its summary and deal
 * earnings, its company's page with the company's terms (CMT) edited online and offline (queued
 * and sent once the service is back) and its rebates. The core's handlers are the oracle.
 */
import { describe, expect, it } from 'vitest';
import type { RebateDetail } from '../../preload/contract';
import {
  eventually,
  itEndsHealthy,
  navItem,
  region,
  signedInApp,
  stepTimeoutMs,
  waitForCount,
} from '../helpers/e2e-steps';

describe('rebates and terms', () => {
  const app = signedInApp();
  let detail: RebateDetail;

  const page = () => app.page;
  const agreements = () => page().getByRole('list', { name: 'Rebate agreements', exact: true });
  const companyPage = () => region(page(), 'Company page');
  const terms = () => companyPage().getByRole('region', { name: 'Terms', exact: true });

  it('opens Rebates with every agreement that has earnings and the totals per currency', async () => {
    await navItem(page(), 'Rebates').click();
    const { value } = await app.host.core.handlers['rebates.summary']({ groupBy: 'rebate' });
    expect(await waitForCount(agreements().getByRole('button'), value.rows.length)).toBe(value.rows.length);
    const totals = page().getByRole('list', { name: 'Earnings of every agreement, per currency' });
    expect(await totals.getByRole('listitem').count()).toBe(value.totals.length);
    expect(new Set(value.totals.map((t) => t.currency)).size).toBe(value.totals.length);
    await app.screenshot('rebates-list');
    await app.axeScan('rebates list');
  });

  it('opens an agreement with its summary and its deal earnings per currency', async () => {
    const { value } = await app.host.core.handlers['rebates.summary']({ groupBy: 'rebate' });
    const row = value.rows[0];
    detail = (await app.host.core.handlers['rebates.detail']({ id: row.key })).value!;
    await agreements().getByRole('button').first().click();
    const article = page().getByRole('article', { name: row.label, exact: true });
    const earnings = article.getByRole('region', { name: 'Deal earnings' });
    expect(await waitForCount(earnings.getByRole('rowheader'), detail.earnings.length)).toBe(detail.earnings.length);
    await article
      .getByRole('list', { name: 'Totals per currency' })
      .getByText(row.currency, { exact: true })
      .waitFor({ timeout: stepTimeoutMs });
    await article.getByRole('combobox', { name: 'Group by' }).selectOption('company');
    await article.getByRole('columnheader', { name: 'Company' }).first().waitFor({ timeout: stepTimeoutMs });
    await app.screenshot('rebate-page');
    await app.axeScan('rebate page');
    await earnings.getByRole('table').scrollIntoViewIfNeeded();
    await app.screenshot('rebate-earnings');
  });

  it("edits a company's terms from its page and the service has them", async () => {
    // A company with a deal earning under the agreement, so its page lists the agreement too.
    const companyId = detail.earnings[0].companyId;
    await page()
      .getByRole('region', { name: 'Rebate terms' })
      .getByRole('button', { name: detail.companyNames[companyId], exact: true })
      .click();
    await terms().waitFor({ timeout: stepTimeoutMs });
    await companyPage()
      .getByRole('region', { name: 'Rebates', exact: true })
      .getByRole('button', { name: new RegExp(`^${detail.rebate.name}`) })
      .waitFor({ timeout: stepTimeoutMs });
    const before = await app.host.core.handlers['cmt.get']({ companyId });
    await terms()
      .getByRole('button', { name: before.value ? 'Edit terms' : 'Set terms' })
      .click();
    const dialog = page().getByRole('dialog');
    const days = dialog.getByLabel('Payment terms (days)');
    await days.fill('21');
    if (!before.value) {
      await dialog.getByLabel('Currency').fill(detail.rebate.currency);
      await dialog.getByLabel('Credit limit').fill('25000');
    }
    await app.screenshot('company-terms-form');
    await app.axeScan('company terms form');
    await dialog.getByRole('button', { name: 'Save terms' }).click();
    await dialog.waitFor({ state: 'detached', timeout: stepTimeoutMs });
    await eventually(
      'the service to have the new terms',
      () => app.host.core.handlers['cmt.get']({ companyId }),
      (t) => t.queued === null && t.value?.paymentTermsDays === 21,
    );
    await terms().getByText('21 days from invoice').waitFor({ timeout: stepTimeoutMs });
    await app.screenshot('company-terms');
    await app.axeScan('company terms');

    // Offline the edit is queued like every edit and goes once the service is back.
    await app.stopService();
    await terms().getByRole('button', { name: 'Edit terms' }).click();
    await dialog.getByLabel('Payment terms (days)').fill('45');
    await dialog.getByRole('button', { name: 'Save terms' }).click();
    await dialog.waitFor({ state: 'detached', timeout: stepTimeoutMs });
    await terms()
      .getByText(/Your change to these terms is saved here/)
      .waitFor({ timeout: stepTimeoutMs });
    await terms().getByText('45 days from invoice').waitFor({ timeout: stepTimeoutMs });
    await app.screenshot('company-terms-offline');
    await app.axeScan('company terms offline');
    await app.restartService();
    await eventually(
      'the queued terms to reach the service',
      () => app.host.core.handlers['cmt.get']({ companyId }),
      (t) => t.queued === null && t.value?.paymentTermsDays === 45,
      { timeoutMs: 100_000 },
    );
  });

  itEndsHealthy(() => app);
});
