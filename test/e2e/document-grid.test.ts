/**
 * Document thumbnails and the Grid in browser mode against the real core and reference service:
 * the list shows small thumbnails of the demo photos and PDFs, the folder toolbar switches to Grid,
 * the cards show larger ones, the keyboard moves between cards and Enter opens a document's
 * details, and the Grid is still chosen after the app is loaded again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Folder } from '../../preload/contract';
import { type E2eApp, startE2eApp } from '../helpers/e2e-harness';
import { itEndsHealthy, navItem, region, signInAndSync, stepTimeoutMs, waitForCount } from '../helpers/e2e-steps';

describe('document grid', () => {
  let app: E2eApp;
  let folder: Folder;
  let path: Folder[];

  beforeAll(async () => {
    app = await startE2eApp();
    await signInAndSync(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  /** The demo folder whose first documents include the most of `contentType` (photos: PNG), and its parents. */
  async function folderWithMost(contentType: string): Promise<{ folder: Folder; path: Folder[] }> {
    const folders = await app.host.core.handlers['documents.listFolders']({});
    let best: { folder: Folder; pictures: number } | null = null;
    for (const candidate of folders.filter((f) => f.documentCount > 0)) {
      const { rows } = await app.host.core.handlers['documents.list']({ folderId: candidate.id, offset: 0, limit: 12 });
      const pictures = rows.filter((row) => row.contentType === contentType).length;
      if (pictures > (best?.pictures ?? 0)) best = { folder: candidate, pictures };
    }
    if (!best) throw new Error(`No folder holds ${contentType} documents: the demo data should have some`);
    const path: Folder[] = [];
    for (let at = best.folder; at.parentId !== null; ) {
      const parent = folders.find((f) => f.id === at.parentId);
      if (!parent) break;
      path.unshift(parent);
      at = parent;
    }
    return { folder: best.folder, path };
  }

  /** Opens the Documents view and `folder`, expanding its parents in the tree with the keyboard. */
  async function openFolder(path: readonly Folder[]): Promise<void> {
    const { page } = app;
    await navItem(page, 'Documents').click();
    const tree = page.getByRole('tree', { name: 'Folders' });
    await waitForCount(tree.getByRole('treeitem'));
    for (const parent of path) {
      const item = tree.getByRole('treeitem', { name: parent.name, exact: true }).first();
      if ((await item.getAttribute('aria-expanded')) === 'true') continue;
      await item.click();
      await page.keyboard.press('ArrowRight');
    }
    await tree.getByRole('treeitem', { name: folder.name, exact: true }).first().click();
    await waitForCount(page.getByRole('listbox', { name: 'Documents', exact: true }).getByRole('option'));
  }

  it('shows small thumbnails of pictures and PDFs in the document list', async () => {
    ({ folder, path } = await folderWithMost('image/png'));
    await openFolder(path);
    await waitForCount(app.page.locator('.doc-thumb-row img'));
    await app.screenshot('documents-list-thumbnails');
    await app.axeScan('documents list with thumbnails');
  });

  it('switches to Grid in the folder toolbar and shows cards with thumbnails', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Grid', exact: true }).click();
    expect(await page.getByRole('button', { name: 'Grid', exact: true }).getAttribute('aria-pressed')).toBe('true');
    const grid = page.getByRole('listbox', { name: 'Documents', exact: true });
    await waitForCount(grid.locator('.doc-card[role="option"]'));
    await waitForCount(grid.locator('.doc-thumb-card img'), 2);
    await app.screenshot('documents-grid');
    await app.axeScan('documents grid');
  });

  it('moves between cards with the arrow keys; Enter opens the document details', async () => {
    const { page } = app;
    const grid = page.getByRole('listbox', { name: 'Documents', exact: true });
    await grid.focus();
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowRight');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    const selected = grid.locator('[role="option"][aria-selected="true"]');
    await selected.waitFor({ timeout: stepTimeoutMs });
    // Three cards to a row or more at 1280 px: Right, Right, Down lands on the card below the second.
    const index = Number(await selected.getAttribute('aria-posinset')) - 1;
    const columns = await grid.locator('.doc-grid-row').first().locator('[role="option"]').count();
    expect(index).toBe(1 + columns);
    const title = (await selected.locator('.doc-card-title').textContent()) ?? '';
    const details = region(page, 'Document details');
    await details.getByText(title, { exact: true }).first().waitFor({ timeout: stepTimeoutMs });
    await app.screenshot('documents-grid-details');
    await app.axeScan('documents grid with details');
  });

  it('shows the first page of PDFs on their cards', async () => {
    ({ folder, path } = await folderWithMost('application/pdf'));
    await openFolder(path);
    await waitForCount(app.page.locator('.doc-grid .doc-thumb-card img'), 2);
    await app.screenshot('documents-grid-pdfs');
    await app.axeScan('documents grid of PDFs');
  });

  it('is still in Grid after the app is loaded again', async () => {
    const { page } = app;
    await page.reload();
    await openFolder(path);
    expect(await page.getByRole('button', { name: 'Grid', exact: true }).getAttribute('aria-pressed')).toBe('true');
    await waitForCount(page.locator('.doc-grid .doc-card[role="option"]'));
  });

  itEndsHealthy(() => app);
});
