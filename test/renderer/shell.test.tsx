import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { viewList } from '../../renderer/src/views/registry';
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

  it('switches to every view of the registry with its Ctrl shortcut and focuses the search with Ctrl+F', async () => {
    renderApp(signedInBridge());
    const nav = await screen.findByRole('navigation', { name: 'Main' });

    for (const view of viewList) {
      if (view.shortcut === undefined) continue;
      fireEvent.keyDown(window, { key: view.shortcut, ctrlKey: true });
      expect(
        within(nav)
          .getByRole('button', { name: new RegExp(`^${view.label}`) })
          .getAttribute('aria-current'),
      ).toBe('page');
    }
    fireEvent.keyDown(window, { key: '1', ctrlKey: true });
    const search = await screen.findByRole('searchbox', { name: 'Search contacts' });
    fireEvent.keyDown(window, { key: 'f', ctrlKey: true });
    expect(document.activeElement).toBe(search);
  });

  it('opens the command palette with Ctrl+K, groups search hits by type (the group named like the text first), and opens the chosen record', async () => {
    const bridge = signedInBridge();
    const [contact] = bridge.data.contacts;
    bridge.handle('search.global', ({ query }) => [
      {
        type: 'contact',
        total: 1,
        more: false,
        hits: [{ id: contact.id, title: `${contact.firstName} ${contact.lastName}`, subtitle: null }],
      },
      {
        type: 'document',
        total: 1000,
        more: true,
        hits: [{ id: bridge.data.documents[0].id, title: `${query} plan`, subtitle: 'plan.pdf' }],
      },
    ]);
    const { user } = renderApp(bridge);
    await screen.findByRole('navigation', { name: 'Main' });
    fireEvent.keyDown(window, { key: '3', ctrlKey: true });

    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    const box = await screen.findByRole('combobox', { name: 'Search everything or type a command' });
    await user.type(box, 'rollout');
    const results = screen.getByRole('listbox', { name: 'Results' });
    expect(await within(results).findByRole('group', { name: 'Contacts' })).toBeTruthy();
    expect(within(results).getByRole('group', { name: 'Documents (1 of 1,000+)' })).toBeTruthy();
    expect(bridge.callsTo('search.global').at(-1)).toEqual({ query: 'rollout', limitPerType: 5 });

    // The document named like the text comes first; Enter opens it.
    const groups = within(results)
      .getAllByRole('group')
      .map((group) => group.getAttribute('aria-label'));
    expect(groups).toEqual(['Documents (1 of 1,000+)', 'Contacts']);
    await user.keyboard('{Enter}');
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('button', { name: 'Documents' }).getAttribute('aria-current')).toBe('page');
    expect(screen.queryByRole('combobox', { name: 'Search everything or type a command' })).toBeNull();
  });

  it('runs a command from the palette and lists the shortcuts with ?', async () => {
    const bridge = signedInBridge();
    bridge.handle('search.global', () => []);
    const { user } = renderApp(bridge);
    await screen.findByRole('navigation', { name: 'Main' });

    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    await user.type(await screen.findByRole('combobox', { name: 'Search everything or type a command' }), 'sync now');
    await user.keyboard('{Enter}');
    expect(bridge.callsTo('sync.run')).toHaveLength(1);

    fireEvent.keyDown(document.body, { key: '?' });
    const help = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' });
    expect(within(help).getByRole('table', { name: 'Everywhere' }).textContent).toContain(
      'Search everything and run commands',
    );
  });

  it('goes back to the sign-in screen after Sign out', async () => {
    const { user } = renderApp(signedInBridge());
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('says after Sign out when the service could not be told, so the session there ends when its token expires', async () => {
    const bridge = signedInBridge();
    bridge.handle('session.signOut', () => ({
      state: 'signedOut',
      serverUrl: null,
      keychain: 'os',
      endedOnService: false,
    }));
    const { user } = renderApp(bridge);
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));
    expect(await screen.findByText(/your session there ends when its token expires/)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeTruthy();
  });

  it('asks before signing out while edits wait, since signing out deletes them', async () => {
    const bridge = signedInBridge();
    bridge.data.sync = { ...bridge.data.sync, pendingCount: 2 };
    const { user } = renderApp(bridge);
    await screen.findByRole('status', { name: 'Sync status' });
    await user.click(await screen.findByRole('button', { name: 'Sign out' }));

    const dialog = await screen.findByRole('dialog', { name: 'Sign out and discard unsent work?' });
    expect(dialog.textContent).toContain('2 unsent changes on this computer have not reached the service yet');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(bridge.callsTo('session.signOut')).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Sign out' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Sign out and discard unsent work?' })).getByRole('button', {
        name: 'Sign out and discard',
      }),
    );
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
  });
});
