/**
 * "Check with the service" in browser mode: an event made on the service (as a colleague would)
 * right after a sync is found by the calendar's check, counted as new here and shown in the calendar;
 * a folder's check finds a document uploaded on the service and names the kept one the service no
 * longer lists (still listed here until sync confirms); the notifications' "Show dismissed".
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiSchemas } from '../../preload/contract/common';
import {
  eventually,
  itEndsHealthy,
  navItem,
  openFolderWithDocuments,
  serviceClientOf,
  signedInApp,
  stepTimeoutMs,
} from '../helpers/e2e-steps';
import type { ServerClient } from '../helpers/server-client';

describe('listing checks', () => {
  // A service that does not hold feed requests (as before contract 0.4.0): changes made on it reach
  // the app only at its next sync, which is what the checks are for.
  const app = signedInApp({ liveChanges: false });
  let service: ServerClient;

  /** Runs a sync now and waits until it ended, so the next background sync is a full interval away. */
  async function freshSync(): Promise<void> {
    const before = (await app.host.core.handlers['sync.getStatus']({})).lastSyncedAt;
    await app.host.core.handlers['sync.run']({});
    await eventually(
      'a sync that ended',
      async () => app.host.core.handlers['sync.getStatus']({}),
      (s) => s.state === 'idle' && s.lastSyncedAt !== before,
      { timeoutMs: stepTimeoutMs, intervalMs: 200 },
    );
  }

  const status = () =>
    app.page
      .getByRole('main')
      .getByRole('status')
      .filter({ hasText: /^Checked|Checking/ });

  beforeAll(async () => {
    service = await serviceClientOf(app);
  });

  it('finds an event made on the service since the last sync and shows it in the calendar', async () => {
    const { page } = app;
    await navItem(page, 'Calendar').click();
    // The day view: the month view may fold a busy day's events behind "+N more".
    await page.getByRole('button', { name: 'Day', exact: true }).click();
    await page.getByRole('button', { name: 'Check with the service' }).waitFor({ timeout: stepTimeoutMs });
    await freshSync();
    const today = new Date();
    const day = today.toISOString().slice(0, 10);
    const title = 'Site visit at Nordwerk (made by a colleague)';
    const made = await service.call('saveCalendar', {
      body: {
        title,
        description: null,
        location: 'Nordwerk',
        startsAt: `${day}T10:00:00Z`,
        endsAt: `${day}T11:00:00Z`,
        allDay: false,
        status: 'confirmed',
      },
    });
    expect(made.status).toBe(201);
    expect(await page.getByRole('button', { name: title }).count()).toBe(0);

    await page.getByRole('button', { name: 'Check with the service' }).click();
    await status()
      .filter({ hasText: /1 new here, now kept\.$/ })
      .waitFor({ timeout: stepTimeoutMs });
    expect(await status().textContent()).toMatch(/^Checked \d\d:\d\d: the service lists \d+ events?; 1 new here/);
    await page.getByRole('button', { name: title }).first().waitFor({ timeout: stepTimeoutMs });
    await app.screenshot('listing-check-calendar');
    await app.axeScan('listing-check-calendar');
  });

  it('checks a folder: a document uploaded on the service is kept, one deleted there is named and still listed', async () => {
    const { page } = app;
    const folder = await openFolderWithDocuments(app);
    const { rows } = await app.host.core.handlers['documents.list']({ folderId: folder.id, offset: 0, limit: 1 });
    const gone = rows[0];
    await freshSync();
    const form = new FormData();
    form.append('folderId', folder.id);
    form.append('file', new Blob([new TextEncoder().encode('Signed order')]), 'Order signed by Nordwerk.txt');
    const uploaded = await service.call('uploadDocument', { rawBody: form });
    expect(uploaded.status).toBe(201);
    expect((await service.call('deleteDocument', { query: { id: gone.id } })).status).toBe(204);

    await page.getByRole('button', { name: 'Check with the service' }).click();
    await status()
      .filter({ hasText: /1 new here, now kept\.$/ })
      .waitFor({ timeout: stepTimeoutMs });
    await page
      .getByText('1 kept document or subfolder is not listed by the service any more; sync will confirm.')
      .waitFor({ timeout: stepTimeoutMs });
    const missing = page.getByRole('list', { name: 'Kept documents and subfolders the service no longer lists' });
    expect(await missing.getByRole('button', { name: gone.name }).count()).toBe(1);
    const documents = page.getByRole('listbox', { name: 'Documents', exact: true });
    await documents
      .getByRole('option', { name: /Order signed by Nordwerk\.txt/ })
      .first()
      .waitFor({ timeout: stepTimeoutMs });
    const kept = await app.host.core.handlers['documents.get']({ id: gone.id });
    expect(kept?.id).toBe(gone.id);
    await app.screenshot('listing-check-folder');
    await app.axeScan('listing-check-folder');
    expect((uploaded.body as ApiSchemas['Document']).folderId).toBe(folder.id);
  });

  it('shows the dismissed notifications kept here and checks them with the service', async () => {
    const { page } = app;
    const { items } = await app.host.core.handlers['notifications.list']({});
    const target = items[0];
    await app.host.core.handlers['notifications.dismiss']({ id: target.id });
    await navItem(page, 'Notifications').click();
    await page.getByRole('checkbox', { name: 'Show dismissed' }).check();
    const section = page.getByRole('region', { name: 'Dismissed notifications' });
    await section.getByText(target.title).first().waitFor({ timeout: stepTimeoutMs });
    await page.getByRole('button', { name: 'Check with the service' }).click();
    await status()
      .filter({ hasText: /the service lists \d+ dismissed notifications?/ })
      .waitFor({ timeout: stepTimeoutMs });
    await app.screenshot('listing-check-dismissed');
    await app.axeScan('listing-check-dismissed');
  });

  it('answers in words when the service cannot be reached, and checks again once it is back', async () => {
    const { page } = app;
    await app.stopService();
    await page.getByRole('button', { name: 'Check with the service' }).click();
    await page
      .getByRole('main')
      .getByRole('status')
      .filter({ hasText: /^The service cannot be reached now, so your dismissed notifications could not be checked\./ })
      .waitFor({ timeout: stepTimeoutMs });
    await app.screenshot('listing-check-offline');
    await app.axeScan('listing-check-offline');
    await app.restartService();
    await freshSync();
    await page.getByRole('button', { name: 'Check with the service' }).click();
    await status()
      .filter({ hasText: /dismissed notifications?; all of them were already here\.$/ })
      .waitFor({
        timeout: stepTimeoutMs,
      });
  });

  itEndsHealthy(() => app);
});
