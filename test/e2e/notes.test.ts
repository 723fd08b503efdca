/**
 * Notes in browser mode: a note written on a contact's page appears at once in its timeline and
 * reaches the service; a note with a file written while the service is away is kept as pending and
 * lands, with its file, once the service is back. A note over the contract's 10,000 characters is
 * refused in words and nothing typed is lost.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiSchemas } from '../../preload/contract/common';
import { type E2eApp, startE2eApp } from '../helpers/e2e-harness';
import {
  itEndsHealthy,
  navItem,
  region,
  signInAndSync,
  stepTimeoutMs,
  syncStateTimeoutMs,
  waitForSyncState,
} from '../helpers/e2e-steps';
import { ServerClient } from '../helpers/server-client';

describe('notes', () => {
  let app: E2eApp;
  let contact: { id: string; name: string };

  beforeAll(async () => {
    app = await startE2eApp();
    await signInAndSync(app);
    const { rows } = await app.host.core.handlers['contacts.list']({ offset: 11, limit: 1 });
    contact = { id: rows[0].id, name: `${rows[0].firstName} ${rows[0].lastName}` };
  });
  afterAll(async () => {
    await app?.close();
  });

  /** The contact's notes as the service has them. */
  async function serviceNotes(): Promise<ApiSchemas['Comment'][]> {
    const client = new ServerClient(app.service.url);
    await client.signIn(app.service.credentials);
    const answer = await client.call('getRelatedComments', {
      query: { resourceType: 'contact', resourceId: contact.id },
    });
    return (answer.body as { items: ApiSchemas['Comment'][] }).items;
  }

  /** Opens the contact's page and resolves to its Notes section. */
  async function openNotes() {
    const { page } = app;
    await navItem(page, 'Contacts').click();
    await page.getByRole('searchbox', { name: 'Search contacts' }).fill(contact.name);
    await page
      .getByRole('listbox', { name: 'Contacts', exact: true })
      .getByRole('option', { name: contact.name })
      .first()
      .click();
    const notes = region(page, 'Contact details').getByRole('region', { name: 'Notes' });
    await notes.waitFor({ timeout: stepTimeoutMs });
    return notes;
  }

  it('writes a note on a contact that reaches the service', async () => {
    const notes = await openNotes();
    const text = 'Called about the 2027 price list: wants the volume discount in writing by Friday.';
    await notes.getByLabel('New note').fill(text);
    await notes.getByRole('button', { name: 'Add note' }).click();
    await notes.getByText(text).waitFor({ timeout: stepTimeoutMs });
    await expect
      .poll(async () => (await serviceNotes()).map((n) => n.text), { timeout: syncStateTimeoutMs })
      .toContain(text);
    // Sent: the note is no longer marked pending.
    await expect
      .poll(() => notes.getByRole('listitem').filter({ hasText: text }).getByText('Pending').count(), {
        timeout: syncStateTimeoutMs,
      })
      .toBe(0);
    await notes.getByRole('listitem').filter({ hasText: text }).scrollIntoViewIfNeeded();
    await app.screenshot('notes-on-contact');
    await app.axeScan('notes');
  });

  it('refuses a note over 10,000 characters in words and keeps the text', async () => {
    const notes = await openNotes();
    const field = notes.getByLabel('New note');
    await field.fill('x'.repeat(10_050));
    await notes.getByText(/A note holds at most 10,000 characters; this one has 10,050\. Shorten it by 50\./).waitFor({
      timeout: stepTimeoutMs,
    });
    expect(await notes.getByRole('button', { name: 'Add note' }).isDisabled()).toBe(true);
    expect((await field.inputValue()).length).toBe(10_050);
    await field.fill('');
  });

  it('keeps a note with a file written offline as pending and sends both when the service is back', async () => {
    const notes = await openNotes();
    await app.stopService();
    await waitForSyncState(app.page, 'Offline').catch(() => undefined);
    const text = 'Visit report: site tour done, sample contract attached.';
    await notes.getByLabel('New note').fill(text);
    await notes.getByLabel('Files to attach to the note').setInputFiles({
      name: 'visit-report.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Site tour on Tuesday. Next step: sample contract.\n'),
    });
    await notes
      .getByRole('list', { name: 'Files to attach' })
      .getByText(/visit-report\.txt/)
      .waitFor();
    await notes.getByRole('button', { name: 'Add note' }).click();
    const written = notes.getByRole('listitem').filter({ hasText: text });
    await written.getByText('Pending').waitFor({ timeout: stepTimeoutMs });
    await written.getByText(/visit-report\.txt .* waiting to upload/).waitFor({ timeout: stepTimeoutMs });
    await written.scrollIntoViewIfNeeded();
    await app.screenshot('notes-offline-pending');

    await app.restartService();
    await expect
      .poll(
        async () => {
          const note = (await serviceNotes()).find((n) => n.text === text);
          return note?.attachments.map((a) => a.fileName) ?? null;
        },
        { timeout: syncStateTimeoutMs },
      )
      .toEqual(['visit-report.txt']);
    await expect.poll(() => written.getByText('Pending').count(), { timeout: syncStateTimeoutMs }).toBe(0);
  });

  itEndsHealthy(() => app);
});
