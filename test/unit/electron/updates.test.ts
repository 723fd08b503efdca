import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UpdateStatus } from '../../../preload/contract';
import { createAppUpdates, type RunningUpdates } from '../../../main/electron/updates';

/** A stand-in for electron-updater's autoUpdater: records calls; the test emits its events. */
class FakeUpdater extends EventEmitter {
  autoDownload = false;
  autoInstallOnAppQuit = false;
  setFeedURL = vi.fn();
  quitAndInstall = vi.fn();
  checkForUpdates = vi.fn(async () => {
    this.emit('checking-for-update');
    return null;
  });
}

const feedUrl = 'https://updates.brm.example.com/desktop/';
let running: RunningUpdates | null = null;

function start(updater: FakeUpdater, checkEveryMs?: number) {
  running = createAppUpdates({ updater, feedUrl, checkEveryMs, now: () => new Date('2026-11-24T10:00:00Z') });
  const seen: UpdateStatus[] = [];
  running.onChange((status) => seen.push(status));
  return { updates: running, seen };
}

afterEach(() => {
  running?.stop();
  running = null;
  vi.useRealTimers();
});

describe('app updates', () => {
  it('asks the generic feed at start, downloading by itself, and installing on quit only as a fallback', () => {
    const updater = new FakeUpdater();
    start(updater);
    expect(updater.setFeedURL).toHaveBeenCalledWith({ provider: 'generic', url: feedUrl });
    expect(updater.checkForUpdates).toHaveBeenCalledTimes(1);
    expect([updater.autoDownload, updater.autoInstallOnAppQuit]).toEqual([true, true]);
  });

  it('reports the download with its progress, then waits for the user before restarting', () => {
    const updater = new FakeUpdater();
    const { updates, seen } = start(updater);
    updater.emit('update-available', { version: '0.2.0' });
    updater.emit('download-progress', { percent: 41.6 });
    expect(updates.status()).toMatchObject({ state: 'downloading', version: '0.2.0', percent: 42 });
    updater.emit('update-downloaded', { version: '0.2.0' });
    expect(updates.status()).toMatchObject({ state: 'ready', version: '0.2.0', percent: 100 });
    expect(seen.map((s) => s.state)).toEqual(['downloading', 'downloading', 'ready']);
    expect(updater.quitAndInstall).not.toHaveBeenCalled();
    updates.install();
    expect(updater.quitAndInstall).toHaveBeenCalledWith(false, true);
  });

  it('refuses to install before a version is downloaded', () => {
    const updater = new FakeUpdater();
    const { updates } = start(updater);
    expect(() => updates.install()).toThrow(/No update/);
    expect(updater.quitAndInstall).not.toHaveBeenCalled();
  });

  it('says in words when the feed cannot be reached, and a later check tries again', async () => {
    const updater = new FakeUpdater();
    const { updates } = start(updater);
    updater.emit('error', new Error('net::ERR_NAME_NOT_RESOLVED'));
    expect(updates.status()).toMatchObject({ state: 'error' });
    expect(updates.status().message).toMatch(/could not be checked \(net::ERR_NAME_NOT_RESOLVED\)/);
    await updates.check();
    expect(updater.checkForUpdates).toHaveBeenCalledTimes(2);
    expect(updates.status()).toMatchObject({ state: 'checking', checkedAt: '2026-11-24T10:00:00.000Z' });
    updater.emit('update-not-available', { version: '0.1.0' });
    expect(updates.status()).toMatchObject({ state: 'idle', message: null });
  });

  it('keeps a downloaded version ready when a later check fails', () => {
    const updater = new FakeUpdater();
    const { updates } = start(updater);
    updater.emit('update-downloaded', { version: '0.2.0' });
    updater.emit('error', new Error('offline'));
    expect(updates.status().state).toBe('ready');
  });

  it('checks again every interval, but not while a download is on its way', () => {
    vi.useFakeTimers();
    const updater = new FakeUpdater();
    start(updater, 1_000);
    updater.emit('update-not-available', { version: '0.1.0' });
    vi.advanceTimersByTime(1_000);
    expect(updater.checkForUpdates).toHaveBeenCalledTimes(2);
    updater.emit('update-available', { version: '0.2.0' });
    vi.advanceTimersByTime(3_000);
    expect(updater.checkForUpdates).toHaveBeenCalledTimes(2);
  });
});
