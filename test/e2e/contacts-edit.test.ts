/**
 * Editing contacts in browser mode against the real core and reference service: a contact created
 * while the service is away is marked Pending (in its row and in the pending count) and reaches the
 * service once it is back; an edit that meets another edit of the same field on the service is
 * settled in the conflict dialog; archive, restore and delete (asked first) reach the service; a
 * phone number typed in any form finds its contact. The service itself (ServerClient) is the oracle.
 *
 * The app signs in through a loopback proxy, so a test can cut the app off while the service keeps
 * running and someone else changes the contact there.
 */
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../api/generated/schema';
import { type E2eApp, startE2eApp } from '../helpers/e2e-harness';
import {
  eventually,
  itEndsHealthy,
  mainNav,
  region,
  requestSync,
  stepTimeoutMs,
  syncStateTimeoutMs,
  waitForSyncState,
} from '../helpers/e2e-steps';
import { ServerClient, smallDemo } from '../helpers/server-client';
import { type SwitchableProxy, startSwitchableProxy } from '../helpers/switchable-proxy';

type Contact = components['schemas']['Contact'];

const syncTimeout = { timeout: syncStateTimeoutMs * 2 + 30_000 };
const newName = { first: 'Octavia', last: 'Offlinesson' };
const fullName = `${newName.first} ${newName.last}`;

/** The text that describes a control to assistive technology (its `aria-describedby` element), or null. */
function descriptionOf(control: Locator): Promise<string | null> {
  return control.evaluate(
    (element: {
      getAttribute(name: string): string | null;
      ownerDocument: { getElementById(id: string): { textContent: string | null } | null };
    }) => {
      const id = element.getAttribute('aria-describedby');
      return id ? (element.ownerDocument.getElementById(id)?.textContent ?? null) : null;
    },
  );
}

