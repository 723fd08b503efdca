/** Bridge calls and events of the app itself: facts for the sign-in screen and about box, desktop notices. */
import { call, empty } from './common';

/** Facts about the running app, for the sign-in screen and the about box. */
export interface AppInfo {
  version: string;
  mode: 'electron' | 'browser';
  /** URL of the embedded demo service, or null when none runs. */
  defaultServerUrl: string | null;
  /** Credentials of the embedded demo service's demo user, when it runs. */
  demoCredentials: { username: string; password: string } | null;
  dataDir: string;
  downloadsDir: string;
  /** Largest file the service accepts for upload, bytes. */
  maxUploadBytes: number;
}

export const appCalls = {
  'app.getInfo': call<AppInfo>()(empty),
} as const;

export interface AppEvents {
  /** Browser mode only: a new notification for the page to show as a desktop notification. */
  'app.notify': { title: string; body: string };
}
