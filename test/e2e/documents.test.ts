/**
 * Documents in browser mode: the folder tree, uploading real files by drag and drop with per-file
 * progress, downloading a document and opening it, asking before opening a program, and refusing
 * an empty file.
 */
import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Folder } from '../../preload/contract';
import { type E2eApp, startE2eApp } from '../helpers/e2e-harness';
import {
  dropFiles,
  type DroppedFile,
  itEndsHealthy,
  openFolderWithDocuments,
  readFixture,
  region,
  signInAndSync,
  stepTimeoutMs,
} from '../helpers/e2e-steps';

/** Upload timeouts allow for slow CI disks (ms). */
const transferTimeoutMs = 60_000;

describe('documents', () => {
  let app: E2eApp;
  let folder: Folder;
  let pdf: DroppedFile;
  let png: DroppedFile;

  beforeAll(async () => {
    app = await startE2eApp();
    await signInAndSync(app);
    pdf = { name: 'E2E rebate summary.pdf', mimeType: 'application/pdf', bytes: await readFixture('sample.pdf') };
    png = { name: 'E2E booth photo.png', mimeType: 'image/png', bytes: await readFixture('sample.png') };
  });
  afterAll(async () => {
    await app?.close();
  });

  it('opens a folder from "Folders" and lists its documents', async () => {
    folder = await openFolderWithDocuments(app);
    await app.screenshot('documents');
    await app.axeScan('documents');
  });

  it('uploads dropped files with a progress bar each and lists them', async () => {
    const { page } = app;
    await dropFiles(page.getByLabel('Drop files to upload', { exact: true }), [pdf, png]);
    const transfers = region(page, 'Transfers');
    for (const file of [pdf, png]) {
      const bar = transfers.getByRole('progressbar', { name: file.name }).first();
      await bar.waitFor({ timeout: stepTimeoutMs });
      await expect.poll(() => bar.getAttribute('aria-valuenow'), { timeout: transferTimeoutMs }).toBe('100');
    }
    const list = page.getByRole('listbox', { name: 'Documents', exact: true });
    for (const title of ['E2E rebate summary', 'E2E booth photo']) {
      await list.getByRole('option', { name: title }).first().waitFor({ timeout: stepTimeoutMs });
    }
    await app.screenshot('documents-transfers');
    await app.axeScan('documents with transfers');
  });

  it('downloads the uploaded document, then opens it', async () => {
    const { page } = app;
    await page
      .getByRole('listbox', { name: 'Documents', exact: true })
      .getByRole('option', { name: 'E2E rebate summary' })
      .first()
      .click();
    const details = region(page, 'Document details');
    await details.getByText('E2E rebate summary').first().waitFor({ timeout: stepTimeoutMs });
    const open = details.getByRole('button', { name: 'Open', exact: true });
    await details.getByRole('button', { name: 'Download', exact: true }).click();
    await expect.poll(() => open.isEnabled(), { timeout: transferTimeoutMs }).toBe(true);
    await app.screenshot('document-detail');
    await app.axeScan('document details');

    const { rows } = await app.host.core.handlers['documents.list']({
      folderId: folder.id,
      query: 'E2E rebate summary',
      offset: 0,
      limit: 10,
    });
    const uploaded = rows.find((row) => row.name === pdf.name || row.title.startsWith('E2E rebate summary'));
    if (!uploaded) throw new Error('The core does not list the uploaded PDF in its folder');
    const detail = await app.host.core.handlers['documents.get']({ id: uploaded.id });
    expect(detail?.localPath, 'the downloaded file is recorded').toBeTruthy();
    expect((await readFile(detail!.localPath!)).equals(pdf.bytes), 'downloaded bytes equal the uploaded bytes').toBe(
      true,
    );

    const popup = app.context.waitForEvent('page', { timeout: stepTimeoutMs });
    await open.click();
    const viewer = await popup;
    const response = await app.context.request.get(viewer.url());
    expect(response.status()).toBe(200);
    expect((await response.body()).equals(pdf.bytes), 'the opened file is the document').toBe(true);
    await viewer.close();
  });

  it('asks before opening a downloaded Windows program, naming its type, and opens it only when confirmed', async () => {
    const { page } = app;
    const program: DroppedFile = {
      name: 'E2E invoice.pdf.exe',
      mimeType: 'application/x-msdownload',
      bytes: Buffer.from('MZ this is only a test, not a program'),
    };
    await dropFiles(page.getByLabel('Drop files to upload', { exact: true }), [program]);
    const bar = region(page, 'Transfers').getByRole('progressbar', { name: program.name }).first();
    await expect.poll(() => bar.getAttribute('aria-valuenow'), { timeout: transferTimeoutMs }).toBe('100');
    const option = page
      .getByRole('listbox', { name: 'Documents', exact: true })
      .getByRole('option', { name: /E2E invoice/ })
      .first();
    await option.waitFor({ timeout: stepTimeoutMs });
    await option.click();
    const details = region(page, 'Document details');
    await details.getByText(program.name).first().waitFor({ timeout: stepTimeoutMs });
    const open = details.getByRole('button', { name: 'Open', exact: true });
    await details.getByRole('button', { name: 'Download', exact: true }).click();
    await expect.poll(() => open.isEnabled(), { timeout: transferTimeoutMs }).toBe(true);

    const pagesBefore = app.context.pages().length;
    await open.click();
    const dialog = page.getByRole('dialog', { name: `Open ${program.name}?` });
    await dialog.waitFor({ timeout: stepTimeoutMs });
    await expect(dialog.textContent()).resolves.toContain(
      `${program.name} is a Windows program: it can run code on your computer. Open it only if you trust where it came from.`,
    );
    await app.screenshot('document-open-warning');
    await app.axeScan('document open warning');
    expect(app.context.pages(), 'nothing opened before the user confirmed').toHaveLength(pagesBefore);

    // The browser asks for the file in a new tab (and, being a program, saves it instead of showing it).
    const popup = app.context.waitForEvent('page', { timeout: stepTimeoutMs });
    const fileRequest = app.context.waitForEvent('request', {
      predicate: (request) => new URL(request.url()).pathname.startsWith('/files/'),
      timeout: stepTimeoutMs,
    });
    await dialog.getByRole('button', { name: 'Open anyway' }).click();
    const [viewer, request] = await Promise.all([popup, fileRequest]);
    const response = await app.context.request.get(request.url());
    expect(response.status()).toBe(200);
    expect((await response.body()).equals(program.bytes), 'the opened file is the document').toBe(true);
    await viewer.close();
    await dialog.waitFor({ state: 'detached', timeout: stepTimeoutMs });
  });

  it('refuses an empty file and says so for that file', async () => {
    const { page } = app;
    const empty: DroppedFile = { name: 'E2E empty notes.txt', mimeType: 'text/plain', bytes: Buffer.alloc(0) };
    await dropFiles(page.getByLabel('Drop files to upload', { exact: true }), [empty]);
    const refusal = page
      .getByRole('alert')
      .filter({ hasText: empty.name })
      .or(region(page, 'Transfers').getByRole('listitem').filter({ hasText: empty.name }));
    await refusal.first().waitFor({ timeout: stepTimeoutMs });
    await expect(refusal.first().textContent()).resolves.toMatch(/empty|0 bytes|no content/i);
    await app.screenshot('documents-refused-empty');
    await expect(
      page
        .getByRole('listbox', { name: 'Documents', exact: true })
        .getByRole('option', { name: 'E2E empty notes' })
        .count(),
    ).resolves.toBe(0);
  });

  itEndsHealthy(() => app);
});
