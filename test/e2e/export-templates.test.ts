/**
 * Export templates in browser mode against the real core and reference service: in the Export
 * dialog opened from Contacts, the columns are chosen (some unticked, one moved up) with a semicolon,
 * saved as a template (sent to the service, which then has it), the contacts export is run with
 * them and the written file's header is exactly the chosen columns; the template is then deleted
 * after asking, on the service too. The core's handlers and the service are the oracles.
 */
import { readFile } from 'node:fs/promises';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import { eventually, itEndsHealthy, navItem, region, signedInApp, stepTimeoutMs } from '../helpers/e2e-steps';
import { ServerClient } from '../helpers/server-client';

describe('export templates', () => {
  const app = signedInApp();

  const page = () => app.page;
  const templates = () => app.host.core.handlers['exports.templates']({});

  it('exports contacts with a saved template and writes exactly its columns; the template is deleted after asking', async () => {
    await navItem(page(), 'Contacts').click();
    await page().getByRole('button', { name: 'Export…', exact: true }).click();
    const dialog = page().getByRole('dialog', { name: 'Export', exact: true });
    await dialog.waitFor({ timeout: stepTimeoutMs });
    await dialog.getByText('Templates saved from other computers are not listed', { exact: false }).waitFor();

    // Keep first name, last name, e-mail and company name; e-mail moved before the names; a semicolon.
    const keep = ['firstName', 'lastName', 'email', 'companyName'];
    const columns = dialog.getByRole('group', { name: /^Columns/ });
    for (const box of await columns.getByRole('checkbox').all()) {
      const name = await box.locator('xpath=..').locator('code').textContent();
      if (!keep.includes(name!)) await box.uncheck();
    }
    const email = columns.getByRole('checkbox', { name: /^Email/ });
    await email.focus();
    await page().keyboard.press('Alt+ArrowUp');
    await page().keyboard.press('Alt+ArrowUp');
    await dialog.getByRole('button', { name: 'Move Email up', exact: true }).click();
    // At the top its Move up button is disabled: the focus goes to its checkbox, not lost.
    await expect
      .poll(() =>
        email.evaluate(
          (element: { ownerDocument: { activeElement: unknown } }) => element === element.ownerDocument.activeElement,
        ),
      )
      .toBe(true);
    await dialog.getByRole('radio', { name: /^Semicolon/ }).check();

    await dialog.getByRole('button', { name: 'Save as template…', exact: true }).click();
    const naming = page().getByRole('dialog', { name: 'Save as template', exact: true });
    await naming.getByRole('textbox', { name: /Template name/ }).fill('E2E trade fair list');
    await naming.getByRole('button', { name: 'Save template', exact: true }).click();
    await naming.waitFor({ state: 'hidden', timeout: stepTimeoutMs });
    // Sent by sync: this computer keeps the service's answer, and the service has the template.
    const [sent] = await eventually(
      'the template sent',
      templates,
      (list) => list.length === 1 && list[0].saved !== null,
    );
    const order = ['email', 'firstName', 'lastName', 'companyName'];
    expect(sent).toMatchObject({ name: 'E2E trade fair list', target: 'contacts', columns: order, delimiter: ';' });
    expect(app.service.repos.pim.template(sent.key)).toMatchObject({ columns: order, delimiter: ';', version: 1 });
    await expect
      .poll(() => dialog.getByRole('combobox', { name: 'Saved template' }).inputValue(), { timeout: stepTimeoutMs })
      .toBe(sent.key);
    await dialog.getByRole('heading', { name: 'Template' }).scrollIntoViewIfNeeded();
    await app.screenshot('export-dialog-template');
    await app.axeScan('export dialog with a template');

    await dialog.getByRole('button', { name: 'Export', exact: true }).click();
    await page().getByRole('button', { name: 'Show transfers', exact: true }).click();
    const name = `contacts-${new Date().toISOString().slice(0, 10)}.csv`;
    await region(page(), 'Transfers')
      .getByRole('listitem')
      .filter({ hasText: name })
      .getByText(/^Downloaded · /)
      .first()
      .waitFor({ timeout: stepTimeoutMs });
    const transfer = (await app.host.core.handlers['transfers.list']({})).find(
      (t) => t.name === name && t.state === 'done',
    );
    const text = await readFile(transfer!.localPath!, 'utf8');
    expect(text.split('\r\n')[0]).toBe('email;firstName;lastName;companyName');
    // The service's full export, parsed, is the oracle of every row.
    const service = new ServerClient(app.service.url);
    await service.signIn(app.service.credentials);
    const answer = await fetch(service.url('exportContacts'), {
      headers: { authorization: `Bearer ${service.token}` },
    });
    const full = parse(await answer.text(), { columns: true }) as Record<string, string>[];
    expect(parse(text, { delimiter: ';' })).toEqual([order, ...full.map((row) => order.map((column) => row[column]))]);

    // Delete: asked first, then gone here and on the service.
    await navItem(page(), 'Contacts').click();
    await page().getByRole('button', { name: 'Export…', exact: true }).click();
    await dialog.waitFor({ timeout: stepTimeoutMs });
    await dialog.getByRole('combobox', { name: 'Saved template' }).selectOption(sent.key);
    await dialog.getByRole('button', { name: 'Delete template', exact: true }).click();
    const confirm = page().getByRole('dialog', { name: 'Delete template?', exact: true });
    await confirm.getByRole('button', { name: 'Delete template', exact: true }).click();
    await eventually('the template deleted', templates, (list) => list.length === 0);
    expect(app.service.repos.pim.template(sent.key)).toBeUndefined();
    await dialog.getByRole('button', { name: 'Cancel', exact: true }).click();
  });

  itEndsHealthy(() => app);
});
