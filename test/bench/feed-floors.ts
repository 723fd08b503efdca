/**
 * The two floors of the bootstrap budget (docs/PERFORMANCE.md): fetching the same change-feed pages with
 * curl, and inserting the same rows into the same cache schema. The core's bootstrap is held to
 * within 1.2× of the slower of the two.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openCache } from '../../main/core/cache/cache';
import { createPageTransactions } from '../../main/core/sync/page-transaction';
import type { FeedPage } from '../helpers/feed-reader';

export { accessToken, collectFeed, type FeedPage } from '../helpers/feed-reader';

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
export async function insertFloorMs(pages: readonly FeedPage[], dataDir: string): Promise<number> {
  const cache = await openCache(dataDir);
  const writer = createPageTransactions(cache.db);
  const start = performance.now();
  for (const [i, page] of pages.entries()) writer.write(page.changes, page.nextCursor, i === pages.length - 1);
  const elapsed = performance.now() - start;
  cache.close();
  return elapsed;
}
