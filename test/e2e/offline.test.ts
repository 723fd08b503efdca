/**
 * Offline is a normal state (docs/ARCHITECTURE.md): when the service goes away the app says "Offline" and
 * keeps browsing from its cache; when the service comes back on the same address it says
 * "Synced" again.
 */
import { describe, expect, it } from 'vitest';
import {
  itEndsHealthy,
  navItem,
  openFolderWithDocuments,
  region,
  signedInApp,
  stepTimeoutMs,
  syncStateTimeoutMs,
  waitForCount,
  waitForSyncState,
} from '../helpers/e2e-steps';

describe('offline', () => {
  const app = signedInApp();

  it('says "Offline" in "Sync status" when the service stops', { timeout: syncStateTimeoutMs + 20_000 }, async () => {
    const { page } = app;
    await navItem(page, 'Contacts').click();
    await waitForCount(page.getByRole('listbox', { name: 'Contacts', exact: true }).getByRole('option'));
    await app.stopService();
    await waitForSyncState(page, 'Offline');
    await app.screenshot('offline');
    await app.axeScan('offline');
  });

  it('keeps listing and searching contacts from the cache while offline', async () => {
    const { page } = app;
    const list = page.getByRole('listbox', { name: 'Contacts', exact: true });
    await navItem(page, 'Calendar').click();
    await navItem(page, 'Contacts').click();
    const before = await waitForCount(list.getByRole('option'));
    const { rows } = await app.host.core.handlers['contacts.list']({ offset: 5, limit: 1 });
    const query = `${rows[0].firstName} ${rows[0].lastName}`;
    await page.getByRole('searchbox', { name: 'Search contacts' }).pressSequentially(query);
    await list.getByRole('option', { name: query }).first().waitFor({ timeout: stepTimeoutMs });
    await expect.poll(() => list.getByRole('option').count(), { timeout: stepTimeoutMs }).toBeLessThan(before);
    await list.getByRole('option', { name: query }).first().click();
    await region(page, 'Contact details')
      .getByText(`${rows[0].firstName} ${rows[0].lastName}`)
      .first()
      .waitFor({ timeout: stepTimeoutMs });
    await expect(page.getByRole('status', { name: 'Sync status' }).textContent()).resolves.toContain('Offline');
  });

  it('keeps a download asked for while offline waiting, with the reason, and shows a document and its notes from the cache', async () => {
    const { page } = app;
    await openFolderWithDocuments(app);
    await page.getByRole('listbox', { name: 'Documents', exact: true }).getByRole('option').first().click();
    const details = region(page, 'Document details');
    await details
      .getByText('You are offline: a download waits and starts by itself when the connection is back.')
      .waitFor({
        timeout: stepTimeoutMs,
      });
    await details.getByRole('button', { name: 'Download' }).click();
    await details.getByText(/Waiting for the service — it downloads by itself when the connection is back\./).waitFor({
      timeout: stepTimeoutMs,
    });
    expect(await details.getByRole('button', { name: 'Open', exact: true }).isDisabled()).toBe(true);
    await details.getByRole('region', { name: 'Notes' }).waitFor({ timeout: stepTimeoutMs });
    await app.screenshot('offline-document');
    await app.axeScan('offline document');
  });

  it('returns to "Synced" when the service is back on the same address', {
    timeout: syncStateTimeoutMs + 20_000,
  }, async () => {
    await app.restartService();
    await waitForSyncState(app.page, 'Synced');
    // The download asked for while offline went by itself.
    const details = region(app.page, 'Document details');
    await details.getByText('Saved on this computer:').waitFor({ timeout: syncStateTimeoutMs });
    expect(await details.getByRole('button', { name: 'Open', exact: true }).isEnabled()).toBe(true);
  });

  itEndsHealthy(() => app);
});
