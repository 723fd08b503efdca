/**
 * Deals in browser mode against the real core and reference service: the pipeline board of a
 * category chosen with the Category field, a deal opened from its card with the keyboard, its page
 * with its related deals (which open), the recently changed deals, and the kept answers with their
 * age once the service is gone. The core's handlers are the oracle.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DealRow, dealStages } from '../../preload/contract';
import { type E2eApp, startE2eApp } from '../helpers/e2e-harness';
import { itEndsHealthy, navItem, region, signInAndSync, stepTimeoutMs, waitForCount } from '../helpers/e2e-steps';

describe('deals', () => {
  let app: E2eApp;
  /** A software deal whose company has other deals too. */
  let deal: DealRow;
  let others: DealRow[];

  beforeAll(async () => {
    app = await startE2eApp();
    await signInAndSync(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  const page = () => app.page;
  const board = (category: string) => region(page(), `${category} pipeline`);
  const cards = (category: string) => board(category).locator('button.deal-card');
  const dealPage = (title: string) => page().getByRole('article', { name: `Deal: ${title}`, exact: true });

  it('opens Deals on the board of the first category, a column per stage with its totals', async () => {
    await navItem(page(), 'Deals').click();
    const { value } = await app.host.core.handlers['deals.byCategory']({ category: 'hardware' });
    await page()
      .getByText(`Hardware: ${value.deals.length} deals`, { exact: true })
      .waitFor({ timeout: stepTimeoutMs });
    // Every deal is counted in its stage's column; the columns draw only the cards in sight.
    const columns = await board('Hardware')
      .getByRole('region')
      .evaluateAll((sections) => sections.map((section) => section.getAttribute('aria-label') ?? ''));
    expect(columns.reduce((sum, name) => sum + Number(/: ([\d,]+) deals?$/.exec(name)?.[1].replace(',', '')), 0)).toBe(
      value.deals.length,
    );
    const drawn = await waitForCount(cards('Hardware'));
    expect(drawn).toBeGreaterThan(0);
    expect(drawn).toBeLessThanOrEqual(value.deals.length);
    const won = value.deals.filter((d) => d.stage === 'closedWon').length;
    await board('Hardware')
      .getByRole('region', { name: `Won: ${won} deal${won === 1 ? '' : 's'}` })
      .waitFor({ timeout: stepTimeoutMs });
    await app.screenshot('deals-board');
    await app.axeScan('deals board');
  });

  it('chooses a category and opens a deal from its card with the keyboard', async () => {
    const { value } = await app.host.core.handlers['deals.byCategory']({ category: 'software' });
    for (const candidate of value.deals) {
      const related = await app.host.core.handlers['deals.related']({ companyId: candidate.companyId });
      others = related.value.deals.filter((d) => d.id !== candidate.id);
      if (others.length > 0 && candidate.contactId !== null && candidate.contactName !== null) {
        deal = candidate;
        break;
      }
    }
    expect(deal, 'the demo data should hold a software deal whose company has other deals').toBeDefined();

    await page().getByRole('combobox', { name: 'Category' }).selectOption('software');
    await page()
      .getByText(`Software: ${value.deals.length} deals`, { exact: true })
      .waitFor({ timeout: stepTimeoutMs });
    // From the first card of the deal's stage, down to its card with the arrow keys (the column
    // draws the cards it moves to).
    const inStage = value.deals.filter((d) => d.stage === deal.stage);
    await board('Software')
      .getByRole('region')
      .nth(dealStages.indexOf(deal.stage))
      .locator('button.deal-card')
      .first()
      .focus();
    for (let i = 0; i < inStage.indexOf(deal); i++) await page().keyboard.press('ArrowDown');
    await page().keyboard.press('Enter');
    await dealPage(deal.title).waitFor({ timeout: stepTimeoutMs });
  });

  it("shows the deal's fields and its related deals, which open", async () => {
    const current = dealPage(deal.title);
    await current.getByRole('button', { name: deal.companyName!, exact: true }).waitFor({ timeout: stepTimeoutMs });
    const related = current.getByRole('region', { name: 'Related deals' });
    const rows = related.getByRole('rowheader');
    expect(await waitForCount(rows, others.length)).toBe(others.length);
    await app.screenshot('deal-page');
    await app.axeScan('deal page');

    const next = others[0];
    await related.getByRole('button', { name: next.title, exact: true }).first().click();
    await dealPage(next.title).waitFor({ timeout: stepTimeoutMs });
    await page().keyboard.press('Escape');
    await board('Software').waitFor({ timeout: stepTimeoutMs });
  });

  it("opens the deal's contact, whose page lists the deal, which opens again", async () => {
    // Back on the board, the card of the deal opened first has the focus.
    await page().keyboard.press('Enter');
    const current = dealPage(deal.title);
    await current.getByRole('button', { name: deal.contactName!, exact: true }).click();
    const contactDeals = region(page(), 'Contact details').getByRole('region', { name: 'Deals', exact: true });
    const link = contactDeals.getByRole('button', { name: deal.title, exact: true }).first();
    await link.waitFor({ timeout: stepTimeoutMs });
    await link.scrollIntoViewIfNeeded();
    await app.screenshot('contact-deals');
    await app.axeScan('contact page with deals');
    await link.click();
    await dealPage(deal.title).waitFor({ timeout: stepTimeoutMs });
    // The Deals view opened afresh: Esc shows its board of the first category.
    await page().keyboard.press('Escape');
    await board('Hardware').waitFor({ timeout: stepTimeoutMs });
  });

  it('lists the recently changed deals, newest first', async () => {
    await page().getByRole('tab', { name: 'Recently changed' }).click();
    const table = page().getByRole('table', { name: 'Recently changed deals' });
    const { value } = await app.host.core.handlers['deals.recent']({ limit: 50 });
    expect(await waitForCount(table.getByRole('rowheader'), value.deals.length)).toBe(value.deals.length);
    await expect(table.getByRole('rowheader').first().textContent()).resolves.toContain(value.deals[0].title);
    await app.screenshot('deals-recent');
    await app.axeScan('recent deals');
  });

  it('shows the kept deals with their age once the service is gone', async () => {
    await app.stopService();
    await page().getByRole('tab', { name: 'Pipeline' }).click();
    await page().getByRole('combobox', { name: 'Category' }).selectOption('hardware');
    await page().getByRole('combobox', { name: 'Category' }).selectOption('software');
    await page()
      .getByText(/^Software deals as of .+ \(offline\)\.$/)
      .waitFor({ timeout: stepTimeoutMs });
    expect(await cards('Software').count()).toBeGreaterThan(0);
    await app.screenshot('deals-offline');
    await app.axeScan('deals offline');
    await app.restartService();
  });

  itEndsHealthy(() => app);
});
