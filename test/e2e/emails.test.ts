/**
 * E-mails in browser mode against the real core and reference service: a contact's page lists
 * their e-mails newest first; one opens in the reader with its headers, body and attachments; an
 * attachment is downloaded (the bytes on disk have the SHA-256 the service lists) and opened; the
 * whole message is saved as an `.eml`; with the service gone, the kept message shows with its age
 * and downloads say they need the service. The service itself is the oracle.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import PostalMime from 'postal-mime';
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../api/generated/schema';
import { type E2eApp, startE2eApp } from '../helpers/e2e-harness';
import { itEndsHealthy, navItem, region, signInAndSync, stepTimeoutMs, waitForSyncState } from '../helpers/e2e-steps';
import { ServerClient } from '../helpers/server-client';

type Email = components['schemas']['Email'];
type EmailAttachment = components['schemas']['EmailAttachment'];

/** How long a download may take, ms. */
const transferTimeoutMs = 60_000;

describe('e-mails', () => {
  let app: E2eApp;
  let email: Email;
  let attachments: EmailAttachment[];
  let name: string;

  beforeAll(async () => {
    app = await startE2eApp();
    await signInAndSync(app);
    const direct = new ServerClient(app.service.url);
    await direct.signIn(app.service.credentials);
    const all = await direct.allPages<Email>('getEmails', { query: { limit: 500 } });
    // The newest e-mail with attachments whose contact is in the cache.
    for (const candidate of all.filter((e) => e.attachmentCount > 0 && e.contactId !== null)) {
      const contact = await app.host.core.handlers['contacts.get']({ id: candidate.contactId! });
      if (contact && contact.state === 'active') {
        email = candidate;
        name = `${contact.firstName} ${contact.lastName}`;
        break;
      }
    }
    if (!email) throw new Error('The demo data has no e-mail with attachments of an active contact.');
    attachments = (
      (await direct.call('getEmailAttachments', { query: { emailId: email.id } })).body as { items: EmailAttachment[] }
    ).items;
  });
  afterAll(async () => {
    await app?.close();
  });

  const page = () => app.page;
  const section = () => region(page(), 'Contact details').getByRole('region', { name: 'E-mails', exact: true });
  const reader = () => page().getByRole('dialog', { name: email.subject });
  const item = (fileName: string): Locator =>
    reader().getByRole('region', { name: 'Attachments' }).getByRole('listitem').filter({ hasText: fileName });

  it('opens a contact whose page lists their e-mails newest first', async () => {
    await navItem(page(), 'Contacts').click();
    await page().getByRole('searchbox', { name: 'Search contacts' }).fill(name);
    await page().getByRole('listbox', { name: 'Contacts', exact: true }).getByRole('option', { name }).first().click();
    const table = section().getByRole('table', { name: 'E-mails of this contact' });
    await table.waitFor({ timeout: stepTimeoutMs });
    const { value } = await app.host.core.handlers['emails.list']({ contactId: email.contactId! });
    const subjects = await table.locator('tbody tr .email-subject').allTextContents();
    expect(subjects).toEqual(value.emails.map((e) => e.subject || '(no subject)'));
    const sent = value.emails.map((e) => e.sentAt);
    expect([...sent].sort().reverse()).toEqual(sent);
    await section().scrollIntoViewIfNeeded();
    await app.screenshot('contact-emails');
    await app.axeScan('contact page with e-mails');
  });

  it('opens an e-mail: headers, body and attachments with their sizes', async () => {
    await section().getByRole('button', { name: email.subject, exact: true }).first().click();
    const message = reader().getByRole('article', { name: `E-mail: ${email.subject}` });
    await message.waitFor({ timeout: stepTimeoutMs });
    expect(await message.textContent()).toContain(email.from.email);
    const body = message.getByRole('region', { name: 'Message body' });
    expect((await body.textContent())?.trim()).toBe(email.text.trim());
    for (const attachment of attachments) await item(attachment.fileName).waitFor({ timeout: stepTimeoutMs });
    await app.screenshot('email-reader');
    await app.axeScan('e-mail reader');
  });

  it("downloads an attachment with the service's bytes and opens it", async () => {
    const attachment = attachments[0];
    await item(attachment.fileName)
      .getByRole('button', { name: `Download ${attachment.fileName}` })
      .click();
    const saved = item(attachment.fileName).getByText(/^Saved on this computer: /);
    await saved.waitFor({ timeout: transferTimeoutMs });
    const path = ((await saved.textContent()) ?? '').replace(/^Saved on this computer: /, '');
    const bytes = await readFile(path);
    expect(bytes.byteLength).toBe(attachment.size);
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(attachment.sha256);
    await app.screenshot('email-attachment-downloaded');

    const open = item(attachment.fileName).getByRole('button', { name: `Open ${attachment.fileName}` });
    await expect.poll(() => open.isEnabled(), { timeout: stepTimeoutMs }).toBe(true);
    const popup = app.context.waitForEvent('page', { timeout: stepTimeoutMs });
    const fileRequest = app.context.waitForEvent('request', {
      predicate: (request) => new URL(request.url()).pathname.startsWith('/files/'),
      timeout: stepTimeoutMs,
    });
    await open.click();
    const [viewer, request] = await Promise.all([popup, fileRequest]);
    const response = await app.context.request.get(request.url());
    expect(response.status()).toBe(200);
    expect((await response.body()).equals(bytes), 'the opened file is the attachment').toBe(true);
    await viewer.close();
  });

  it('saves the whole message as an .eml file', async () => {
    await reader().getByRole('button', { name: 'Download message' }).click();
    const saved = reader().getByText(/^Saved on this computer: .*\.eml$/);
    await saved.waitFor({ timeout: transferTimeoutMs });
    const path = ((await saved.textContent()) ?? '').replace(/^Saved on this computer: /, '');
    const parsed = await PostalMime.parse(await readFile(path));
    expect(parsed.subject).toBe(email.subject);
    expect(parsed.attachments.map((a) => a.filename).sort()).toEqual(attachments.map((a) => a.fileName).sort());
    await app.screenshot('email-message-downloaded');
    await app.axeScan('e-mail reader after downloads');
  });

  it('offline shows the kept e-mail with its age and says downloads need the service', async () => {
    await page().keyboard.press('Escape');
    await reader().waitFor({ state: 'detached', timeout: stepTimeoutMs });
    await app.stopService();
    await waitForSyncState(page(), 'Offline');
    await section()
      .getByText(/^E-mails as of .* \(offline\)\.$/)
      .waitFor({ timeout: stepTimeoutMs });
    await section().getByRole('button', { name: email.subject, exact: true }).first().click();
    await reader()
      .getByText(/^This e-mail as of .* \(offline\)\.$/)
      .waitFor({ timeout: stepTimeoutMs });
    await reader()
      .getByText('You are offline: downloading an attachment or the message needs the service.', { exact: false })
      .waitFor({ timeout: stepTimeoutMs });
    expect(await reader().getByRole('button', { name: 'Download message' }).isDisabled()).toBe(true);
    const other = attachments[attachments.length - 1];
    expect(
      await item(other.fileName)
        .getByRole('button', { name: `Download ${other.fileName}` })
        .isDisabled(),
    ).toBe(true);
    // The attachment downloaded before still opens.
    expect(
      await item(attachments[0].fileName)
        .getByRole('button', { name: `Open ${attachments[0].fileName}` })
        .isEnabled(),
    ).toBe(true);
    await app.screenshot('email-reader-offline');
    await app.axeScan('e-mail reader offline');
    await page().keyboard.press('Escape');
    await app.restartService();
    await waitForSyncState(page(), 'Synced');
  });

  itEndsHealthy(() => app);
});