describe('contacts: editing, offline and conflicts', () => {
  let app: E2eApp;
  let proxy: SwitchableProxy;
  let contactId: string;

  /** A client of the service itself (not through the proxy), signed in again after a restart. */
  async function service(): Promise<ServerClient> {
    const client = new ServerClient(app.service.url);
    await client.signIn(app.service.credentials);
    return client;
  }

  /** The contact as the service has it, or null when it answers 404. */
  async function onService(id: string): Promise<Contact | null> {
    const res = await (await service()).call('getUser', { query: { id } });
    if (res.status === 404) return null;
    if (res.status !== 200) throw new Error(`getUser answered ${res.status}`);
    return res.body as Contact;
  }

  function list(page: Page) {
    return page.getByRole('listbox', { name: 'Contacts', exact: true });
  }

  function row(page: Page) {
    return list(page).getByRole('option', { name: new RegExp(`^${fullName}`) });
  }

  async function search(page: Page, text: string) {
    const box = page.getByRole('searchbox', { name: 'Search contacts' });
    await box.fill('');
    await box.pressSequentially(text);
  }

  beforeAll(async () => {
    app = await startE2eApp({ demo: smallDemo });
    proxy = await startSwitchableProxy(app.service.url);
    const { page } = app;
    await page.getByLabel('Server URL', { exact: true }).fill(proxy.url);
    await page.getByLabel('E-mail', { exact: true }).fill(app.service.credentials.username);
    await page.getByLabel('Password', { exact: true }).fill(app.service.credentials.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await mainNav(page).waitFor({ timeout: stepTimeoutMs });
    await waitForSyncState(page, 'Synced');
  });
  afterAll(async () => {
    await proxy?.close();
    await app?.close();
  });

  it('creates a contact while offline, after saying next to a field what is wrong', syncTimeout, async () => {
    const { page } = app;
    await app.stopService();
    await waitForSyncState(page, 'Offline');

    await page.getByRole('button', { name: 'New contact' }).click();
    const form = page.getByRole('dialog', { name: 'New contact' });
    await form.getByRole('textbox', { name: 'First name' }).fill(newName.first);
    await form.getByRole('textbox', { name: 'Last name' }).fill(newName.last);
    const email = form.getByRole('textbox', { name: 'E-mail' });
    await email.fill('octavia@');
    await form.getByRole('textbox', { name: 'Phone' }).fill('+1 416 333 5476');
    await form.getByRole('textbox', { name: 'Country' }).fill('ca');
    const company = form.getByRole('combobox', { name: 'Company' });
    await company.click();
    const firstCompany = form.getByRole('listbox', { name: 'Company' }).getByRole('option').first();
    const companyName = ((await firstCompany.locator('.searchable-select-option-label').textContent()) ?? '').trim();
    await firstCompany.click();
    await expect.poll(() => company.inputValue()).toBe(companyName);
    await form.getByRole('button', { name: 'Create contact' }).click();

    await expect.poll(() => email.getAttribute('aria-invalid'), { timeout: stepTimeoutMs }).toBe('true');
    expect(await descriptionOf(email)).toBe('E-mail must be an e-mail address such as name@example.com.');
    await app.screenshot('contact-form-validation');
    await app.axeScan('contact form with a validation message');

    await email.fill('octavia.offlinesson@example.com');
    await form.getByRole('button', { name: 'Create contact' }).click();
    await form.waitFor({ state: 'detached', timeout: stepTimeoutMs });

    await search(page, newName.last);
    await row(page).waitFor({ timeout: stepTimeoutMs });
    await expect.poll(() => row(page).textContent()).toContain('Pending');
    await page.getByRole('button', { name: '1 pending change' }).waitFor({ timeout: stepTimeoutMs });
    const details = region(page, 'Contact details');
    await details.getByRole('heading', { name: fullName }).waitFor({ timeout: stepTimeoutMs });
    await details.getByText(companyName).first().waitFor({ timeout: stepTimeoutMs });
    await app.screenshot('contacts-pending-row');
    await app.axeScan('contacts with a pending row');

    await page.getByRole('button', { name: '1 pending change' }).click();
    const panel = page.getByRole('dialog', { name: 'Pending changes' });
    const entry = panel.getByRole('listitem', { name: `New contact ${fullName}` });
    await entry.waitFor({ timeout: stepTimeoutMs });
    expect(await entry.textContent()).toContain('Waiting');
    expect(await panel.getByRole('note').textContent()).toContain('You are offline.');
    await app.screenshot('pending-panel');
    await app.axeScan('pending changes panel');
    await page.keyboard.press('Escape');
    await panel.waitFor({ state: 'detached', timeout: stepTimeoutMs });
  });

  it('sends it when the service is back: the badge goes and the service has the contact', syncTimeout, async () => {
    const { page } = app;
    await app.restartService();
    await waitForSyncState(page, 'Synced');
    await expect.poll(() => row(page).textContent(), { timeout: syncStateTimeoutMs }).not.toContain('Pending');
    await expect.poll(() => page.getByRole('button', { name: /pending change/ }).count()).toBe(0);

    const { rows } = await app.host.core.handlers['contacts.list']({ query: newName.last, offset: 0, limit: 5 });
    expect(rows).toHaveLength(1);
    contactId = rows[0].id;
    expect(rows[0].syncState).toBe('synced');
    const saved = await onService(contactId);
    expect(saved).toMatchObject({
      firstName: newName.first,
      lastName: newName.last,
      email: 'octavia.offlinesson@example.com',
      phone: '+1 416 333 5476',
      country: 'CA',
      state: 'active',
    });
    expect(saved?.companyId).toBe(rows[0].companyId);
  });

  it('finds the contact by its phone number typed in any form, and nothing for punctuation alone', async () => {
    const { page } = app;
    for (const typed of ['(416) 333-5476', '4163335476', '+1 416 333 5476', '333-5476']) {
      await search(page, typed);
      await row(page).waitFor({ timeout: stepTimeoutMs });
    }
    await search(page, '!?.,;');
    await page.getByText('No contacts match "!?.,;"').waitFor({ timeout: stepTimeoutMs });
    await search(page, newName.last);
    await row(page).waitFor({ timeout: stepTimeoutMs });
  });

  it(
    'settles a phone number changed here and on the service in the conflict dialog, keeping mine',
    syncTimeout,
    async () => {
      const { page } = app;
      await row(page).click();
      const details = region(page, 'Contact details');
      await details.getByRole('heading', { name: fullName }).waitFor({ timeout: stepTimeoutMs });

      proxy.down();
      await requestSync(page);
      await waitForSyncState(page, 'Offline');
      await list(page).focus();
      await page.keyboard.press('e');
      const form = page.getByRole('dialog', { name: `Edit ${fullName}` });
      await form.getByRole('textbox', { name: 'Phone' }).fill('020 7946 0018');
      await form.getByRole('button', { name: 'Save changes' }).click();
      await form.waitFor({ state: 'detached', timeout: stepTimeoutMs });
      await expect.poll(() => row(page).textContent()).toContain('Pending');

      // Meanwhile someone changes the same phone number on the service.
      const before = await onService(contactId);
      const client = await service();
      const theirs = await client.call('saveUser', {
        headers: { 'If-Match': `"${before?.version}"` },
        body: { id: contactId, firstName: newName.first, lastName: newName.last, phone: '+1 416 333 2222' },
      });
      expect(theirs.status).toBe(200);

      proxy.up();
      await waitForSyncState(page, 'Synced');
      await expect.poll(() => row(page).textContent(), { timeout: syncStateTimeoutMs }).toContain('Conflict');
      await page.getByRole('button', { name: '1 pending change' }).click();
      const panel = page.getByRole('dialog', { name: 'Pending changes' });
      const entry = panel.getByRole('listitem', { name: `Edit contact ${fullName}` });
      await entry.getByRole('button', { name: 'Choose versions…' }).click();

      const dialog = page.getByRole('dialog', { name: `Choose what to keep: Edit contact ${fullName}` });
      const phone = dialog.getByRole('group', { name: 'Phone' });
      await phone.waitFor({ timeout: stepTimeoutMs });
      expect(await phone.textContent()).toContain('+1 416 333 5476');
      expect(await descriptionOf(phone.getByRole('radio', { name: 'Keep mine' }))).toBe('020 7946 0018');
      expect(await descriptionOf(phone.getByRole('radio', { name: 'Keep theirs' }))).toBe('+1 416 333 2222');
      expect(await dialog.getByRole('group').count()).toBe(1);
      await app.screenshot('conflict-dialog');
      await app.axeScan('conflict dialog');

      await phone.getByRole('radio', { name: 'Keep mine' }).check();
      await dialog.getByRole('button', { name: 'Keep these versions' }).click();
      await dialog.waitFor({ state: 'detached', timeout: stepTimeoutMs });
      await page.keyboard.press('Escape');
      await requestSync(page);
      await eventually(
        'the service to have the phone number kept',
        () => onService(contactId),
        (contact) => contact?.phone === '020 7946 0018',
        { timeoutMs: syncStateTimeoutMs },
      );
      await expect.poll(() => row(page).textContent(), { timeout: syncStateTimeoutMs }).not.toMatch(/Pending|Conflict/);

      // Saved in national form, the number is found when typed in international form too.
      await search(page, '+44 20 7946 0018');
      await row(page).waitFor({ timeout: stepTimeoutMs });
      await search(page, newName.last);
      await row(page).click();
    },
  );

  it('archives and restores the contact on the service', syncTimeout, async () => {
    const { page } = app;
    const details = region(page, 'Contact details');
    await details.getByRole('button', { name: 'Archive' }).click();
    await expect.poll(() => row(page).textContent()).toContain('Archived');
    await requestSync(page);
    await eventually(
      'the service to archive the contact',
      () => onService(contactId),
      (c) => c?.state === 'archived',
      {
        timeoutMs: syncStateTimeoutMs,
      },
    );

    await details.getByRole('button', { name: 'Restore' }).click();
    await expect.poll(() => row(page).textContent()).not.toContain('Archived');
    await requestSync(page);
    await eventually(
      'the service to restore the contact',
      () => onService(contactId),
      (c) => c?.state === 'active',
      {
        timeoutMs: syncStateTimeoutMs,
      },
    );
  });

  it('deletes the contact only after asking, and the service no longer has it', syncTimeout, async () => {
    const { page } = app;
    await row(page).click();
    await page.keyboard.press('Delete');
    const confirm = page.getByRole('dialog', { name: `Delete ${fullName}?` });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached', timeout: stepTimeoutMs });
    expect(await onService(contactId)).not.toBeNull();

    await region(page, 'Contact details').getByRole('button', { name: 'Delete…' }).click();
    await confirm.getByRole('button', { name: 'Delete contact' }).click();
    await row(page).waitFor({ state: 'detached', timeout: stepTimeoutMs });
    await requestSync(page);
    await eventually(
      'the service to delete the contact',
      () => onService(contactId),
      (c) => c === null,
      {
        timeoutMs: syncStateTimeoutMs,
      },
    );
  });

  itEndsHealthy(() => app);
});
