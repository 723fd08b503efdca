/**
 * User-level steps shared by the end-to-end scenarios. Every locator uses the accessible names the
 * renderer promises (roles and labels), never CSS classes, so the tests read as what a user does.
 */
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import type { Folder } from '../../preload/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { E2eApp, E2eAppOptions } from './e2e-harness';
import { repoRoot, startE2eApp } from './e2e-harness';
import { ServerClient } from './server-client';

/** How long a step may wait for the app to show something (ms). Generous: CI machines are slow. */
export const stepTimeoutMs = 30_000;
/** How long to wait for the sync state to change after the service goes away or comes back (ms). */
export const syncStateTimeoutMs = 100_000;

/** The main navigation. */
export function mainNav(page: Page): Locator {
  return page.getByRole('navigation', { name: 'Main' });
}

/** A main-navigation item (a link or a button) by its name, e.g. "Contacts". */
export function navItem(page: Page, name: string): Locator {
  const nav = mainNav(page);
  return nav.getByRole('link', { name }).or(nav.getByRole('button', { name })).first();
}

/** A labelled region (role="region"), e.g. "Contact details". */
export function region(page: Page, name: string): Locator {
  return page.getByRole('region', { name, exact: true });
}

/** The always-visible sync status. */
export function syncStatus(page: Page): Locator {
  return page.getByRole('status', { name: 'Sync status' });
}

