/**
 * The client offers only what the contract's access rules allow, in browser mode against the real
 * core and reference service, signed in as a demo sales user who owns none of the demo folders and
 * not the document opened: Rename and Delete of the folder and Edit and Delete of the document are
 * shown disabled, each with the rule's reason as its description and as a tooltip on hover and on
 * focus; F2 on the folder says the reason and opens nothing. The core's handlers are the oracle of
 * who owns what.
 */
import type { Locator } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentRow, Folder } from '../../preload/contract';
import { demoSalesLogins, demoSalesPassword } from '../../server/demo/contacts-area';
import { type E2eApp, startE2eApp } from '../helpers/e2e-harness';
import {
  itEndsHealthy,
  mainNav,
  navItem,
  stepTimeoutMs,
  submitSignIn,
  waitForCount,
  waitForSyncState,
} from '../helpers/e2e-steps';
import { smallDemo } from '../helpers/server-client';

const folderReason = 'Only its owner, a manager or an administrator may change this folder.';
const documentReason = 'Only its owner, a manager or an administrator may change this document.';

describe('access rules in the client', () => {
  let app: E2eApp;
  let folder: Folder;
  let document: DocumentRow;

  beforeAll(async () => {
    app = await startE2eApp({ demo: smallDemo });
    await submitSignIn(app, { username: demoSalesLogins(app.service.repos)[0], password: demoSalesPassword });
    await mainNav(app.page).waitFor({ timeout: stepTimeoutMs });
    await waitForSyncState(app.page, 'Synced');
    const me = (await app.host.core.handlers['account.me']({})).value!;
    expect(me.roles).toEqual(['sales']);
    const folders = await app.host.core.handlers['documents.listFolders']({});
    const topLevel = new Set(folders.filter((f) => f.parentId === null).map((f) => f.id));
    // A folder shown without expanding anything, made by someone else, holding a document of someone else.
    for (const candidate of folders) {
      if (candidate.parentId === null || !topLevel.has(candidate.parentId) || candidate.ownerId === me.id) continue;
      const { rows } = await app.host.core.handlers['documents.list']({
        folderId: candidate.id,
        offset: 0,
        limit: 100,
      });
      const theirs = rows.find((row) => row.ownerId !== me.id);
      if (theirs) {
        folder = candidate;
        document = theirs;
        break;
      }
    }
    if (!folder) throw new Error("The demo data should hold a folder with another user's document");
  });
  afterAll(async () => {
    await app?.close();
  });

  const page = () => app.page;
  const item = () =>
    page().getByRole('tree', { name: 'Folders' }).getByRole('treeitem', { name: folder.name, exact: true });
  /** The tooltip of a refused button: the last element its aria-describedby names. */
  const tipOf = async (button: Locator) => {
    const ids = ((await button.getAttribute('aria-describedby')) ?? '').split(/\s+/).filter(Boolean);
    return page().locator(`[id="${ids.at(-1)}"][role="tooltip"]`);
  };
  /** True while a refusal's tooltip is drawn (it stays in the page, visually hidden, as the description). */
  const shown = async (tip: Locator) => ((await tip.getAttribute('class')) ?? '').includes('refusal-tip-shown');
  /** The text of the elements `aria-describedby` names: what a screen reader reads after the name. */
  const description = async (button: Locator) => {
    const ids = ((await button.getAttribute('aria-describedby')) ?? '').split(/\s+/).filter(Boolean);
    const texts = await Promise.all(ids.map((id) => page().locator(`[id="${id}"]`).textContent()));
    return texts.join(' ');
  };

  it("shows the folder's Rename and Delete disabled, with the reason on hover and in the description", async () => {
    await navItem(page(), 'Documents').click();
    await waitForCount(page().getByRole('tree', { name: 'Folders' }).getByRole('treeitem'));
    await item().click();
    const rename = page().getByRole('button', { name: 'Rename', exact: true });
    await expect.poll(() => rename.getAttribute('aria-disabled'), { timeout: stepTimeoutMs }).toBe('true');
    // Not natively disabled: it keeps the focus and the pointer, so its reason can be reached.
    expect(await rename.getAttribute('disabled')).toBeNull();
    expect(await description(rename)).toContain(folderReason);
    const remove = page().getByRole('button', { name: 'Delete', exact: true });
    expect(await remove.getAttribute('aria-disabled')).toBe('true');

    await rename.hover();
    const tip = await tipOf(rename);
    await expect.poll(() => shown(tip), { timeout: stepTimeoutMs }).toBe(true);
    expect((await tip.boundingBox())?.width).toBeGreaterThan(100);
    await app.screenshot('access-folder-rename-refused');
    await app.axeScan('refused folder actions');

    // Playwright does not click what is aria-disabled by itself; a user can.
    await rename.click({ force: true });
    expect(await page().getByRole('dialog').count()).toBe(0);
  });

  it('says the reason when F2 is pressed on the folder, and opens nothing', async () => {
    await item().click();
    await page().keyboard.press('F2');
    await page().getByRole('region', { name: 'Messages' }).getByText(folderReason).waitFor({ timeout: stepTimeoutMs });
    expect(await page().getByRole('dialog').count()).toBe(0);
    expect(await app.host.core.handlers['outbox.list']({})).toEqual([]);
  });

  it("shows another user's document with Edit and Delete disabled, the reason reachable by keyboard", async () => {
    const list = page().getByRole('listbox', { name: 'Documents', exact: true });
    await waitForCount(list.getByRole('option'));
    await list.getByRole('option', { name: document.title }).first().click();
    const details = page().getByRole('region', { name: 'Document details' });
    await details.getByRole('heading', { name: document.title }).waitFor({ timeout: stepTimeoutMs });
    const remove = details.getByRole('button', { name: 'Delete…' });
    await expect.poll(() => remove.getAttribute('aria-disabled'), { timeout: stepTimeoutMs }).toBe('true');
    expect(await description(remove)).toContain(documentReason);
    expect(await details.getByRole('button', { name: 'Edit…' }).getAttribute('aria-disabled')).toBe('true');

    await remove.focus();
    const tip = await tipOf(remove);
    await expect.poll(() => shown(tip), { timeout: stepTimeoutMs }).toBe(true);
    await app.screenshot('access-document-delete-refused');
    await app.axeScan('refused document actions');
    await page().keyboard.press('Escape');
    await expect.poll(() => shown(tip), { timeout: stepTimeoutMs }).toBe(false);
    await page().keyboard.press('Enter');
    expect(await page().getByRole('dialog').count()).toBe(0);
    expect(await app.host.core.handlers['outbox.list']({})).toEqual([]);
  });

  itEndsHealthy(() => app);
});
