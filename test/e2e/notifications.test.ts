/**
 * Notifications in browser mode: the unread badge in the main navigation, the list, and
 * dismissing one notification, which lowers the badge by one.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type E2eApp, startE2eApp } from '../helpers/e2e-harness';
import {
  itEndsHealthy,
  navItem,
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

  itEndsHealthy(() => app);
});
