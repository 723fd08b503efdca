/**
 * The electron-builder configuration of BRM Desktop (`electron-builder.yml`, docs/PACKAGING.md), as
 * `npm run dist` and the packaging tests use it.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Configuration } from 'electron-builder';
import { parse } from 'yaml';
import { normalizeUpdateFeedUrl } from '../main/app-config';

/** The project folder (the one holding package.json and electron-builder.yml). */
export const projectDir = join(import.meta.dirname, '..');

/** The configuration as `electron-builder.yml` gives it. Throws when the file is missing or not YAML. */
export function loadBuilderConfig(): Configuration {
  return parse(readFileSync(join(projectDir, 'electron-builder.yml'), 'utf8')) as Configuration;
}

/** The environment variable naming the update feed whose metadata a build writes. */
export const updateFeedVariable = 'BRM_UPDATE_FEED_URL';

/**
 * The configuration of a release build: the file's, plus a generic publish entry when
 * `BRM_UPDATE_FEED_URL` is set in `env`, so that electron-builder writes the update metadata
 * (`latest.yml`, `latest-mac.yml`, `latest-linux.yml`) that electron-updater reads from that feed.
 * Throws when the variable is set but is not an https URL (http only for a loopback test feed:
 * main/app-config.ts `normalizeUpdateFeedUrl`, the rule the installed app applies too).
 */
export function releaseConfig(env: NodeJS.ProcessEnv): Configuration {
  const config = loadBuilderConfig();
  const feed = env[updateFeedVariable]?.trim();
  if (!feed) return config;
  return { ...config, publish: [{ provider: 'generic', url: normalizeUpdateFeedUrl(feed, updateFeedVariable) }] };
}
