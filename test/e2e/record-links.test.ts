/**
 * `brm://` record links in browser mode against the real core and reference service: a link handed
 * to the core (as the Electron shell does with the links the OS gives it) opens its record in the
 * window, and "Copy link to this record" gives the link of the record on screen. The core's
 * handlers are the oracles.
 */
import { describe, expect, it } from 'vitest';
import { itEndsHealthy, region, signedInApp, stepTimeoutMs } from '../helpers/e2e-steps';

describe('record links', () => {
  const app = signedInApp();
  const page = () => app.page;

  it('opens the company a brm:// link names', async () => {
    const companies = await app.host.core.handlers['companies.list']({ offset: 40, limit: 1 });
    const company = companies.rows[0];
    expect(app.host.core.openRecordLink(`brm://company/${company.id}`)).toBe(true);
    await region(page(), 'Company page')
      .getByRole('heading', { name: company.name, exact: true })
      .first()
      .waitFor({ timeout: stepTimeoutMs });
    await app.screenshot('record-link-company');
  });

  it('refuses a link that names no record, and the window stays where it was', async () => {
    expect(app.host.core.openRecordLink('brm://company/not-a-record')).toBe(false);
    expect(await app.host.core.handlers['app.takeRecordLink']({})).toBeNull();
  });

  it("copies the open record's link from the command palette", async () => {
    await page().context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page().keyboard.press('Control+k');
    await page().getByRole('combobox', { name: 'Search everything or type a command' }).fill('copy link');
    await page().keyboard.press('Enter');
    const toast = page().getByText(/^brm:\/\/company\/[0-9a-f-]{36}$/);
    await toast.waitFor({ timeout: stepTimeoutMs });
    const link = (await toast.textContent()) ?? '';
    expect(await page().evaluate('navigator.clipboard.readText()')).toBe(link);
    await app.screenshot('record-link-copied');
    await app.axeScan('record-link-copied');
  });

  itEndsHealthy(() => app);
});
