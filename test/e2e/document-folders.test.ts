/**
 * Document folders in browser mode against the real core and reference service: create a folder
 * in the chosen folder, rename it with F2, drag a document from the list onto it and see it there
 * (each change sent and read back from the service), and a folder dragged into its own subfolder
 * refused in words with nothing queued. The core's handlers are the oracle.
 */
import { describe, expect, it, vi } from 'vitest';
import type { Folder } from '../../preload/contract';
import {
  dragTo,
  itEndsHealthy,
  openFolderWithDocuments,
  signedInApp,
  stepTimeoutMs,
  waitForCount,
} from '../helpers/e2e-steps';

/** How long a change may take to be sent and read back, and how often to look. */
const waitOptions = { timeout: stepTimeoutMs, interval: 250 };

describe('document folders', () => {
  const app = signedInApp();
  let parent: Folder;

  const page = () => app.page;
  const tree = () => page().getByRole('tree', { name: 'Folders' });
  const item = (name: string) => tree().getByRole('treeitem', { name, exact: true });
  const documentList = () => page().getByRole('listbox', { name: 'Documents', exact: true });
  /** What assistive technology reads after a tree item's name (its count and a queued change's state). */
  const description = async (name: string) => {
    const id = await item(name).getAttribute('aria-describedby');
    return id ? ((await page().locator(`[id="${id}"]`).textContent()) ?? '') : '';
  };
  const folderNamed = async (name: string) =>
    (await app.host.core.handlers['documents.listFolders']({})).find((f) => f.name === name);

  it('creates a folder in the chosen folder, sent to the service', async () => {
    parent = await openFolderWithDocuments(app);
    await page().getByRole('button', { name: 'New folder', exact: true }).click();
    const dialog = page().getByRole('dialog', { name: `New folder in "${parent.name}"` });
    await dialog.getByLabel('Folder name').fill('E2E signed offers');
    await app.screenshot('document-folders-new-dialog');
    await app.axeScan('new folder dialog');
    await dialog.getByRole('button', { name: 'Create folder' }).click();
    await item('E2E signed offers').waitFor({ timeout: stepTimeoutMs });
    await vi.waitFor(async () => {
      expect(await folderNamed('E2E signed offers')).toMatchObject({ parentId: parent.id, syncState: 'synced' });
      expect(await app.host.core.handlers['outbox.list']({})).toEqual([]);
    }, waitOptions);
  });

  it('renames it with F2', async () => {
    await item('E2E signed offers').click();
    await page().keyboard.press('F2');
    const dialog = page().getByRole('dialog', { name: 'Rename "E2E signed offers"' });
    await dialog.getByLabel('Folder name').fill('E2E signed offers 2026');
    await page().keyboard.press('Enter');
    await item('E2E signed offers 2026').waitFor({ timeout: stepTimeoutMs });
    await vi.waitFor(async () => {
      expect(await folderNamed('E2E signed offers 2026')).toMatchObject({ parentId: parent.id, syncState: 'synced' });
      expect(await app.host.core.handlers['outbox.list']({})).toEqual([]);
    }, waitOptions);
  });

  it('moves a document there by dragging it from the list onto the folder', async () => {
    await item(parent.name).click();
    await waitForCount(documentList().getByRole('option'));
    const [document] = (await app.host.core.handlers['documents.list']({ folderId: parent.id, offset: 0, limit: 1 }))
      .rows;
    const row = documentList().getByRole('option', { name: document.title }).first();
    await dragTo(page(), row, item('E2E signed offers 2026'));
    const target = (await folderNamed('E2E signed offers 2026'))!;
    await vi.waitFor(async () => {
      expect(await app.host.core.handlers['documents.get']({ id: document.id })).toMatchObject({
        folderId: target.id,
        syncState: 'synced',
      });
      expect(await app.host.core.handlers['outbox.list']({})).toEqual([]);
    }, waitOptions);
    await item('E2E signed offers 2026').click();
    await documentList().getByRole('option', { name: document.title }).first().waitFor({ timeout: stepTimeoutMs });
    await app.screenshot('document-folders-moved-document');
    await app.axeScan('folder with the moved document');
  });

  it('refuses in words to drag a folder into its own subfolder', async () => {
    await dragTo(page(), item(parent.name), item('E2E signed offers 2026'));
    await page()
      .getByRole('status')
      .getByText(`"${parent.name}" cannot go into itself or one of its own subfolders. Choose a folder outside it.`)
      .waitFor({ timeout: stepTimeoutMs });
    expect(await app.host.core.handlers['outbox.list']({})).toEqual([]);
    expect((await folderNamed(parent.name))?.parentId).toBe(parent.parentId);
    await app.screenshot('document-folders-cycle-refused');
  });

  it('creates and renames a folder offline, shown pending in the tree, sent once when the service is back', async () => {
    await item(parent.name).click();
    await app.stopService();
    await page().getByRole('button', { name: 'New folder', exact: true }).click();
    const create = page().getByRole('dialog', { name: `New folder in "${parent.name}"` });
    await create.getByLabel('Folder name').fill('E2E offline folder');
    await create.getByRole('button', { name: 'Create folder' }).click();
    await item('E2E offline folder').click();
    await page().keyboard.press('F2');
    const rename = page().getByRole('dialog', { name: 'Rename "E2E offline folder"' });
    await rename.getByLabel('Folder name').fill('E2E offline folder (renamed)');
    await rename.getByRole('button', { name: 'Rename', exact: true }).click();
    await item('E2E offline folder (renamed)').waitFor({ timeout: stepTimeoutMs });
    await expect
      .poll(() => description('E2E offline folder (renamed)'), waitOptions)
      .toBe('0 documents, change not sent yet');
    expect(await app.host.core.handlers['outbox.list']({})).toHaveLength(1);
    await app.screenshot('document-folders-offline-pending');
    await app.axeScan('folder tree with a pending folder');
    await app.restartService();
    await vi.waitFor(async () => {
      await app.host.core.handlers['sync.run']({});
      expect(await app.host.core.handlers['outbox.list']({})).toEqual([]);
      const folders = await app.host.core.handlers['documents.listFolders']({});
      const named = folders.filter((f) => f.name.startsWith('E2E offline folder'));
      expect(named).toEqual([expect.objectContaining({ name: 'E2E offline folder (renamed)', syncState: 'synced' })]);
    }, waitOptions);
    await expect.poll(() => description('E2E offline folder (renamed)'), waitOptions).toBe('0 documents');
  });

  itEndsHealthy(() => app);
});
