import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { StorageNotice } from '../../preload/contract';
import { createFakeBridge } from './fake-bridge';
import { renderApp, signedInBridge } from './render-app';

const rebuilt: StorageNotice = {
  id: 'cacheRebuilt:/data/cache.damaged-20260105T090000Z.db',
  kind: 'cacheRebuilt',
  message:
    'The local copy of your data was damaged. It was set aside as /data/cache.damaged-20260105T090000Z.db and is being downloaded again from the service; your unsent changes are safe.',
  file: '/data/cache.damaged-20260105T090000Z.db',
  at: '2026-01-05T09:00:00.000Z',
};

describe('notices about the data folder', () => {
  it('shows a notice found before the window opened, on the sign-in screen too, until it is dismissed', async () => {
    const { user, bridge } = renderApp(createFakeBridge({ notices: [rebuilt] }));
    const region = await screen.findByRole('region', { name: 'Data folder' });
    expect(within(region).getByRole('alert').textContent).toContain(
      'It was set aside as /data/cache.damaged-20260105T090000Z.db and is being downloaded again',
    );
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();

    await user.click(within(region).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('region', { name: 'Data folder' })).toBeNull();
    expect(bridge.callsTo('storage.dismissNotice')).toEqual([{ id: rebuilt.id }]);
  });

  it('shows a notice the core sends while the app runs, and drops it when the core does', async () => {
    const { bridge } = renderApp(signedInBridge());
    await screen.findByRole('status', { name: 'Sync status' });
    expect(screen.queryByRole('region', { name: 'Data folder' })).toBeNull();
    const full: StorageNotice = {
      id: 'cannotWrite',
      kind: 'cannotWrite',
      message: 'BRM Desktop cannot write to /data: the disk is full. Free some space; syncing resumes by itself.',
      file: null,
      at: '2026-01-05T09:00:00.000Z',
    };
    bridge.emit('storage.notices', [full]);
    const region = await screen.findByRole('region', { name: 'Data folder' });
    expect(within(region).getByRole('alert').textContent).toContain('cannot write to /data: the disk is full');
    bridge.emit('storage.notices', []);
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Data folder' })).toBeNull());
  });
});
