/**
 * Bridge calls and events of app updates (docs/PACKAGING.md, "Updates"): the installed Electron app
 * checks the update feed named in its settings, downloads a new version in the background and asks
 * before restarting into it. Browser mode and development runs have no updates.
 */
import { call, empty } from './common';

/** Where the app's update stands. */
export interface UpdateStatus {
  /**
   * - `unavailable`: this app cannot update itself (`message` says why: browser mode, a development
   *   run, no feed in the settings);
   * - `idle`: up to date at the last check (`checkedAt`), or not checked yet;
   * - `checking`, `downloading` (`version`, `percent`), `ready` (`version`: installs on restart);
   * - `error`: the last check or download failed (`message`, in words); the next check retries.
   */
  state: 'unavailable' | 'idle' | 'checking' | 'downloading' | 'ready' | 'error';
  /** Words for the user about the state, or null. */
  message: string | null;
  /** The update feed's address, or null when none is set. */
  feedUrl: string | null;
  /** The version being downloaded or ready (semver), or null. */
  version: string | null;
  /** Percent of the download done, 0–100, while downloading; else null. */
  percent: number | null;
  /** When the feed was last asked (ISO 8601 UTC), or null. */
  checkedAt: string | null;
}

export const updatesCalls = {
  /** Where the update stands now. */
  'updates.get': call<UpdateStatus>()(empty),
  /** Asks the feed now (a download starts by itself when a new version is there); answers the status after asking. */
  'updates.check': call<UpdateStatus>()(empty),
  /** Restarts into the downloaded version. Refused ('conflict') unless the state is `ready`. */
  'updates.install': call<{ restarting: true }>()(empty),
} as const;

export interface UpdateEvents {
  /** The update's status changed (a check began or ended, download progress, ready, failed). */
  'updates.changed': UpdateStatus;
}
