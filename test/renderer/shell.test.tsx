import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp, signedInBridge } from './render-app';

describe('app shell', () => {
  it('shows Offline with the reason when the core reports it, and Sync now asks for a sync', async () => {
    const { user, bridge } = renderApp(signedInBridge());
    const status = await screen.findByRole('status', { name: 'Sync status' });
    expect(status.textContent).toContain('Synced');

    bridge.emit('sync.status', {
      state: 'offline',
      phase: null,
      counts: {},
      lastSyncedAt: new Date().toISOString(),
      message: 'The server cannot be reached. BRM Desktop keeps trying.',
      nextRetryAt: null,
      pendingCount: 0,
    });

    expect((await screen.findByText('Offline — showing saved data')).closest('[role="status"]')).toBe(status);
    expect(status.textContent).toContain('The server cannot be reached');

    await user.click(screen.getByRole('button', { name: 'Sync now' }));
    expect(bridge.callsTo('sync.run')).toHaveLength(1);
  });

  it('shows Syncing with counts per type while a sync runs', async () => {
    const { bridge } = renderApp(signedInBridge());
    const status = await screen.findByRole('status', { name: 'Sync status' });

    bridge.emit('sync.status', {
      state: 'syncing',
      phase: 'bootstrap',
      counts: { contact: 1200, company: 40 },
      lastSyncedAt: null,
      message: null,
      nextRetryAt: null,
      pendingCount: 0,
    });

    expect(await screen.findByText(/1,200 contacts · 40 companies/)).toBeTruthy();
    expect(status.textContent).toContain('Syncing');
  });

  it('switches views with Ctrl+1..4 and focuses the search with Ctrl+F', async () => {
    renderApp(signedInBridge());
    const nav = await screen.findByRole('navigation', { name: 'Main' });

    fireEvent.keyDown(window, { key: '3', ctrlKey: true });
    expect(await screen.findByRole('tree', { name: 'Folders' })).toBeTruthy();
    expect(within(nav).getByRole('button', { name: 'Documents' }).getAttribute('aria-current')).toBe('page');

    fireEvent.keyDown(window, { key: '1', ctrlKey: true });
    const search = await screen.findByRole('searchbox', { name: 'Search contacts' });
    fireEvent.keyDown(window, { key: 'f', ctrlKey: true });
    expect(document.activeElement).toBe(search);
  });

  it('goes back to the sign-in screen after Sign out', async () => {
    const { user } = renderApp(signedInBridge());
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
  });
});
