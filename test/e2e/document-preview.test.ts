/**
 * Document previews in browser mode, under the renderer's real Content Security Policy (the host
 * serves the page with it): a two-page PDF drawn by pdf.js on a canvas (pages turned with PageDown,
 * zoomed with +), an image, a text file shown as text, the kept preview offline with its age and a
 * never-previewed document that needs the service in words. Escape closes a preview and the focus
 * returns to its button. No console message of the page may mention the Content Security Policy.
 */
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';
import { PNG } from 'pngjs';
import type { ConsoleMessage, Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Folder } from '../../preload/contract';
import { type E2eApp, startE2eApp } from '../helpers/e2e-harness';
import {
  itEndsHealthy,
  navItem,
  readFixture,
  region,
  requestSync,
  signInAndSync,
  stepTimeoutMs,
  waitForSyncState,
} from '../helpers/e2e-steps';
import { ServerClient } from '../helpers/server-client';

const titles = {
  pdf: 'E2E preview brochure',
  image: 'E2E preview booth',
  large: 'E2E preview site photo',
  text: 'E2E preview notes',
  csv: 'E2E preview price list',
};

/** A two-page A5 PDF with a large heading on each page. */
async function twoPagePdf(): Promise<Uint8Array> {
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.HelveticaBold);
  for (const [n, words] of [
    [1, 'Desks for the Lisbon office'],
    [2, 'Delivery and payment terms'],
  ] as const) {
    const page = pdf.addPage([420, 595]);
    page.drawRectangle({ x: 30, y: 470, width: 360, height: 90, color: rgb(0.14, 0.34, 0.77) });
    page.drawText(`Page ${n}`, { x: 45, y: 520, size: 28, font, color: rgb(1, 1, 1) });
    page.drawText(words, { x: 45, y: 420, size: 18, font, color: rgb(0.1, 0.1, 0.1) });
  }
  return pdf.save();
}

/** A `width`×`height` PNG of noise, which does not compress: over the bridge's 2 MiB incoming frame limit. */
function noisePng(width: number, height: number): Uint8Array {
  const png = new PNG({ width, height });
  let seed = 7;
  for (let i = 0; i < png.data.length; i++) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    png.data[i] = i % 4 === 3 ? 255 : seed >> 23;
  }
  return PNG.sync.write(png);
}

