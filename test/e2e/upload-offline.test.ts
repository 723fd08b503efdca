/**
 * Uploads while the service is away, in browser mode (docs/ARCHITECTURE.md, "Transfers"): files
 * dropped on a folder while offline are kept and shown as waiting, in the folder ("2 files wait to
 * upload") and in the transfers panel; when the service is back they upload by themselves, once
 * each, and appear as documents of the folder.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Folder } from '../../preload/contract';
import { type E2eApp, startE2eApp } from '../helpers/e2e-harness';
import {
  dropFiles,
  type DroppedFile,
  eventually,
  itEndsHealthy,
  navItem,
  readFixture,
  region,
  signInAndSync,
  stepTimeoutMs,
  syncStateTimeoutMs,
  waitForCount,
  waitForSyncState,
} from '../helpers/e2e-steps';
import { ServerClient } from '../helpers/server-client';

/** How long the uploads may take to land once the service is back (ms): sync notices it first. */
const landingTimeoutMs = syncStateTimeoutMs;

describe('uploads while offline', () => {
  let app: E2eApp;
  let folder: Folder;
  let files: DroppedFile[];

  beforeAll(async () => {
    app = await startE2eApp();
    await signInAndSync(app);
    files = [
      { name: 'E2E offline minutes.pdf', mimeType: 'application/pdf', bytes: await readFixture('sample.pdf') },
      { name: 'E2E offline site photo.png', mimeType: 'image/png', bytes: await readFixture('sample.png') },
    ];
  });
  afterAll(async () => {
    await app?.close();
  });

  it('keeps files dropped while the service is away and shows them as waiting', {
    timeout: syncStateTimeoutMs + 60_000,
  }, async () => {
    const { page } = app;
    await navItem(page, 'Documents').click();
    const tree = page.getByRole('tree', { name: 'Folders' });
    await waitForCount(tree.getByRole('treeitem'));
    const folders = await app.host.core.handlers['documents.listFolders']({});
    const topLevel = new Set(folders.filter((f) => f.parentId === null).map((f) => f.id));
    const candidate = folders.find((f) => f.documentCount > 0 && f.parentId !== null && topLevel.has(f.parentId));
    if (!candidate) throw new Error('No second-level folder holds documents: the demo data should fill some');
    folder = candidate;
    await tree.getByRole('treeitem', { name: folder.name, exact: true }).first().click();
    await waitForCount(page.getByRole('listbox', { name: 'Documents', exact: true }).getByRole('option'));

    await app.stopService();
    await waitForSyncState(page, 'Offline');
    await dropFiles(page.getByLabel('Drop files to upload', { exact: true }), files);

    const banner = page.getByRole('status', { name: 'Uploads into this folder', exact: true });
    await banner.filter({ hasText: '2 files wait to upload' }).waitFor({ timeout: stepTimeoutMs });
    await expect(banner.textContent()).resolves.toContain('Waiting for the service');
    const transfers = region(page, 'Transfers');
    for (const file of files) {
      const item = transfers.getByRole('listitem').filter({ hasText: file.name });
      await item.filter({ hasText: 'Waiting for the service' }).first().waitFor({ timeout: stepTimeoutMs });
      await expect(item.first().textContent()).resolves.toMatch(/Upload waiting · \d/);
      await expect(item.getByRole('button', { name: 'Cancel', exact: true }).count()).resolves.toBe(1);
    }
    const queued = (await app.host.core.handlers['transfers.list']({})).filter((t) => t.kind === 'upload');
    expect(queued.map((t) => [t.name, t.state]).sort()).toEqual(files.map((f) => [f.name, 'queued']).sort());
    await app.screenshot('upload-offline-waiting');
    await app.axeScan('documents with uploads waiting for the service');
  });

  it('uploads them by itself once each when the service is back, and lists them as documents', {
    timeout: landingTimeoutMs + syncStateTimeoutMs + 30_000,
  }, async () => {
    const { page } = app;
    const service = await app.restartService();
    await waitForSyncState(page, 'Synced');

    const list = page.getByRole('listbox', { name: 'Documents', exact: true });
    for (const title of ['E2E offline minutes', 'E2E offline site photo']) {
      await list.getByRole('option', { name: title }).first().waitFor({ timeout: landingTimeoutMs });
    }
    await page
      .getByRole('status', { name: 'Uploads into this folder', exact: true })
      .waitFor({ state: 'detached', timeout: stepTimeoutMs });
    const transfers = region(page, 'Transfers');
    for (const file of files) {
      const bar = transfers.getByRole('progressbar', { name: file.name }).first();
      await expect.poll(() => bar.getAttribute('aria-valuenow'), { timeout: stepTimeoutMs }).toBe('100');
    }

    // The service holds each file once, with the bytes that were dropped.
    const client = new ServerClient(service.url);
    await client.signIn(service.credentials);
    const onService = await eventually(
      'the service to list both uploads',
      () => client.allPages<{ name: string; size: number }>('listFolderDocuments', { query: { folderId: folder.id } }),
      (items) => files.every((f) => items.some((d) => d.name === f.name)),
    );
    for (const file of files) {
      expect(onService.filter((d) => d.name === file.name).map((d) => d.size)).toEqual([file.bytes.length]);
    }
    await app.screenshot('upload-offline-landed');
    await app.axeScan('documents after queued uploads landed');
  });

  itEndsHealthy(() => app);
});
