/**
 * `npm run bench [-- --scale demo|design] [-- --only sync|writes|transfers|renderer|sales|live|collab|views]`: measures the core against the
 * design's budgets (docs/PERFORMANCE.md) and prints the figures (recorded by hand in docs/PERFORMANCE.md).
 * Never part of `npm test`.
 * - design scale: 100k contacts, 10k companies, 20k calendar events, 10k documents (default);
 * - demo scale: the default demo data set.
 * - `--only sync`: bootstrap, delta sync and search only; `--only transfers`: the 1 GiB transfers
 *   only (transfers.ts, its own small service); `--only writes`: 1,000 edits made offline and replayed
 *   (writes.ts, its own demo service); `--only renderer`: the contacts view at 100k rows in
 *   headless Chromium (renderer.ts, its own service; needs `npm run build:renderer`); `--only sales`: the
 *   Deals board, Branch Locator and Spend dashboard at 5k/10k/100k records (sales.ts); `--only live`: live
 *   changes, from an edit on the service to the core's cache over the held feed request, and the requests
 *   sent while idle (live.ts, its own small service, about 3 minutes); `--only collab`: the collaboration
 *   views' core calls (service search, listing checks, thumbnails, preview) against the default demo
 *   set (collab.ts, its own service); `--only views`: every view at the design scale in headless Chromium
 *   (first paint, long tasks, the renderer's JS heap; views.ts, its own service); without `--only`, everything.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { defaultSyncPageSize } from '../../main/core/index';
import { listWindowRows } from '../../preload/contract';
import { createTempDir } from '../helpers/core-harness';
import { runCoreBench } from './core-bench';
import { accessToken, collectFeed, curlFloorMs, pageWritesMs, primaryKeyFloorMs } from './feed-floors';
import { benchCollab } from './collab';
import { benchLive } from './live';
import { benchOpenChecks } from './open-checks';
import { startServiceProcess } from './service-process';
import { ms, quantile } from './stats';
import { benchRenderer } from './renderer';
import { benchSales } from './sales';
import { benchTransfers } from './transfers';
import { benchViews } from './views';
import { benchWrites } from './writes';

const scales = {
  design: { contacts: 100_000, companies: 10_000, events: 20_000, documents: 10_000, notifications: 50 },
  demo: {},
} as const;

const parts = ['sync', 'writes', 'transfers', 'renderer', 'sales', 'live', 'collab', 'views'] as const;
const { values } = parseArgs({
  options: { scale: { type: 'string', default: 'design' }, only: { type: 'string' } },
});
const scale = values.scale as keyof typeof scales;
if (!(scale in scales)) throw new Error(`--scale must be one of ${Object.keys(scales).join(', ')}`);
const only = values.only as (typeof parts)[number] | undefined;
if (only !== undefined && !parts.includes(only)) throw new Error(`--only must be one of ${parts.join(', ')}`);
/** True when this run measures `part`. */
const runs = (part: (typeof parts)[number]) => only === undefined || only === part;

const work = createTempDir('brm-bench-');
const rows: [string, string][] = [];
const report = (name: string, figure: string) => {
  rows.push([name, figure]);
  console.log(`${name}: ${figure}`);
};

