/**
 * The service's search beside the local one, in browser mode against the real core and reference
 * service: a contact and a document created on the service since the last sync are found by
 * searching in Contacts and in a Documents folder before sync brings them, listed marked "Found by
 * the service" with the status line saying so, and open on their page.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Folder } from '../../preload/contract';
import { type E2eApp, startE2eApp } from '../helpers/e2e-harness';
import {
  itEndsHealthy,
  navItem,
  openFolderWithDocuments,
  region,
  signInAndSync,
  stepTimeoutMs,
} from '../helpers/e2e-steps';
import { ServerClient, smallDemo } from '../helpers/server-client';

describe('service search', () => {
  let app: E2eApp;
  let client: ServerClient;

  beforeAll(async () => {
    // A service that does not hold feed requests (as before contract 0.4.0): a record made on it
    // reaches the app only at its next sync, which is when the service's search finds what is missing here.
    app = await startE2eApp({ demo: smallDemo, liveChanges: false });
    await signInAndSync(app);
    client = new ServerClient(app.service.url);
    await client.signIn(app.service.credentials);
  });
  afterAll(async () => {
    await app?.close();
  });

  /** Runs a sync now, so the next periodic one is a whole interval away while the test searches. */
  async function syncNow() {
    await app.host.core.handlers['sync.run']({});
  }

  it('finds a contact created on the service before sync brings it, marked "Found by the service", and opens it', async () => {
    const { page } = app;
    await syncNow();
    const created = await client.call('saveUser', { body: { firstName: 'Quillon', lastName: 'Zephyrine' } });
    expect(created.status).toBe(201);
    const local = await app.host.core.handlers['contacts.list']({ query: 'Zephyrine', offset: 0, limit: 5 });
    expect(local.total).toBe(0);

    await navItem(page, 'Contacts').click();
    await page.getByRole('searchbox', { name: 'Search contacts' }).fill('Zephyrine');
    const option = page.getByRole('listbox', { name: 'Contacts' }).getByRole('option', { name: /Quillon Zephyrine/ });
    await option.waitFor({ timeout: stepTimeoutMs });
    expect(await option.textContent()).toContain('Found by the service');
    await page.getByText('The service found 1; 1 was not on this computer yet.').waitFor({ timeout: stepTimeoutMs });
    await app.screenshot('service-search-contacts');
    await app.axeScan('contacts with the service search');

    await option.click();
    await region(page, 'Contact details')
      .getByRole('heading', { name: 'Quillon Zephyrine' })
      .waitFor({ timeout: stepTimeoutMs });
    await app.screenshot('service-search-contact-opened');
    await app.axeScan('a contact found by the service, opened');
  });

  it('finds a document uploaded on the service into the open folder, marked "Found by the service", and opens it', async () => {
    const { page } = app;
    const folder: Folder = await openFolderWithDocuments(app);
    await syncNow();
    const form = new FormData();
    form.append('folderId', folder.id);
    form.append('file', new Blob([new TextEncoder().encode('The plan.\n')]), 'zephyrine-plan.txt');
    const uploaded = await client.call('uploadDocument', { rawBody: form });
    expect(uploaded.status).toBe(201);
    const title = (uploaded.body as { title: string }).title;

    await page.getByRole('searchbox', { name: 'Search documents' }).fill('zephyrine');
    const option = page
      .getByRole('listbox', { name: 'Documents', exact: true })
      .getByRole('option', { name: new RegExp(title) });
    await option.waitFor({ timeout: stepTimeoutMs });
    expect(await option.textContent()).toContain('Found by the service');
    await page.getByText('The service found 1; 1 was not on this computer yet.').waitFor({ timeout: stepTimeoutMs });
    await app.screenshot('service-search-documents');
    await app.axeScan('documents with the service search');

    await option.click();
    await region(page, 'Document details').getByText(title).first().waitFor({ timeout: stepTimeoutMs });
  });

  itEndsHealthy(() => app);
});
