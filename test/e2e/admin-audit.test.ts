/**
 * Audit trail, user administration and settings in browser mode against the real core and
 * reference service, signed in as the demo administrator: the trail filtered by kind of record and
 * by a contact from its page's "History"; a sales user's page, booted and given a temporary
 * password with the service's answers shown (the service is the oracle); the administrator's own
 * settings changed and saved on the service; the actions saying offline that they need the service.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAdminCredentials, demoSalesLogins, demoSalesPassword } from '../../server/demo/contacts-area';
import { type E2eApp, startE2eApp } from '../helpers/e2e-harness';
import {
  eventually,
  itEndsHealthy,
  mainNav,
  navItem,
  stepTimeoutMs,
  submitSignIn,
  waitForCount,
  waitForSyncState,
} from '../helpers/e2e-steps';
import { ServerClient, smallDemo } from '../helpers/server-client';

describe('audit trail, users and settings', () => {
  let app: E2eApp;
  let salesLogin: { username: string; password: string };
  let salesName: string;

  beforeAll(async () => {
    app = await startE2eApp({ demo: smallDemo });
    salesLogin = { username: demoSalesLogins(app.service.repos)[0], password: demoSalesPassword };
    await submitSignIn(app, demoAdminCredentials);
    await mainNav(app.page).waitFor({ timeout: stepTimeoutMs });
    await waitForSyncState(app.page, 'Synced');
    const seller = new ServerClient(app.service.url);
    await seller.signIn(salesLogin);
    const me = (await seller.call('getCurrentUser')).body as { firstName: string; lastName: string };
    salesName = `${me.firstName} ${me.lastName}`;
  });
  afterAll(async () => {
    await app?.close();
  });

  const page = () => app.page;
  const auditTable = () => page().getByRole('table', { name: 'Audit records, newest first' });

  it('opens the audit trail newest first and narrows it to one kind of record', async () => {
    await navItem(page(), 'Audit trail').click();
    const { value } = await app.host.core.handlers['audit.trail']({ filter: {} });
    expect(value!.rows.length).toBeGreaterThan(0);
    await waitForCount(auditTable().getByRole('row'), 2);
    await page().getByText('Every change on the service, newest first.').waitFor({ timeout: stepTimeoutMs });
    await auditTable().getByText(value!.rows[0].summary, { exact: false }).first().waitFor({ timeout: stepTimeoutMs });
    await app.screenshot('audit-trail');
    await app.axeScan('audit trail');

    await page().getByRole('combobox', { name: 'Kind of record' }).selectOption('company');
    const companies = await app.host.core.handlers['audit.trail']({ filter: { resourceType: 'company' } });
    await eventually(
      'the trail to list company records only',
      async () => (await auditTable().locator('tbody tr').count()) === companies.value!.rows.length,
      Boolean,
    );
    const kinds = await auditTable().locator('tbody tr td:nth-child(4)').allTextContents();
    expect(kinds.every((text) => !/^(Contact|User|Document|Note)\b/.test(text))).toBe(true);
    await app.screenshot('audit-trail-companies');
    await page().getByRole('button', { name: 'Clear filters' }).click();
  });

  it("opens a contact's history from the contact's page", async () => {
    await navItem(page(), 'Contacts').click();
    const list = page().getByRole('listbox', { name: 'Contacts' });
    await list.getByRole('option').first().click();
    await page()
      .getByRole('button', { name: /^History: who changed it and when/ })
      .click();
    await page().getByRole('heading', { name: 'Audit trail', level: 1 }).waitFor({ timeout: stepTimeoutMs });
    const record = page().getByRole('combobox', { name: 'Record', exact: true });
    await eventually(
      'the record filter to name the contact',
      () => record.inputValue(),
      (v) => v.length > 0,
    );
    // A contact untouched since the demo data was made has no records: said in words.
    await page().getByText('No changes match').or(auditTable()).first().waitFor({ timeout: stepTimeoutMs });
    await app.screenshot('audit-trail-contact-history');
    await page().getByRole('button', { name: 'Clear filters' }).click();
  });

  it("shows a user's roles and grants, boots them and sets a temporary password with the service's answers", async () => {
    await navItem(page(), 'Users').click();
    const people = page().getByRole('list', { name: 'People' });
    await people.getByRole('button', { name: new RegExp(`^${salesName}`) }).click();
    const user = page().getByRole('article', { name: salesName });
    await user.getByText(/Roles: Sales\./).waitFor({ timeout: stepTimeoutMs });
    await user.getByRole('list', { name: 'Permissions granted' }).waitFor({ timeout: stepTimeoutMs });
    await app.screenshot('users-page');
    await app.axeScan('users page');

    // The sales user is signed in somewhere; booting ends that session.
    const seller = new ServerClient(app.service.url);
    await seller.signIn(salesLogin);
    await user.getByRole('button', { name: 'Boot user' }).click();
    const ask = page().getByRole('dialog', { name: `Boot ${salesName}?` });
    await ask.waitFor({ timeout: stepTimeoutMs });
    await app.screenshot('users-boot-confirm');
    await app.axeScan('boot confirmation');
    await ask.getByRole('button', { name: 'Boot user' }).click();
    const status = user.getByRole('status');
    await status
      .getByText(`${salesName} is signed out everywhere`, { exact: false })
      .waitFor({ timeout: stepTimeoutMs });
    expect((await seller.call('getCurrentUser')).status).toBe(401);
    await app.screenshot('users-booted');

    await user.getByRole('button', { name: 'Reset password…' }).click();
    const reset = page().getByRole('dialog', { name: `Reset ${salesName}'s password?` });
    await reset.getByRole('textbox', { name: /Temporary password/ }).fill('temporary-pass-2026');
    await app.screenshot('users-reset-password');
    await app.axeScan('reset password dialog');
    await reset.getByRole('button', { name: 'Set password and sign them out' }).click();
    await status
      .getByText(`${salesName}'s password is now the temporary one you chose`, { exact: false })
      .waitFor({ timeout: stepTimeoutMs });
    const again = new ServerClient(app.service.url);
    await again.signIn({ ...salesLogin, password: 'temporary-pass-2026' });
    expect((await again.call('getCurrentUser')).status).toBe(200);
  });

  it('changes a setting, and the service has it', async () => {
    await navItem(page(), 'Settings').click();
    const form = page().getByRole('form', { name: 'Preferences' });
    await form.getByRole('textbox', { name: /Time zone/ }).waitFor({ timeout: stepTimeoutMs });
    await app.screenshot('settings-open');
    await form.getByRole('textbox', { name: /Time zone/ }).fill('Europe/Berlin');
    await form.getByRole('combobox', { name: 'Date format' }).selectOption('dd.MM.yyyy');
    await form.getByRole('checkbox', { name: 'A campaign was sent' }).check();
    await form.getByRole('button', { name: 'Save settings' }).click();
    // Queued, then sent by sync: the form says which, in words.
    await form.getByText('Saved: the service has your settings.').waitFor({ timeout: stepTimeoutMs });
    const admin = new ServerClient(app.service.url);
    await admin.signIn(demoAdminCredentials);
    const saved = await eventually(
      'the service to hold the new settings',
      async () => (await admin.call('getContactSettings')).body as { preferences: Record<string, unknown> },
      (s) => s.preferences.timeZone === 'Europe/Berlin',
    );
    expect(saved.preferences).toMatchObject({ dateFormat: 'dd.MM.yyyy', mutedNotificationKinds: ['campaignSent'] });
    await app.screenshot('settings');
    await app.axeScan('settings');
  });

  it('says offline that the administrator actions need the service', async () => {
    await navItem(page(), 'Users').click();
    const user = page().getByRole('article', { name: salesName });
    await user.waitFor({ timeout: stepTimeoutMs });
    await app.stopService();
    await waitForSyncState(page(), 'Offline');
    await eventually(
      'Boot user to be disabled',
      () => user.getByRole('button', { name: 'Boot user' }).isDisabled(),
      Boolean,
    );
    await user
      .getByText(/need the service, which cannot be reached now/)
      .first()
      .waitFor({ timeout: stepTimeoutMs });
    await app.screenshot('users-offline');
    await app.restartService();
    await waitForSyncState(page(), 'Synced');
  });

  itEndsHealthy(() => app);
});