describe('document preview', () => {
  let app: E2eApp;
  let folder: Folder;
  const consoleMessages: string[] = [];

  const list = () => app.page.getByRole('listbox', { name: 'Documents', exact: true });
  const details = () => region(app.page, 'Document details');

  /** Selects the document titled `title` and opens its preview; resolves to the dialog. */
  async function openPreview(title: string): Promise<Locator> {
    await list().getByRole('option', { name: title }).first().click();
    await details().getByRole('heading', { name: title }).waitFor({ timeout: stepTimeoutMs });
    await details().getByRole('button', { name: 'Preview', exact: true }).click();
    const dialog = app.page.getByRole('dialog', { name: `Preview of ${title}` });
    await dialog.waitFor({ timeout: stepTimeoutMs });
    return dialog;
  }

  /** Closes the preview with Escape and checks the focus went back to the Preview button. */
  async function closeWithEscape(dialog: Locator): Promise<void> {
    await app.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached', timeout: stepTimeoutMs });
    const button = details().getByRole('button', { name: 'Preview', exact: true });
    await expect
      .poll(() =>
        button.evaluate(
          (element: { ownerDocument: { activeElement: unknown } }) => element === element.ownerDocument.activeElement,
        ),
      )
      .toBe(true);
  }

  beforeAll(async () => {
    app = await startE2eApp();
    app.page.on('console', (message: ConsoleMessage) => consoleMessages.push(`${message.type()}: ${message.text()}`));
    await signInAndSync(app);
    // The files this scenario previews, uploaded on the service as another device would.
    const folders = await app.host.core.handlers['documents.listFolders']({});
    folder = folders.find((f) => f.parentId === null) as Folder;
    const client = new ServerClient(app.service.url);
    await client.signIn(app.service.credentials);
    const files: Array<[string, Uint8Array]> = [
      [`${titles.pdf}.pdf`, await twoPagePdf()],
      [`${titles.image}.png`, await readFixture('sample.png')],
      [`${titles.large}.png`, noisePng(1200, 900)],
      [`${titles.text}.txt`, Buffer.from('Call Dana back on Friday.\n<script>alert("never run")</script>\n')],
      [`${titles.csv}.csv`, Buffer.from('product,price\nDesk,420\n')],
    ];
    for (const [name, bytes] of files) {
      const form = new FormData();
      form.append('folderId', folder.id);
      form.append('file', new Blob([new Uint8Array(bytes)]), name);
      expect((await client.call('uploadDocument', { rawBody: form })).status).toBe(201);
    }
  });
  afterAll(async () => {
    await app?.close();
  });

  it('lists the documents uploaded on the service in their folder', async () => {
    await navItem(app.page, 'Documents').click();
    await app.page
      .getByRole('tree', { name: 'Folders' })
      .getByRole('treeitem', { name: folder.name, exact: true })
      .first()
      .click();
    await expect
      .poll(
        async () => {
          await requestSync(app.page);
          return list().getByRole('option', { name: titles.csv }).count();
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toBeGreaterThan(0);
  });

  it('draws page 1 of a PDF on a canvas, turns to page 2 with PageDown and zooms with +', async () => {
    const dialog = await openPreview(titles.pdf);
    const canvas = dialog.locator('canvas[data-drawn-page="1"]');
    await canvas.waitFor({ timeout: stepTimeoutMs });
    await dialog.getByText('Page 1 of 2').waitFor();
    // Drawn: the canvas holds more than one colour (the blue heading band on a white page).
    /** The part of a canvas the check reads. */
    type Canvas = {
      width: number;
      height: number;
      getContext(
        kind: '2d',
      ): { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } } | null;
    };
    const colours = await canvas.evaluate((element) => {
      const c = element as unknown as Canvas;
      const data = c.getContext('2d')?.getImageData(0, 0, c.width, c.height).data ?? new Uint8ClampedArray();
      const seen = new Set<string>();
      for (let i = 0; i < data.length && seen.size < 3; i += 4 * 97)
        seen.add(`${data[i]},${data[i + 1]},${data[i + 2]}`);
      return { width: c.width, height: c.height, colours: seen.size };
    });
    expect(colours.width).toBeGreaterThan(100);
    expect(colours.height).toBeGreaterThan(100);
    expect(colours.colours).toBeGreaterThan(1);
    await app.screenshot('document-preview-pdf');
    await app.axeScan('document preview (PDF)');

    await app.page.keyboard.press('PageDown');
    await dialog.locator('canvas[data-drawn-page="2"]').waitFor({ timeout: stepTimeoutMs });
    await dialog.getByText('Page 2 of 2').waitFor();
    const zoomBefore = await dialog.locator('.preview-zoom-value').textContent();
    await app.page.keyboard.press('+');
    await expect.poll(() => dialog.locator('.preview-zoom-value').textContent()).not.toBe(zoomBefore);
    await app.screenshot('document-preview-pdf-page-2-zoomed');
    await closeWithEscape(dialog);
  });

  it('shows an image, zoomable', async () => {
    const dialog = await openPreview(titles.image);
    const image = dialog.getByRole('img', { name: titles.image });
    await image.waitFor({ timeout: stepTimeoutMs });
    await expect.poll(() => image.evaluate((i) => (i as unknown as { naturalWidth: number }).naturalWidth)).toBe(64);
    await dialog.getByText('64 × 48 pixels').waitFor();
    await app.screenshot('document-preview-image');
    await app.axeScan('document preview (image)');
    await closeWithEscape(dialog);
  });

  it('shows an image of several megabytes (the answer is larger than any frame the page may send)', async () => {
    const dialog = await openPreview(titles.large);
    const image = dialog.getByRole('img', { name: titles.large });
    await image.waitFor({ timeout: stepTimeoutMs });
    await expect.poll(() => image.evaluate((i) => (i as unknown as { naturalWidth: number }).naturalWidth)).toBe(1200);
    await dialog.getByText('1200 × 900 pixels').waitFor();
    await closeWithEscape(dialog);
  });

  it('shows a text file as plain text (markup in it is text, not run)', async () => {
    const dialog = await openPreview(titles.text);
    const text = dialog.getByRole('region', { name: `Text of ${titles.text}.txt` });
    await text.getByText('<script>alert("never run")</script>', { exact: false }).waitFor({ timeout: stepTimeoutMs });
    await app.screenshot('document-preview-text');
    await app.axeScan('document preview (text)');
    await closeWithEscape(dialog);
  });

  it('offline: shows the kept PDF preview with its age, and says a new preview needs the service', async () => {
    await app.stopService();
    try {
      await waitForSyncState(app.page, 'Offline');
      const kept = await openPreview(titles.pdf);
      await kept
        .getByText(/You are offline: this is the preview kept on this computer/)
        .waitFor({ timeout: stepTimeoutMs });
      await kept.locator('canvas[data-drawn-page="1"]').waitFor({ timeout: stepTimeoutMs });
      await app.screenshot('document-preview-offline-kept');
      await closeWithEscape(kept);

      const never = await openPreview(titles.csv);
      await never.getByText(/This preview needs the BRM service/).waitFor({ timeout: stepTimeoutMs });
      await app.screenshot('document-preview-offline-needs-service');
      await app.axeScan('document preview (offline, nothing kept)');
      await closeWithEscape(never);
    } finally {
      await app.restartService();
    }
  });

  it('reported nothing about the Content Security Policy in the console', () => {
    expect(consoleMessages.filter((m) => /Content[- ]Security[- ]Policy|\bCSP\b/i.test(m))).toEqual([]);
  });

  itEndsHealthy(() => app);
});
