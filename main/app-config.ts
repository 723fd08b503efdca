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

/** Name of the settings file inside the data folder: JSON `{ "serverUrl": "https://..." }`. */
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
  const serverUrl = (parsed as Record<string, unknown>).serverUrl;
  if (serverUrl !== undefined && typeof serverUrl !== 'string') {
    throw new Error(`${path}: "serverUrl" must be a string.`);
  }
  return serverUrl === undefined ? {} : { serverUrl };
}
