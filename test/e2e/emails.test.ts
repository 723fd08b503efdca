/**
 * E-mails in browser mode against the real core and reference service: a contact's page lists
 * their e-mails newest first; one opens in the reader with its headers, body and attachments; an
 * attachment is downloaded (the bytes on disk have the SHA-256 the service lists) and opened; the
 * whole message is saved as an `.eml`; with the service gone, the kept message shows with its age,
 * the message says it needs the service, and an attachment asked for waits in the download queue
 * with the reason and lands by itself once the service is back. The service itself is the oracle.
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
  /** Another e-mail of the same contact with an attachment, downloaded while offline. */
  let later: Email;
  let laterAttachments: EmailAttachment[];
  let name: string;

  beforeAll(async () => {
    app = await startE2eApp();
    await signInAndSync(app);
    const direct = new ServerClient(app.service.url);
    await direct.signIn(app.service.credentials);
    const all = await direct.allPages<Email>('getEmails', { query: { limit: 500 } });
    // A cached, active contact with two e-mails with attachments (each demo e-mail has at most one).
    const byContact = new Map<string, Email[]>();
    for (const e of all.filter((x) => x.attachmentCount > 0 && x.contactId !== null)) {
      byContact.set(e.contactId!, [...(byContact.get(e.contactId!) ?? []), e]);
    }
    for (const [contactId, emails] of byContact) {
      if (emails.length < 2) continue;
      const contact = await app.host.core.handlers['contacts.get']({ id: contactId });
      if (contact && contact.state === 'active') {
        [email, later] = emails;
        name = `${contact.firstName} ${contact.lastName}`;
        break;
      }
    }
    if (!email) throw new Error('The demo data has no active contact with two e-mails with attachments.');
    const listed = async (id: string) =>
      ((await direct.call('getEmailAttachments', { query: { emailId: id } })).body as { items: EmailAttachment[] })
        .items;
    attachments = await listed(email.id);
    laterAttachments = await listed(later.id);
  });
  afterAll(async () => {
    await app?.close();
  });

  const page = () => app.page;
  const section = () => region(page(), 'Contact details').getByRole('region', { name: 'E-mails', exact: true });
  const readerOf = (subject: string) => page().getByRole('dialog', { name: subject });
  const reader = () => readerOf(email.subject);
  const itemIn = (dialog: Locator, fileName: string): Locator =>
    dialog.getByRole('region', { name: 'Attachments' }).getByRole('listitem').filter({ hasText: fileName });
  const item = (fileName: string): Locator => itemIn(reader(), fileName);
  /** The path a "Saved on this computer: …" line names. */
  const savedPath = async (line: Locator) =>
    ((await line.textContent()) ?? '').replace(/^Saved on this computer: /, '');

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
    const bytes = await readFile(await savedPath(saved));
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
    const parsed = await PostalMime.parse(await readFile(await savedPath(saved)));
    expect(parsed.subject).toBe(email.subject);
    expect(parsed.attachments.map((a) => a.filename).sort()).toEqual(attachments.map((a) => a.fileName).sort());
    await app.screenshot('email-message-downloaded');
    await app.axeScan('e-mail reader after downloads');
  });

  it("lists the e-mails of the contact's company on the company's page", async () => {
    await page().keyboard.press('Escape');
    await reader().waitFor({ state: 'detached', timeout: stepTimeoutMs });
    const companyId = email.companyId;
    if (!companyId) return;
    const company = await app.host.core.handlers['companies.get']({ id: companyId });
    await region(page(), 'Contact details')
      .getByRole('region', { name: `Company: ${company!.name}` })
      .getByRole('button', { name: company!.name })
      .click();
    const companySection = region(page(), 'Company page').getByRole('region', { name: 'E-mails', exact: true });
    const table = companySection.getByRole('table', { name: 'E-mails of this company' });
    await table.waitFor({ timeout: stepTimeoutMs });
    await table.getByRole('button', { name: email.subject, exact: true }).first().waitFor({ timeout: stepTimeoutMs });
    await companySection.scrollIntoViewIfNeeded();
    await app.screenshot('company-emails');
    // The section this area adds (the rest of the company page is scanned by its own tests).
    await app.axeScan('company page with e-mails', { include: '.emails-section' });
    // Back to the contact for the offline steps.
    await navItem(page(), 'Contacts').click();
    await section().waitFor({ timeout: stepTimeoutMs });
  });

  it('offline shows the kept e-mail with its age; an attachment waits in the queue and lands once the service is back', async () => {
    // The other e-mail is read once while the service is there, so it is kept.
    const other = readerOf(later.subject);
    await section().getByRole('button', { name: later.subject, exact: true }).first().click();
    await itemIn(other, laterAttachments[0].fileName).waitFor({ timeout: stepTimeoutMs });
    await page().keyboard.press('Escape');
    await other.waitFor({ state: 'detached', timeout: stepTimeoutMs });

    await app.stopService();
    await waitForSyncState(page(), 'Offline');
    await section()
      .getByText(/^E-mails as of .* \(offline\)\.$/)
      .waitFor({ timeout: stepTimeoutMs });
    await section().getByRole('button', { name: later.subject, exact: true }).first().click();
    await other.getByText(/^This e-mail as of .* \(offline\)\.$/).waitFor({ timeout: stepTimeoutMs });
    await other
      .getByText('Downloading the whole message needs the service; you are offline.')
      .waitFor({ timeout: stepTimeoutMs });
    expect(await other.getByRole('button', { name: 'Download message' }).isDisabled()).toBe(true);

    const file = laterAttachments[0];
    const attachment = itemIn(other, file.fileName);
    await attachment.getByRole('button', { name: `Download ${file.fileName}` }).click();
    await attachment
      .getByText('Waiting for the service — it downloads by itself when the connection is back.')
      .waitFor({ timeout: stepTimeoutMs });
    await app.screenshot('email-reader-offline');
    await app.axeScan('e-mail reader offline');

    // Back: the download goes by itself once sync reaches the service (Sync now is behind the dialog).
    await page().keyboard.press('Escape');
    await app.restartService();
    await waitForSyncState(page(), 'Synced');
    await section().getByRole('button', { name: later.subject, exact: true }).first().click();
    const saved = attachment.getByText(/^Saved on this computer: /);
    await saved.waitFor({ timeout: transferTimeoutMs });
    const bytes = await readFile(await savedPath(saved));
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(file.sha256);
    await app.screenshot('email-attachment-after-offline');
  });

  itEndsHealthy(() => app);
});
