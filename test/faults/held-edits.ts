/**
 * Comparing a client's cache with its service while the client holds edits the service does not
 * have: a record an edit in the outbox names shows that edit in the cache (docs/ARCHITECTURE.md,
 * "The write path"), so it is left out of the comparison and counted as local-only work instead.
 */
import type { Core } from '../../main/core/platform';
import { serviceVersions } from '../helpers/feed-reader';
import { cachedVersions, differences } from './cache-state';

/** The ids of the records that edits in `core`'s outbox name (waiting, in conflict or refused). */
export async function recordsWithEdits(core: Core): Promise<Set<string>> {
  const entries = await core.handlers['outbox.list']({});
  return new Set(entries.flatMap((entry) => (entry.recordId ? [entry.recordId] : [])));
}

/** `versions` (type → id → version) without the records `ids`. */
export function withoutRecords(
  versions: Map<string, Map<string, number>>,
  ids: Set<string>,
): Map<string, Map<string, number>> {
  return new Map(
    [...versions].map(([type, ofType]) => [type, new Map([...ofType].filter(([id]) => !ids.has(id)))] as const),
  );
}

/**
 * How the cache in `dataDir` differs from what the service at `url` holds (an empty list when they
 * are equal), leaving out the records that edits in `core`'s outbox name.
 */
export async function cacheVersusService(
  core: Core,
  dataDir: string,
  url: string,
  credentials: { username: string; password: string },
): Promise<string[]> {
  const held = await recordsWithEdits(core);
  return differences(
    withoutRecords(cachedVersions(dataDir), held),
    withoutRecords(await serviceVersions(url, credentials), held),
  );
}
