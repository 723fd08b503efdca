/**
 * A document's approval walked by two signed-in users, each in their own app (a host with its own
 * data folder) and browser context against one service: the owner uploads a document and submits
 * it, the reviewer rejects it with a comment straight from the notification, the owner fixes the
 * title and submits again, and the reviewer approves it from the document's page.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startHost } from '../../main/host/host';
import type { Folder } from '../../preload/contract';
import { demoSalesLogins, demoSalesPassword } from '../../server/demo/contacts-area';
import { scanForViolations } from '../helpers/e2e-axe';
import { type E2eApp, type RunningHost, rendererDir, screenshotsDir, startE2eApp } from '../helpers/e2e-harness';
import {
  dropFiles,
  eventually,
  itEndsHealthy,
  mainNav,
  navItem,
  openFolderWithDocuments,
  region,
  requestSync,
  signInAndSync,
  stepTimeoutMs,
  waitForSyncState,
} from '../helpers/e2e-steps';

const text = [
  'The offer covers two hundred desks for the new Lisbon office.',
  'Delivery starts in March and ends before the summer holidays.',
  'Prices include assembly by our own team on site.',
  'Payment is due sixty days after each delivery.',
].join(' ');

describe('document approval by two users', () => {
  let app: E2eApp;
  let folder: Folder;
  let reviewerHost: RunningHost;
  let reviewerDir: string;
  let reviewerContext: BrowserContext;
  let reviewer: Page;
  let reviewerName: string;
  let documentId: string;

  /** A screenshot of the reviewer's page and an axe scan of it (a serious or critical violation fails the step). */
  async function reviewerShot(name: string, view: string) {
    await reviewer.screenshot({ path: join(screenshotsDir, `${name}.png`), animations: 'disabled' });
    await scanForViolations(reviewer, view);
  }

  /** The owner's cached copy of the document, once `accept` holds for it (sync brings the reviewer's decisions). */
  async function ownerSees(what: string, accept: (state: string, title: string) => boolean) {
    return eventually(
      what,
      async () => {
        await requestSync(app.page);
        return app.host.core.handlers['documents.get']({ id: documentId });
      },
      (d) => d !== null && accept(d.state, d.title),
    );
  }

  beforeAll(async () => {
    app = await startE2eApp();
    await signInAndSync(app);
    const login = demoSalesLogins(app.service.repos)[0];
    const account = app.service.repos.sessions.accounts().find((a) => a.email === login);
    const contact = app.service.store.db.prepare('SELECT data FROM contacts WHERE id = ?').pluck().get(account?.id) as
      | string
      | undefined;
    const person = contact ? (JSON.parse(contact) as { firstName: string; lastName: string }) : null;
    reviewerName = person ? `${person.firstName} ${person.lastName}` : '';
    expect(reviewerName, 'the demo data has a sales user to review').not.toBe('');

    reviewerDir = await mkdtemp(join(tmpdir(), 'brm-e2e-reviewer-'));
    reviewerHost = await startHost({ serverUrl: app.service.url, dataDir: reviewerDir, rendererDir });
    reviewerContext = await app.browser.newContext({
      viewport: { width: 1280, height: 800 },
      locale: 'en-US',
      timezoneId: 'UTC',
    });
    reviewer = await reviewerContext.newPage();
    reviewer.on('pageerror', (error) => app.problems.pageErrors.push(`reviewer: ${error.message}`));
    await reviewer.goto(reviewerHost.url);
    await reviewer.getByLabel('Server URL', { exact: true }).fill(app.service.url);
    await reviewer.getByLabel('E-mail', { exact: true }).fill(login);
    await reviewer.getByLabel('Password', { exact: true }).fill(demoSalesPassword);
    await reviewer.getByRole('button', { name: 'Sign in', exact: true }).click();
    await mainNav(reviewer).waitFor({ timeout: stepTimeoutMs });
    await waitForSyncState(reviewer, 'Synced');
  });
  afterAll(async () => {
    await reviewerContext?.close();
    await reviewerHost?.stop();
    if (reviewerDir) await rm(reviewerDir, { recursive: true, force: true });
    await app?.close();
  });

  it('the owner uploads a document and submits it to the reviewer', async () => {
    const { page } = app;
    folder = await openFolderWithDocuments(app);
    await dropFiles(page.getByLabel('Drop files to upload', { exact: true }), [
      { name: 'E2E offer Lisbon.txt', mimeType: 'text/plain', bytes: Buffer.from(text) },
    ]);
    const list = page.getByRole('listbox', { name: 'Documents', exact: true });
    const option = list.getByRole('option', { name: 'E2E offer Lisbon' }).first();
    await option.waitFor({ timeout: 60_000 });
    await option.click();
    const details = region(page, 'Document details');
    await details.getByRole('heading', { name: 'E2E offer Lisbon' }).waitFor({ timeout: stepTimeoutMs });
    const { rows } = await app.host.core.handlers['documents.list']({
      folderId: folder.id,
      query: 'E2E offer Lisbon',
      offset: 0,
      limit: 5,
    });
    documentId = rows[0].id;

    await details.getByRole('button', { name: 'Submit for approval…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Submit E2E offer Lisbon for approval' });
    await dialog.getByRole('combobox', { name: 'Approver' }).fill(reviewerName.split(' ')[1]);
    await dialog
      .getByRole('option', { name: new RegExp(reviewerName) })
      .first()
      .click();
    await dialog
      .getByRole('textbox', { name: 'Note for the approver (optional)' })
      .fill('Please check the payment terms.');
    await app.screenshot('document-submit-dialog');
    await app.axeScan('submit for approval dialog');
    await dialog.getByRole('button', { name: 'Submit for approval', exact: true }).click();
    await details.getByText('Awaiting approval.').waitFor({ timeout: stepTimeoutMs });
    await details.getByText(`to ${reviewerName}`, { exact: false }).waitFor({ timeout: stepTimeoutMs });
    await app.screenshot('document-awaiting-approval');
    await app.axeScan('document awaiting approval');
  });

  it('the reviewer rejects it with a comment from the notification', async () => {
    await eventually(
      'the reviewer has the approval notification',
      async () => {
        await requestSync(reviewer);
        const { items } = await reviewerHost.core.handlers['notifications.list']({});
        return items.find((n) => n.resourceId === documentId && n.kind === 'documentAwaitingApproval');
      },
      (n) => n !== undefined,
    );
    await navItem(reviewer, 'Notifications').click();
    const list = reviewer.getByRole('list', { name: 'Notifications' });
    const reject = list.getByRole('button', { name: 'Reject E2E offer Lisbon…' });
    await reject.waitFor({ timeout: stepTimeoutMs });
    await reviewerShot('document-approval-notification', 'notification with Approve / Reject');
    await reject.click();
    const dialog = reviewer.getByRole('dialog', { name: 'Reject E2E offer Lisbon' });
    await dialog.getByRole('button', { name: 'Reject document' }).click();
    await dialog.getByText('Say why it is rejected').waitFor({ timeout: stepTimeoutMs });
    await dialog.getByRole('textbox', { name: /Why is it rejected/ }).fill('Payment terms must be 30 days.');
    await reviewerShot('document-reject-dialog', 'reject dialog');
    await dialog.getByRole('button', { name: 'Reject document' }).click();
    await list.getByText('Now: Rejected.').first().waitFor({ timeout: stepTimeoutMs });
  });

  it('the owner sees the rejection with its comment, fixes the title and submits again', async () => {
    const { page } = app;
    await ownerSees('the owner has the rejection', (state) => state === 'rejected');
    const details = region(page, 'Document details');
    await details.getByRole('button', { name: 'Refresh approval' }).click();
    await details.getByText('Payment terms must be 30 days.', { exact: false }).waitFor({ timeout: stepTimeoutMs });
    await app.screenshot('document-rejected');
    await app.axeScan('document rejected');

    await details.getByRole('button', { name: 'Edit…' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit E2E offer Lisbon' });
    await edit.getByRole('textbox', { name: /Title/ }).fill('E2E offer Lisbon (30 days)');
    await app.screenshot('document-edit-dialog');
    await app.axeScan('document edit dialog');
    await edit.getByRole('button', { name: 'Save changes' }).click();
    await details.getByRole('heading', { name: 'E2E offer Lisbon (30 days)' }).waitFor({ timeout: stepTimeoutMs });
    await eventually(
      'the edit reached the service',
      async () => (await app.host.core.handlers['outbox.list']({})).length,
      (n) => n === 0,
    );
    const submit = details.getByRole('button', { name: 'Submit for approval…' });
    await expect.poll(() => submit.isEnabled(), { timeout: stepTimeoutMs }).toBe(true);
    await submit.click();
    const dialog = page.getByRole('dialog', { name: 'Submit E2E offer Lisbon (30 days) for approval' });
    await dialog.getByRole('combobox', { name: 'Approver' }).fill(reviewerName.split(' ')[1]);
    await dialog
      .getByRole('option', { name: new RegExp(reviewerName) })
      .first()
      .click();
    await dialog.getByRole('button', { name: 'Submit for approval', exact: true }).click();
    await details.getByText('Awaiting approval.').waitFor({ timeout: stepTimeoutMs });
  });

  it('the reviewer approves it from the document page, and the owner sees it approved', async () => {
    await eventually(
      'the reviewer has the document awaiting approval again',
      async () => {
        await requestSync(reviewer);
        return reviewerHost.core.handlers['documents.get']({ id: documentId });
      },
      (d) => d?.state === 'pendingApproval' && d.title === 'E2E offer Lisbon (30 days)',
    );
    await navItem(reviewer, 'Documents').click();
    await reviewer
      .getByRole('tree', { name: 'Folders' })
      .getByRole('treeitem', { name: folder.name, exact: true })
      .first()
      .click();
    await reviewer
      .getByRole('listbox', { name: 'Documents', exact: true })
      .getByRole('option', { name: 'E2E offer Lisbon (30 days)' })
      .first()
      .click();
    const details = region(reviewer, 'Document details');
    await details.getByRole('button', { name: 'Approve E2E offer Lisbon (30 days)' }).click();
    const dialog = reviewer.getByRole('dialog', { name: 'Approve E2E offer Lisbon (30 days)' });
    await dialog.getByRole('textbox', { name: /Comment for the owner/ }).fill('Good to go.');
    await dialog.getByRole('button', { name: 'Approve document' }).click();
    await details
      .getByText('Approved. Its title and file name are locked', { exact: false })
      .waitFor({ timeout: stepTimeoutMs });
    await reviewerShot('document-approved-reviewer', 'document approved, reviewer');

    await ownerSees('the owner has the approval', (state) => state === 'approved');
    const owner = region(app.page, 'Document details');
    await owner
      .getByText('Approved. Its title and file name are locked', { exact: false })
      .waitFor({ timeout: stepTimeoutMs });
    await owner.getByRole('button', { name: 'Refresh approval' }).click();
    await owner.getByText('Good to go.', { exact: false }).waitFor({ timeout: stepTimeoutMs });
    const closeToast = app.page.getByRole('button', { name: /^Close message:/ });
    while ((await closeToast.count()) > 0) await closeToast.first().click();
    await owner.getByRole('heading', { name: 'Approval', exact: true }).scrollIntoViewIfNeeded();
    await app.screenshot('document-approved-owner');
    await owner.getByRole('heading', { name: 'Summary', exact: true }).scrollIntoViewIfNeeded();
    await owner.getByText('Delivery starts in March', { exact: false }).first().waitFor({ timeout: stepTimeoutMs });
    await app.screenshot('document-summary-related');
    await app.axeScan('document approved');
    const onService = app.service.store.db
      .prepare('SELECT data FROM documents WHERE id = ?')
      .pluck()
      .get(documentId) as string;
    expect(JSON.parse(onService)).toMatchObject({ state: 'approved', title: 'E2E offer Lisbon (30 days)' });
  });

  itEndsHealthy(() => app);
});