/** Fills the sign-in form and presses "Sign in". */
export async function submitSignIn(app: E2eApp, credentials: { username: string; password: string }): Promise<void> {
  const { page } = app;
  await page.getByLabel('Server URL', { exact: true }).fill(app.service.url);
  await page.getByLabel('E-mail', { exact: true }).fill(credentials.username);
  await page.getByLabel('Password', { exact: true }).fill(credentials.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/** Signs in with the demo credentials and waits until the first sync has finished ("Synced"). */
export async function signInAndSync(app: E2eApp): Promise<void> {
  await submitSignIn(app, app.service.credentials);
  await mainNav(app.page).waitFor({ timeout: stepTimeoutMs });
  await waitForSyncState(app.page, 'Synced');
}

/**
 * Calls `probe` every `intervalMs` until `accept` holds for its answer; resolves to that answer.
 * Usable outside a test body (e.g. in `beforeAll`). Throws after `timeoutMs` with `what` and the last answer.
 */
export async function eventually<T>(
  what: string,
  probe: () => Promise<T>,
  accept: (value: T) => boolean,
  { timeoutMs = stepTimeoutMs, intervalMs = 250 }: { timeoutMs?: number; intervalMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (accept(value)) return value;
    if (Date.now() >= deadline) {
      throw new Error(`Timed out after ${timeoutMs} ms waiting for ${what}; last seen: ${JSON.stringify(value)}`);
    }
    await new Promise((done) => setTimeout(done, intervalMs));
  }
}

/**
 * Waits until the sync status says `state` ("Synced", "Offline" or "Syncing"). "Synced" also
 * requires that it no longer says "Offline". While waiting, presses "Sync now" when the app offers
 * one, so the check does not depend on the background interval.
 */
export async function waitForSyncState(
  page: Page,
  state: 'Synced' | 'Offline' | 'Syncing',
  timeoutMs = syncStateTimeoutMs,
): Promise<void> {
  const status = syncStatus(page);
  const syncNow = page.getByRole('button', { name: /sync now/i });
  let lastPress = 0;
  await eventually(
    `"Sync status" to say "${state}"`,
    async () => {
      const text = ((await status.textContent()) ?? '').trim();
      const reached = text.includes(state) && (state !== 'Synced' || !text.includes('Offline'));
      if (
        !reached &&
        Date.now() - lastPress > 5_000 &&
        (await syncNow.count()) > 0 &&
        (await syncNow.first().isEnabled())
      ) {
        lastPress = Date.now();
        await syncNow.first().click();
      }
      return { text, reached };
    },
    (seen) => seen.reached,
    { timeoutMs, intervalMs: 500 },
  );
}

/**
 * Asks for a sync the way a user would: presses "Sync now" when the app offers it (otherwise the
 * background sync interval applies, and callers wait up to `syncStateTimeoutMs`).
 */
export async function requestSync(page: Page): Promise<void> {
  const syncNow = page.getByRole('button', { name: /sync now/i });
  if ((await syncNow.count()) > 0 && (await syncNow.first().isEnabled())) await syncNow.first().click();
}

/** The number shown by the "Unread notifications" badge (0 when the badge is absent). */
export async function unreadBadgeCount(page: Page): Promise<number> {
  const badge = mainNav(page).getByLabel('Unread notifications', { exact: true });
  if ((await badge.count()) === 0) return 0;
  const text = ((await badge.first().textContent()) ?? '').trim();
  const count = Number(text);
  if (!/^\d+$/.test(text) || !Number.isInteger(count))
    throw new Error(`"Unread notifications" shows "${text}", not a number`);
  return count;
}

/** A file to drop: its name, MIME type and bytes. */
export interface DroppedFile {
  name: string;
  mimeType: string;
  bytes: Buffer;
}

/** Reads a file from test/fixtures. */
export function readFixture(name: string): Promise<Buffer> {
  return readFile(join(repoRoot, 'test/fixtures', name));
}

/**
 * Drops files on `target` as a user dragging them from the desktop would: builds a DataTransfer
 * holding real `File`s (made in the page from the bytes passed in) and dispatches dragenter,
 * dragover and drop on the target.
 */
export async function dropFiles(target: Locator, files: DroppedFile[]): Promise<void> {
  const specs = files.map((file) => ({
    name: file.name,
    mimeType: file.mimeType,
    base64: file.bytes.toString('base64'),
  }));
  const dataTransfer = await target.page().evaluateHandle((fileSpecs) => {
    // Runs in the page: DataTransfer is a DOM class (not in this file's Node typings).
    const { DataTransfer: PageDataTransfer } = globalThis as unknown as {
      DataTransfer: new () => { items: { add(file: File): void } };
    };
    const transfer = new PageDataTransfer();
    for (const spec of fileSpecs) {
      const binary = atob(spec.base64);
      const bytes = new Uint8Array(binary.length);
      for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
      transfer.items.add(new File([bytes], spec.name, { type: spec.mimeType }));
    }
    return transfer;
  }, specs);
  for (const type of ['dragenter', 'dragover', 'drop']) {
    await target.dispatchEvent(type, { dataTransfer });
  }
  await dataTransfer.dispose();
}

/** Waits until `locator` matches at least `min` elements; resolves to the count. */
export function waitForCount(locator: Locator, min = 1, timeoutMs = stepTimeoutMs): Promise<number> {
  return eventually(
    `${locator} to match at least ${min} element(s)`,
    () => locator.count(),
    (count) => count >= min,
    { timeoutMs },
  );
}

/** Asserts that the page reported no uncaught errors and no Content-Security-Policy violations. */
export function expectNoPageProblems(app: E2eApp): void {
  expect(app.problems.pageErrors, 'uncaught errors in the page').toEqual([]);
  const cspMessages = app.problems.consoleErrors.filter((text) => /Content[- ]Security[- ]Policy/i.test(text));
  expect(cspMessages, 'console messages about the Content-Security-Policy').toEqual([]);
  expect(app.problems.cspViolations, 'Content-Security-Policy violations').toEqual([]);
}

/**
 * The app of the enclosing `describe` block: started (`startE2eApp(options)`) and signed in as the
 * demo user with its first sync done before the block's first test, closed after its last test (and
 * after the block's own later `afterAll` hooks). The object returned stands for that app: each
 * property is read from the started app when used, so use it inside tests and hooks only; before the
 * app started it throws saying so.
 */
export function signedInApp(options: E2eAppOptions = {}): E2eApp {
  let started: E2eApp | undefined;
  beforeAll(async () => {
    started = await startE2eApp(options);
    await signInAndSync(started);
  });
  afterAll(async () => {
    await started?.close();
  });
  return new Proxy({} as E2eApp, {
    get(_target, property) {
      // Not a promise: `await app` gives the object itself.
      if (property === 'then') return undefined;
      if (!started) throw new Error(`The e2e app was used (${String(property)}) before its beforeAll started it.`);
      const value: unknown = Reflect.get(started, property, started);
      return typeof value === 'function' ? value.bind(started) : value;
    },
  });
}

/**
 * A client of `app`'s service, direct (not through the app), signed in as the demo user: the
 * service's own view, for changing data as another device would and reading what the service holds.
 */
export async function serviceClientOf(app: E2eApp): Promise<ServerClient> {
  const service = new ServerClient(app.service.url);
  await service.signIn(app.service.credentials);
  return service;
}

/**
 * Registers a scenario's closing checks, as two tests: no serious or critical accessibility
 * violation in any view it scanned, and no uncaught error or CSP violation in the page.
 */
export function itEndsHealthy(getApp: () => E2eApp): void {
  it('passes the accessibility scan (axe-core) in every view it showed', () => getApp().expectAccessible());
  it('raised no uncaught error and no Content-Security-Policy violation in the page', () =>
    expectNoPageProblems(getApp()));
}

/**
 * Opens the Documents view and a folder that holds documents and shows in the tree without
 * expanding anything (top level or one below: top-level folders start expanded); resolves to it
 * once its documents are listed.
 */
export async function openFolderWithDocuments(app: E2eApp): Promise<Folder> {
  const { page } = app;
  await navItem(page, 'Documents').click();
  const tree = page.getByRole('tree', { name: 'Folders' });
  await waitForCount(tree.getByRole('treeitem'));
  const folders = await app.host.core.handlers['documents.listFolders']({});
  const topLevel = new Set(folders.filter((f) => f.parentId === null).map((f) => f.id));
  const folder = folders.find((f) => f.documentCount > 0 && (f.parentId === null || topLevel.has(f.parentId)));
  if (!folder) throw new Error('No folder on the first two levels holds documents: the demo data should fill some');
  await tree.getByRole('treeitem', { name: folder.name, exact: true }).first().click();
  await waitForCount(page.getByRole('listbox', { name: 'Documents', exact: true }).getByRole('option'));
  return folder;
}

/** Presses on `from`, moves in steps onto `to` and lets go, as a user dragging with the mouse (pointer drag and drop). */
export async function dragTo(page: Page, from: Locator, to: Locator): Promise<void> {
  const a = await from.boundingBox();
  const b = await to.boundingBox();
  if (!a || !b) throw new Error('The items to drag between are not on screen');
  await page.mouse.move(a.x + 40, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + 40, a.y + a.height / 2 + 8, { steps: 3 });
  await page.mouse.move(b.x + 60, b.y + b.height / 2, { steps: 12 });
  await page.mouse.up();
}
