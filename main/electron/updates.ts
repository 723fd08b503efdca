/**
 * The installed app's updates (docs/PACKAGING.md, "Updates"): electron-updater asks the generic
 * feed named in the settings at start and every 4 hours, downloads a new version in the
 * background with progress, and never restarts by itself: the window asks the user ("Restart
 * now" calls `install`); a version the user did not restart into installs when the app quits.
 * The updater is passed in, so the flow is tested with a stand-in (test/unit/electron/updates.test.ts).
 */
import type { UpdateStatus } from '../../preload/contract';
import type { AppUpdates } from '../core/platform';

/** The parts of electron-updater's `AppUpdater` used here. */
export interface Updater {
  autoDownload: boolean;
  autoInstallOnAppQuit: boolean;
  setFeedURL(options: { provider: 'generic'; url: string }): void;
  checkForUpdates(): Promise<unknown>;
  quitAndInstall(isSilent?: boolean, isForceRunAfter?: boolean): void;
  on(event: 'checking-for-update', listener: () => void): unknown;
  on(
    event: 'update-available' | 'update-not-available' | 'update-downloaded',
    listener: (info: { version: string }) => void,
  ): unknown;
  on(event: 'download-progress', listener: (progress: { percent: number }) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
}

/** Options of `createAppUpdates`. */
export interface AppUpdatesOptions {
  updater: Updater;
  /** The feed (main/app-config.ts `resolveUpdateFeedUrl`). */
  feedUrl: string;
  /** Between two checks, ms (default 4 hours). */
  checkEveryMs?: number;
  /** The clock, for `checkedAt`. */
  now?: () => Date;
}

/** The app's updates, and `stop` for the checks' timer. */
export type RunningUpdates = AppUpdates & { stop(): void };

/** Sets the updater on `feedUrl`, checks at once and then every `checkEveryMs`. */
export function createAppUpdates({
  updater,
  feedUrl,
  checkEveryMs = 4 * 60 * 60 * 1000,
  now = () => new Date(),
}: AppUpdatesOptions): RunningUpdates {
  const listeners = new Set<(status: UpdateStatus) => void>();
  let status: UpdateStatus = {
    state: 'idle',
    message: null,
    feedUrl,
    version: null,
    percent: null,
    checkedAt: null,
  };
  const set = (next: Partial<UpdateStatus>) => {
    status = { ...status, ...next };
    for (const listener of listeners) listener(status);
  };

  updater.autoDownload = true;
  updater.autoInstallOnAppQuit = true;
  updater.setFeedURL({ provider: 'generic', url: feedUrl });
  updater.on('checking-for-update', () => set({ state: 'checking', message: null, checkedAt: now().toISOString() }));
  updater.on('update-not-available', () => {
    if (status.state !== 'ready') set({ state: 'idle', version: null, percent: null });
  });
  updater.on('update-available', ({ version }) => set({ state: 'downloading', version, percent: 0 }));
  updater.on('download-progress', ({ percent }) =>
    set({ state: 'downloading', percent: Math.max(0, Math.min(100, Math.round(percent))) }),
  );
  updater.on('update-downloaded', ({ version }) => set({ state: 'ready', version, percent: 100, message: null }));
  updater.on('error', (error) => {
    // A version already downloaded stays ready: a later failed check does not take it away.
    if (status.state === 'ready') return;
    set({
      state: 'error',
      percent: null,
      message: `The update could not be ${status.state === 'downloading' ? 'downloaded' : 'checked'} (${error.message}). BRM Desktop tries again later; Check now tries at once.`,
    });
  });

  async function check(): Promise<UpdateStatus> {
    if (status.state === 'checking' || status.state === 'downloading' || status.state === 'ready') return status;
    try {
      await updater.checkForUpdates();
    } catch {
      // The 'error' event has said what went wrong.
    }
    return status;
  }

  void check();
  const timer = setInterval(() => void check(), checkEveryMs);
  timer.unref?.();

  return {
    status: () => status,
    check,
    install() {
      if (status.state !== 'ready') throw new Error('No update has been downloaded yet.');
      updater.quitAndInstall(false, true);
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    stop() {
      clearInterval(timer);
      listeners.clear();
    },
  };
}
