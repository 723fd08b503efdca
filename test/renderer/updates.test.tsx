import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { UpdateStatus } from '../../preload/contract';
import { renderApp, signedInBridge } from './render-app';

const base: UpdateStatus = {
  state: 'idle',
  message: null,
  feedUrl: 'https://updates.brm.example.com/desktop/',
  version: null,
  percent: null,
  checkedAt: '2026-11-24T10:00:00Z',
};

describe('app updates', () => {
  it('show the download, then ask before restarting into the new version', async () => {
    const bridge = signedInBridge({ update: base });
    let ready = false;
    bridge.handle('updates.install', () => {
      if (!ready) throw new Error('not ready');
      return { restarting: true };
    });
    const { user } = renderApp(bridge);
    await screen.findByText('300 contacts');
    expect(screen.queryByRole('region', { name: 'App update' })).toBeNull();

    bridge.emit('updates.changed', { ...base, state: 'downloading', version: '0.2.0', percent: 42 });
    const strip = await screen.findByRole('region', { name: 'App update' });
    expect(within(strip).getByText('Downloading BRM Desktop 0.2.0: 42%')).toBeTruthy();
    expect(within(strip).getByRole('progressbar', { name: 'Download of BRM Desktop 0.2.0' })).toBeTruthy();
    expect(bridge.callsTo('updates.install')).toHaveLength(0);

    ready = true;
    bridge.emit('updates.changed', { ...base, state: 'ready', version: '0.2.0', percent: 100 });
    await within(strip).findByText(/BRM Desktop 0\.2\.0 is ready/);
    await user.click(within(strip).getByRole('button', { name: 'Restart now' }));
    expect(bridge.callsTo('updates.install')).toHaveLength(1);
  });

  it('Later hides the ready version until a newer one comes', async () => {
    const bridge = signedInBridge({ update: { ...base, state: 'ready', version: '0.2.0', percent: 100 } });
    const { user } = renderApp(bridge);
    const strip = await screen.findByRole('region', { name: 'App update' });
    await user.click(within(strip).getByRole('button', { name: 'Later' }));
    expect(screen.queryByRole('region', { name: 'App update' })).toBeNull();
    bridge.emit('updates.changed', { ...base, state: 'ready', version: '0.3.0', percent: 100 });
    expect(await screen.findByText(/BRM Desktop 0\.3\.0 is ready/)).toBeTruthy();
  });

  it('"Check for updates" in the palette says what came of it', async () => {
    const bridge = signedInBridge();
    bridge.handle('search.global', () => []);
    bridge.handle('updates.check', () => ({ ...base, state: 'idle' }));
    const { user } = renderApp(bridge);
    await screen.findByText('300 contacts');
    fireEvent.keyDown(window, { key: 'k', ctrlKey: true });
    await user.type(await screen.findByRole('combobox', { name: 'Search everything or type a command' }), 'updates');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('BRM Desktop is up to date')).toBeTruthy();
    expect(bridge.callsTo('updates.check')).toHaveLength(1);
  });
});
