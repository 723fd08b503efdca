/**
 * Notifications in browser mode: the unread badge in the main navigation, the list, dismissing one
 * (which lowers the badge by one, with Undo), opening the record one is about (which marks it read),
 * and "Dismiss all", which asks first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2eApp, startE2eApp } from '../helpers/e2e-harness';
import {
  itEndsHealthy,
  navItem,
  region,
  requestSync,
  signInAndSync,
  stepTimeoutMs,
  syncStateTimeoutMs,
  unreadBadgeCount,
  waitForCount,
} from '../helpers/e2e-steps';

describe('notifications', () => {
  let app: E2eApp;

  beforeAll(async () => {
    app = await startE2eApp();
    await signInAndSync(app);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('shows the unread count in the navigation and lists the notifications', async () => {
    const { page } = app;
    const { unreadCount } = await app.host.core.handlers['notifications.list']({});
    if (unreadCount === 0)
      throw new Error('The demo user has no unread notifications: the demo data should leave some unread');
    await expect.poll(() => unreadBadgeCount(page), { timeout: stepTimeoutMs }).toBe(unreadCount);
    await navItem(page, 'Notifications').click();
    await waitForCount(page.getByRole('list', { name: 'Notifications' }).getByRole('listitem'));
    await app.screenshot('notifications');
    await app.axeScan('notifications');
  });

  it('dismissing an unread notification lowers the badge by one', async () => {
    const { page } = app;
    const before = await unreadBadgeCount(page);
    const { items } = await app.host.core.handlers['notifications.list']({});
    const unread = items.find((item) => item.state === 'unread');
    if (!unread) throw new Error('No unread notification to dismiss');
    const dismiss = page.getByRole('button', { name: `Dismiss ${unread.title}`, exact: true }).first();
    const sameTitle = await page.getByRole('button', { name: `Dismiss ${unread.title}`, exact: true }).count();
    await dismiss.click();
    await expect.poll(() => unreadBadgeCount(page), { timeout: stepTimeoutMs }).toBe(before - 1);
    await expect
      .poll(() => page.getByRole('button', { name: `Dismiss ${unread.title}`, exact: true }).count(), {
        timeout: stepTimeoutMs,
      })
      .toBe(sameTitle - 1);
  });

  it('a new notification from the service raises the badge by one after the next sync', async () => {
    const { page } = app;
    const before = await unreadBadgeCount(page);
    const title = 'Comment on E2E rebate summary';
    app.service.store.createNotification({
      userId: app.service.store.demoUserId,
      kind: 'comment',
      title,
      body: 'Please check the figures for March.',
    });
    await requestSync(page);
    await page.getByRole('button', { name: `Dismiss ${title}`, exact: true }).waitFor({ timeout: syncStateTimeoutMs });
    await expect.poll(() => unreadBadgeCount(page), { timeout: stepTimeoutMs }).toBe(before + 1);
  });

  it("opens a notification's record from the list and marks it read", async () => {
    const { page } = app;
    const { rows } = await app.host.core.handlers['contacts.list']({ offset: 7, limit: 1 });
    const contact = rows[0];
    const title = `Comment on ${contact.firstName} ${contact.lastName}: send the revised offer`;
    const created = app.service.store.createNotification({
      userId: app.service.store.demoUserId,
      kind: 'comment',
      title,
      body: 'Open the contact to see the note.',
      resourceType: 'contact',
      resourceId: contact.id,
    });
    await requestSync(page);
    // The title's button ("… (unread)"), not the Mark read and Dismiss buttons that also name it.
    const open = page
      .getByRole('list', { name: 'Notifications' })
      .getByRole('button', { name: new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`) });
    await open.waitFor({ timeout: syncStateTimeoutMs });
    const before = await unreadBadgeCount(page);

    await open.click();
    await expect(navItem(page, 'Contacts').getAttribute('aria-current')).resolves.toBe('page');
    await region(page, 'Contact details')
      .getByRole('heading', { name: `${contact.firstName} ${contact.lastName}` })
      .waitFor({ timeout: stepTimeoutMs });
    await expect.poll(() => unreadBadgeCount(page), { timeout: stepTimeoutMs }).toBe(before - 1);
    // The service hears of it with the next push.
    await expect
      .poll(() => app.service.store.notifications.get(app.service.store.demoUserId, created.id)?.state, {
        timeout: syncStateTimeoutMs,
      })
      .toBe('read');
    await app.screenshot('notification-opened-contact');
  });

  it('brings a dismissed notification back with Undo, and asks before dismissing all', async () => {
    const { page } = app;
    await navItem(page, 'Notifications').click();
    const list = page.getByRole('list', { name: 'Notifications' });
    const { items } = await app.host.core.handlers['notifications.list']({});
    const target = items[0];
    const dismissButtons = list.getByRole('button', { name: `Dismiss ${target.title}`, exact: true });
    const count = await dismissButtons.count();
    await dismissButtons.first().click();
    await expect.poll(() => dismissButtons.count(), { timeout: stepTimeoutMs }).toBe(count - 1);
    const messages = page.getByRole('region', { name: 'Messages' });
    await messages.getByRole('button', { name: 'Undo' }).last().click();
    await expect.poll(() => dismissButtons.count(), { timeout: stepTimeoutMs }).toBe(count);
    await app.screenshot('notifications-after-undo');

    await page.getByRole('button', { name: 'Dismiss all', exact: true }).click();
    const confirm = page.getByRole('dialog', { name: 'Dismiss all notifications?' });
    await confirm.waitFor({ timeout: stepTimeoutMs });
    await app.screenshot('notifications-dismiss-all');
    await app.axeScan('notifications dismiss all');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    expect(await list.getByRole('listitem').count()).toBeGreaterThan(0);
    // Nothing was dismissed on the service by the undone dismissal.
    expect(app.service.store.notifications.get(app.service.store.demoUserId, target.id)?.state).not.toBe('dismissed');
  });

  itEndsHealthy(() => app);
});
