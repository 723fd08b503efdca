/**
 * The two floors the bootstrap is printed beside (docs/PERFORMANCE.md): fetching the same change-feed
 * pages with curl, and inserting the same rows into tables with only their primary keys; and, for
 * information, the core's page writes alone.
 */
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3, { type Statement } from 'better-sqlite3';
import { type SyncedType, syncedTypes } from '../../preload/contract';
import { tableOf } from '../../main/core/areas/tables';
import { openCache } from '../../main/core/cache/cache';
import { configure } from '../../main/core/cache/database';
import { upsertParams } from '../../main/core/cache/record-table';
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

/**
 * The insert floor: the same rows (the same column values, as the core derives them from each
 * record) inserted into tables that have only their primary keys, one transaction per page, with
 * the cache's pragmas, in a fresh file in `dataDir`; wall time, ms.
 */
export function primaryKeyFloorMs(pages: readonly FeedPage[], dataDir: string): number {
  const db = new BetterSqlite3(join(dataDir, 'floor.db'));
  configure(db);
  const inserts = new Map<SyncedType, Statement>();
  for (const type of syncedTypes) {
    const { table, columns } = tableOf(type);
    const names = columns.map((column) => column.name);
    db.exec(`CREATE TABLE ${table} (${names.map((n) => (n === 'id' ? 'id TEXT PRIMARY KEY' : n)).join(', ')})`);
    inserts.set(
      type,
      db.prepare(`INSERT INTO ${table} (${names.join(', ')}) VALUES (${names.map(() => '?').join(', ')})`),
    );
  }
  const writePage = db.transaction((changes: FeedPage['changes']) => {
    for (const change of changes) {
      if (change.op === 'upsert') inserts.get(change.type)!.run(upsertParams(tableOf(change.type), change.data));
    }
  });
  const start = performance.now();
  for (const page of pages) writePage(page.changes);
  const elapsed = performance.now() - start;
  db.close();
  return elapsed;
}

/**
 * The core's own page writes alone (no fetching, no parsing): every page written into a fresh cache
 * in `dataDir` by the page transaction on cache.db's own connection, as the sync writer thread does
 * (the bulk load included, its pages grouped, as when each page is at hand when the last is
 * written); wall time, ms.
 */
export async function pageWritesMs(pages: readonly FeedPage[], dataDir: string): Promise<number> {
  const cache = await openCache(dataDir);
  const file = cache.file;
  cache.close();
  const db = new BetterSqlite3(file);
  configure(db);
  const writer = createPageTransactions(db, { groupPages: true });
  const start = performance.now();
  for (const [i, page] of pages.entries()) {
    writer.write(page.changes, page.nextCursor, {
      wasBootstrapped: false,
      first: i === 0,
      hasMore: i < pages.length - 1,
    });
  }
  const elapsed = performance.now() - start;
  db.close();
  return elapsed;
}