try {
  if (runs('sync')) {
    const service = await startServiceProcess({ dataDir: join(work.path, 'service'), demo: scales[scale] });
    report('service: demo data seeded', ms(service.seedMs));
    try {
      const token = await accessToken(service.url, service.credentials.username, service.credentials.password);
      const pages = await collectFeed(service.url, token, defaultSyncPageSize);
      const changes = pages.reduce((n, page) => n + page.changes.length, 0);
      report('bootstrap feed', `${changes} changes in ${pages.length} pages of ${defaultSyncPageSize}`);

      const curl = quantile(
        [0, 1, 2].map(() => curlFloorMs(pages, token, work.path)),
        0.5,
      );
      const floors = [0, 1].map((i) => {
        const dir = join(work.path, `floor-${i}`);
        mkdirSync(dir);
        return primaryKeyFloorMs(pages, dir);
      });
      const insert = Math.min(...floors);
      const writesDir = join(work.path, 'page-writes');
      mkdirSync(writesDir);
      const writes = await pageWritesMs(pages, writesDir);
      const figures = await runCoreBench(join(work.path, 'core'), service);
      const { bootstrap, memory } = figures;
      const perSecond = (n: number, msTaken: number) =>
        `${Math.round((n / msTaken) * 1000).toLocaleString('en')} records/s`;
      report(
        'core: bootstrap, sign-in to idle',
        `${ms(bootstrap.ms)}, ${perSecond(changes, bootstrap.ms)} (budget ≥ 35,000 records/s: ${ms((changes / 35_000) * 1000)} for these)`,
      );
      report('floor: fetch the feed pages with curl (median of 3)', `${ms(curl)}, ${perSecond(changes, curl)}`);
      report(
        'floor: insert the same rows into tables with only their primary keys (best of 2)',
        `${ms(insert)}, ${perSecond(changes, insert)}`,
      );
      report('core: its page writes alone, parsed pages in memory (for information)', ms(writes));
      report('core: longest event-loop stall during bootstrap', `${ms(bootstrap.maxStallMs)} (budget 50 ms)`);
      report(
        'core: resident memory after the bootstrap',
        `${memory.rssAfterMiB.toFixed(0)} MiB, ${memory.rssAfterGcMiB.toFixed(0)} MiB after a full GC (${memory.rssBeforeMiB.toFixed(0)} MiB before sign-in; budget 300 MiB)`,
      );
      report(
        'core: delta sync with nothing new (30 runs)',
        `p50 ${ms(figures.delta.p50)}, p95 ${ms(figures.delta.p95)} (budget 20 ms)`,
      );
      report(
        `core: contact search, first ${listWindowRows} rows (300 queries)`,
        `p50 ${ms(figures.contactSearch.p50)}, p95 ${ms(figures.contactSearch.p95)} (budget p95 5 ms)`,
      );
      report(
        'core: global search, 5 hits and totals of each type (300 queries)',
        `p50 ${ms(figures.globalSearch.p50)}, p95 ${ms(figures.globalSearch.p95)} (budget p95 10 ms)`,
      );
      const checks = benchOpenChecks(join(work.path, 'core', 'data', 'cache.db'), 3);
      report(
        `core: checks of the bootstrapped cache.db (${(checks.bytes / 2 ** 20).toFixed(0)} MiB, median of 3)`,
        `quick_check at open ${ms(checks.quickMs)}; integrity_check after the start, on a worker ${ms(checks.fullMs)}`,
      );
    } finally {
      await service.stop();
    }
  }
  if (runs('writes')) {
    mkdirSync(join(work.path, 'writes'));
    await benchWrites({ workDir: join(work.path, 'writes'), report });
  }
  if (runs('transfers')) {
    mkdirSync(join(work.path, 'transfers'));
    await benchTransfers({ workDir: join(work.path, 'transfers'), rounds: 4, report });
  }
  if (runs('renderer')) {
    mkdirSync(join(work.path, 'renderer'));
    await benchRenderer({ workDir: join(work.path, 'renderer'), report });
  }
  if (runs('sales')) {
    mkdirSync(join(work.path, 'sales'));
    await benchSales({ workDir: join(work.path, 'sales'), report });
  }
  if (runs('live')) {
    mkdirSync(join(work.path, 'live'));
    await benchLive({ workDir: join(work.path, 'live'), report });
  }
  if (runs('collab')) {
    mkdirSync(join(work.path, 'collab'));
    await benchCollab({ workDir: join(work.path, 'collab'), report });
  }
  if (runs('views')) {
    mkdirSync(join(work.path, 'views'));
    await benchViews({ workDir: join(work.path, 'views'), report });
  }
  console.log(`\n| ${scale} scale | figure |\n|---|---|\n${rows.map(([n, f]) => `| ${n} | ${f} |`).join('\n')}`);
} finally {
  work.remove();
}
