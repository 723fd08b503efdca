/**
 * The two floors of the bootstrap budget (docs/PERFORMANCE.md): fetching the same change-feed pages with
 * curl, and inserting the same rows into the same cache schema. The core's bootstrap is held to
 * within 1.2× of the slower of the two.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { operations } from '../../api/generated/operations';
import { openCache } from '../../main/core/cache/cache';
import { createPageTransactions } from '../../main/core/sync/page-transaction';
import type { ChangeToApply } from '../../main/core/cache/apply-changes';

/** One page of the feed as fetched: its URL and its parsed body. */
export interface FeedPage {
  url: string;
  changes: ChangeToApply[];
  nextCursor: string;
  hasMore: boolean;
}

/** Signs in with a password and returns an access token. */
export async function accessToken(baseUrl: string, username: string, password: string): Promise<string> {
  const res = await fetch(baseUrl + operations.authenticateUser.path, {
    method: operations.authenticateUser.method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grantType: 'password', username, password }),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}

/** Reads the whole bootstrap feed once (untimed), returning every page. */
export async function collectFeed(baseUrl: string, token: string, pageSize: number): Promise<FeedPage[]> {
  const pages: FeedPage[] = [];
  let cursor: string | null = null;
  for (;;) {
    const query = new URLSearchParams({ limit: String(pageSize) });
    if (cursor) query.set('cursor', cursor);
    const url = `${baseUrl}${operations.getChanges.path}?${query}`;
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
    const body = (await res.json()) as Omit<FeedPage, 'url'>;
    pages.push({ url, ...body });
    if (!body.hasMore) return pages;
    cursor = body.nextCursor;
  }
}

/** Fetches every page URL with one curl process (one kept-alive connection); returns wall time, ms. */
export function curlFloorMs(pages: readonly FeedPage[], token: string, workDir: string): number {
  const config = join(workDir, 'curl.cfg');
  writeFileSync(
    config,
    [
      `header = "Authorization: Bearer ${token}"`,
      ...pages.flatMap((page) => [`url = "${page.url}"`, 'output = "/dev/null"']),
    ].join('\n'),
  );
  const start = performance.now();
  execFileSync('curl', ['--silent', '--fail', '--config', config]);
  return performance.now() - start;
}

/** Writes every page into a fresh cache in `dataDir` with the core's own page transaction; wall time, ms. */
export function insertFloorMs(pages: readonly FeedPage[], dataDir: string): number {
  const cache = openCache(dataDir);
  const writer = createPageTransactions(cache.db);
  const start = performance.now();
  for (const [i, page] of pages.entries()) writer.write(page.changes, page.nextCursor, i === pages.length - 1);
  const elapsed = performance.now() - start;
  cache.close();
  return elapsed;
}
