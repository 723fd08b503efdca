import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, signedInBridge } from './render-app';

describe('notifications', () => {
  it('lowers the unread count when one is dismissed, offers Undo, and sends the dismissal when the page goes away', async () => {
    const { user, bridge } = renderApp(signedInBridge());
    bridge.handle('notifications.dismiss', ({ id }) => ({
      ...bridge.data.notifications.find((n) => n.id === id)!,
      state: 'dismissed',
    }));

    const badge = await screen.findByLabelText('Unread notifications');
    expect(badge.textContent).toBe('3');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('button', { name: 'Notifications' }));
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const [first, second] = bridge.data.notifications;
    expect(first.state).toBe('unread');

    await user.click(within(list).getByRole('button', { name: `Dismiss ${first.title}` }));
    await waitFor(() => expect(screen.getByLabelText('Unread notifications').textContent).toBe('2'));
    expect(within(list).queryByText(first.title)).toBeNull();
    // Undo brings it back; nothing was sent.
    await user.click(within(screen.getByRole('region', { name: 'Messages' })).getByRole('button', { name: 'Undo' }));
    expect(await within(list).findByText(first.title)).toBeTruthy();
    expect(bridge.callsTo('notifications.dismiss')).toEqual([]);

    await user.click(within(list).getByRole('button', { name: `Dismiss ${second.title}` }));
    window.dispatchEvent(new Event('pagehide'));
    await waitFor(() => expect(bridge.callsTo('notifications.dismiss')).toEqual([{ id: second.id }]));
  });

  it("opens a notification's record and marks it read", async () => {
    const bridge = signedInBridge();
    const contact = bridge.data.contacts[4];
    const [first] = bridge.data.notifications;
    Object.assign(first, { resourceType: 'contact', resourceId: contact.id });
    bridge.handle('notifications.markRead', ({ id }) => {
      const found = bridge.data.notifications.find((n) => n.id === id)!;
      found.state = 'read';
      return found;
    });
    const { user } = renderApp(bridge);
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('button', { name: 'Notifications' }));
    const list = await screen.findByRole('list', { name: 'Notifications' });

    await user.click(within(list).getByRole('button', { name: (name) => name.startsWith(first.title) }));

    expect(bridge.callsTo('notifications.markRead')).toEqual([{ id: first.id }]);
    expect(within(nav).getByRole('button', { name: 'Contacts' }).getAttribute('aria-current')).toBe('page');
    await waitFor(() => expect(screen.getByLabelText('Unread notifications').textContent).toBe('2'));
  });

  it('asks before dismissing all, then removes the badge and shows the empty state', async () => {
    const { user, bridge } = renderApp(signedInBridge());
    bridge.handle('notifications.dismissAll', () => {
      for (const n of bridge.data.notifications) n.state = 'dismissed';
      return { dismissed: bridge.data.notifications.length };
    });
    await screen.findByLabelText('Unread notifications');
    await user.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('button', { name: 'Notifications' }),
    );

    await user.click(await screen.findByRole('button', { name: 'Dismiss all' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dismiss all notifications?' });
    expect(bridge.callsTo('notifications.dismissAll')).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Dismiss all' }));

    expect(await screen.findByText("You're all caught up")).toBeTruthy();
    expect(screen.queryByLabelText('Unread notifications')).toBeNull();
  });

  it('shows an app.notify message as an in-app toast when desktop notifications are not allowed', async () => {
    const { bridge } = renderApp(signedInBridge());
    await screen.findByRole('navigation', { name: 'Main' });

    bridge.emit('app.notify', { title: 'Approval needed', body: 'Price list 2027 waits for you.' });

    const messages = screen.getByRole('region', { name: 'Messages' });
    expect(await within(messages).findByText('Approval needed')).toBeTruthy();
    expect(within(messages).getByText('Price list 2027 waits for you.')).toBeTruthy();
  });
});
