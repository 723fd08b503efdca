/**
 * Launch configuration shared by the Electron shell and the browser-mode host: the app version,
 * where the user's data lives, and which BRM service to use (a configured server URL, or none so
 * that the embedded demo service starts).
 */
import { readFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import packageJson from '../package.json' with { type: 'json' };

/** The app's version (package.json, semver). */
export const appVersion: string = packageJson.version;

/** Name of the settings file inside the data folder: JSON `{ "serverUrl": "https://...", "updateFeedUrl": "https://..." }`. */
export const settingsFileName = 'settings.json';

/**
 * Default data folder of the browser-mode host: `$XDG_DATA_HOME/brm-desktop`, or
 * `~/.local/share/brm-desktop` when XDG_DATA_HOME is unset (XDG Base Directory Specification).
 */
export function defaultDataDir(env: NodeJS.ProcessEnv = process.env, home: string = homedir()): string {
  const xdg = env.XDG_DATA_HOME?.trim();
  return join(xdg ? xdg : join(home, '.local', 'share'), 'brm-desktop');
}

/**
 * Checks a server URL given on the command line, in the environment or in settings, and returns it
 * without a trailing slash. Throws an Error naming `source` when it is not an http(s) URL.
 */
export function normalizeServerUrl(value: string, source: string): string {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new Error(
      `${source}: "${value}" is not a URL. Give the BRM service's address, e.g. https://brm.example.com.`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`${source}: "${value}" must start with http:// or https://.`);
  }
  return url.href.replace(/\/+$/, '');
}

/** Where a configured server URL may come from, first match wins. */
export interface ServerUrlSources {
  /** The `--server` command-line value, if given. */
  flag?: string | null;
  env?: NodeJS.ProcessEnv;
  /** Path of the settings file (see `settingsFileName`); a missing file is fine. */
  settingsPath?: string;
}

/**
 * Resolves the BRM service URL: the `--server` flag, else `BRM_SERVER_URL`, else `serverUrl` in the
 * settings file, else null (meaning: start the embedded demo service).
 * Throws an Error with a readable message when a given value is not an http(s) URL or the settings
 * file is not valid JSON.
 */
export async function resolveServerUrl(sources: ServerUrlSources): Promise<string | null> {
  if (sources.flag) return normalizeServerUrl(sources.flag, '--server');
  const fromEnv = (sources.env ?? process.env).BRM_SERVER_URL?.trim();
  if (fromEnv) return normalizeServerUrl(fromEnv, 'BRM_SERVER_URL');
  if (!sources.settingsPath) return null;
  const settings = await readSettings(sources.settingsPath);
  return settings.serverUrl ? normalizeServerUrl(settings.serverUrl, sources.settingsPath) : null;
}

/** Contents of the settings file. */
export interface AppSettings {
  serverUrl?: string;
  /** The update feed of the installed app (docs/PACKAGING.md, "Updates"). */
  updateFeedUrl?: string;
}

/**
 * Checks an update feed's address (electron-updater's generic provider: the folder holding
 * `latest.yml` and the installers) and returns it with a trailing slash. Updates must come over
 * https; http is accepted only for a feed on this computer (loopback), for trying a feed out.
 * Throws an Error naming `source` otherwise.
 */
export function normalizeUpdateFeedUrl(value: string, source: string): string {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    throw new Error(`${source}: "${value}" is not a URL. Give the address of the update feed's folder.`);
  }
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback))
    throw new Error(`${source}: "${value}" must be an https address (http only on this computer).`);
  return url.href.endsWith('/') ? url.href : `${url.href}/`;
}

/**
 * The installed app's update feed: `BRM_UPDATE_FEED_URL`, else `updateFeedUrl` in the settings
 * file, else null (no updates). Throws like `normalizeUpdateFeedUrl`, or when the settings file is
 * not valid.
 */
export async function resolveUpdateFeedUrl(sources: Omit<ServerUrlSources, 'flag'>): Promise<string | null> {
  const fromEnv = (sources.env ?? process.env).BRM_UPDATE_FEED_URL?.trim();
  if (fromEnv) return normalizeUpdateFeedUrl(fromEnv, 'BRM_UPDATE_FEED_URL');
  if (!sources.settingsPath) return null;
  const { updateFeedUrl } = await readSettings(sources.settingsPath);
  return updateFeedUrl ? normalizeUpdateFeedUrl(updateFeedUrl, sources.settingsPath) : null;
}

/** Reads the settings file; a missing file reads as `{}`. Throws an Error naming the file when it is not a JSON object. */
export async function readSettings(path: string): Promise<AppSettings> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new Error(`${path} is not valid JSON. Fix or delete it and start BRM Desktop again.`);
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error(`${path} must hold a JSON object such as {"serverUrl": "https://brm.example.com"}.`);
  }
  const settings: AppSettings = {};
  for (const key of ['serverUrl', 'updateFeedUrl'] as const) {
    const value = (parsed as Record<string, unknown>)[key];
    if (value === undefined) continue;
    if (typeof value !== 'string') throw new Error(`${path}: "${key}" must be a string.`);
    settings[key] = value;
  }
  return settings;
}
