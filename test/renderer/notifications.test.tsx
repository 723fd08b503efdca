import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, signedInBridge } from './render-app';

describe('notifications', () => {
  it('shows the unread count in the navigation and lowers it when an unread notification is dismissed', async () => {
    const { user, bridge } = renderApp(signedInBridge());

    const badge = await screen.findByLabelText('Unread notifications');
    expect(badge.textContent).toBe('3');

    const nav = screen.getByRole('navigation', { name: 'Main' });
    await user.click(within(nav).getByRole('button', { name: 'Notifications' }));
    const list = await screen.findByRole('list', { name: 'Notifications' });
    const first = bridge.data.notifications[0];
    expect(first.state).toBe('unread');

    await user.click(within(list).getByRole('button', { name: `Dismiss ${first.title}` }));

    await waitFor(() => expect(screen.getByLabelText('Unread notifications').textContent).toBe('2'));
    expect(within(list).queryByText(first.title)).toBeNull();
    expect(bridge.callsTo('notifications.dismiss')).toEqual([{ id: first.id }]);
  });

  it('dismisses all, removes the badge, and shows the empty state', async () => {
    const { user } = renderApp(signedInBridge());
    await screen.findByLabelText('Unread notifications');
    await user.click(
      within(screen.getByRole('navigation', { name: 'Main' })).getByRole('button', { name: 'Notifications' }),
    );

    await user.click(await screen.findByRole('button', { name: 'Dismiss all' }));

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
