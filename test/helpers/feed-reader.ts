/**
 * Reads a service's change feed over HTTP the way a fresh client would (a password sign-in, then the
 * bootstrap pages), for tests and benchmarks that compare a cache with what the service holds.
 */
import { operations } from '../../api/generated/operations';
import type { ChangeToApply } from '../../main/core/cache/apply-changes';

/** One page of the feed as fetched: its URL and its parsed body. */
export interface FeedPage {
  url: string;
  changes: ChangeToApply[];
  nextCursor: string;
  hasMore: boolean;
}

/** Signs in with a password and returns an access token. Throws when the service refuses. */
export async function accessToken(baseUrl: string, username: string, password: string): Promise<string> {
  const res = await fetch(baseUrl + operations.authenticateUser.path, {
    method: operations.authenticateUser.method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grantType: 'password', username, password }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

/** Reads the whole bootstrap feed once, returning every page. */
export async function collectFeed(baseUrl: string, token: string, pageSize: number): Promise<FeedPage[]> {
  const pages: FeedPage[] = [];
  let cursor: string | null = null;
  for (;;) {
    const query = new URLSearchParams({ limit: String(pageSize) });
    if (cursor) query.set('cursor', cursor);
    const url = `${baseUrl}${operations.getChanges.path}?${query}`;
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    if (!res.ok) throw new Error(`getChanges answered ${res.status}`);
    const body = (await res.json()) as Omit<FeedPage, 'url'>;
    pages.push({ url, ...body });
    if (!body.hasMore) return pages;
    cursor = body.nextCursor;
  }
}

/** Every record the service holds for a signed-in user: type → id → version (from a fresh bootstrap). */
export async function serviceVersions(
  baseUrl: string,
  credentials: { username: string; password: string },
): Promise<Map<string, Map<string, number>>> {
  const token = await accessToken(baseUrl, credentials.username, credentials.password);
  const versions = new Map<string, Map<string, number>>();
  for (const page of await collectFeed(baseUrl, token, 1000)) {
    for (const change of page.changes) {
      if (change.op !== 'upsert') continue;
      const ofType = versions.get(change.type) ?? new Map<string, number>();
      ofType.set(change.id, change.version);
      versions.set(change.type, ofType);
    }
  }
  return versions;
}
