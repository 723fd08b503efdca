/**
 * The command palette (Ctrl+K) in browser mode: one box over every cached type, results grouped by
 * type; it finds a company and a document and opens each in its view; it runs commands (New
 * contact); `?` lists the keyboard shortcuts.
 */
import { describe, expect, it } from 'vitest';
import { itEndsHealthy, navItem, region, signedInApp, stepTimeoutMs } from '../helpers/e2e-steps';

describe('command palette', () => {
  const app = signedInApp();

  /** Opens the palette with Ctrl+K and types `text`; resolves to the results listbox. */
  async function search(text: string) {
    const { page } = app;
    await page.keyboard.press('Control+k');
    const box = page.getByRole('combobox', { name: 'Search everything or type a command' });
    await box.waitFor({ timeout: stepTimeoutMs });
    await box.fill(text);
    return page.getByRole('listbox', { name: 'Results' });
  }

  it('finds a company by name and opens its page', async () => {
    const { rows } = await app.host.core.handlers['companies.list']({ offset: 3, limit: 1 });
    const company = rows[0];
    const results = await search(company.name);
    const hit = results
      .getByRole('group', { name: /^Companies/ })
      .getByRole('option', { name: company.name })
      .first();
    await hit.waitFor({ timeout: stepTimeoutMs });
    await app.screenshot('command-palette-company');
    await app.axeScan('command palette');
    await hit.click();
    await expect(navItem(app.page, 'Companies').getAttribute('aria-current')).resolves.toBe('page');
    await app.page.getByRole('heading', { name: company.name, level: 2 }).first().waitFor({ timeout: stepTimeoutMs });
  });

  it('finds a document by a word of its title and opens it in its folder', async () => {
    const folders = await app.host.core.handlers['documents.listFolders']({});
    const folder = folders.find((f) => f.documentCount > 0)!;
    const { rows } = await app.host.core.handlers['documents.list']({ folderId: folder.id, offset: 0, limit: 1 });
    const document = rows[0];
    const results = await search(document.title);
    const hit = results
      .getByRole('group', { name: /^Documents/ })
      .getByRole('option', { name: document.title })
      .first();
    await hit.waitFor({ timeout: stepTimeoutMs });
    // Keyboard: the first option is active; Enter opens it when it is the document.
    await hit.click();
    await expect(navItem(app.page, 'Documents').getAttribute('aria-current')).resolves.toBe('page');
    await region(app.page, 'Document details')
      .getByRole('heading', { name: document.title })
      .waitFor({ timeout: stepTimeoutMs });
    await app.screenshot('command-palette-document-opened');
  });

  it('runs "New contact" from the palette with the keyboard', async () => {
    await search('new contact');
    await app.page.keyboard.press('Enter');
    const dialog = app.page.getByRole('dialog', { name: /New contact/ });
    await dialog.waitFor({ timeout: stepTimeoutMs });
    await expect(navItem(app.page, 'Contacts').getAttribute('aria-current')).resolves.toBe('page');
    await app.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden', timeout: stepTimeoutMs });
  });

  it('lists the keyboard shortcuts with ?', async () => {
    const { page } = app;
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await page.keyboard.press('?');
    const help = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
    await help.waitFor({ timeout: stepTimeoutMs });
    expect(await help.getByRole('table', { name: 'Everywhere' }).textContent()).toContain(
      'Search everything and run commands',
    );
    expect(await help.getByRole('table', { name: 'Calendar' }).count()).toBe(1);
    await app.screenshot('shortcuts-help');
    await app.axeScan('shortcuts help');
    await page.keyboard.press('Escape');
  });

  itEndsHealthy(() => app);
});
