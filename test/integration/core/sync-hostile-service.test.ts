/**
 * Sync against a broken or hostile service (a test service of its own, test/helpers/hostile-service.ts):
 * a feed that sends the same page again, or leads back to a cursor of the same run, stops the run
 * with an error in words after a handful of requests instead of looping; a page larger than the
 * limit, streamed without end or announced by its Content-Length, is refused without being read
 * into memory; and neither writes anything.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SyncStatus } from '../../../preload/contract';
import type { Core } from '../../../main/core/platform';
import {
  countSyncedRows,
  createTempDir,
  createTestPlatform,
  readCacheDirectly,
  startTestCore,
} from '../../helpers/core-harness';
import { syncCursor, syncRunEnded } from '../../helpers/core-waits';
import {
  changePage,
  contactRecord,
  type HostileService,
  sendJson,
  startHostileService,
  streamBody,
} from '../../helpers/hostile-service';

const mib = 1024 * 1024;

describe('sync against a hostile service', () => {
  let dir: ReturnType<typeof createTempDir>;
  let hostile: HostileService;
  let core: Core | null = null;
  const data = () => `${dir.path}/client/data`;
  const cursor = () => syncCursor(data());
  const contactNames = () =>
    (
      readCacheDirectly(data(), 'SELECT first_name AS name FROM contacts ORDER BY first_name') as { name: string }[]
    ).map((r) => r.name);

  beforeEach(async () => {
    dir = createTempDir();
    hostile = await startHostileService();
  });
  afterEach(async () => {
    await core?.stop();
    core = null;
    await hostile.close();
    dir.remove();
  });

  /** Starts a core with `maxSyncPageBytes` (its writer thread is running once this resolves). */
  async function startCore(maxSyncPageBytes?: number): Promise<Core> {
    // Retries wait up to a minute, so a test sees the run it started and not the next one.
    core = await startTestCore(`${dir.path}/client`, createTestPlatform(), {
      syncBackoff: { baseMs: 60_000, maxMs: 60_000 },
      maxSyncPageBytes,
    });
    return core;
  }

  /** Signs the core in (which starts a sync) and returns the status the run ends with. */
  async function firstRun(started: Core): Promise<SyncStatus> {
    const ended = syncRunEnded(started);
    await started.handlers['session.signIn']({ serverUrl: hostile.url, ...hostile.credentials });
    return ended;
  }

  const firstRunFails = async () => firstRun(await startCore());

  it('stops when a page repeats the cursor it was asked with, writing nothing of it, after two requests', async () => {
    hostile.answer('getChanges', (_req, res, url) => {
      const asked = url.searchParams.get('cursor');
      if (asked === null) return sendJson(res, 200, changePage([['contact', contactRecord(1)]], 'c1', true));
      // The same cursor again, "more follows": a client that trusts it asks for ever.
      sendJson(res, 200, changePage([['contact', contactRecord(2)]], asked, true));
    });
    const failed = await firstRunFails();
    expect(failed).toMatchObject({
      state: 'error',
      message:
        'The BRM service sent the same page of changes again instead of the next one, so sync stopped. BRM Desktop tries again later; if it keeps happening, contact your administrator.',
      nextRetryAt: expect.any(String),
    });
    expect(hostile.requestsOf('getChanges').map((r) => r.query.get('cursor'))).toEqual([null, 'c1']);
    // The first page was fine and is kept with its cursor; the repeated one wrote nothing.
    expect(contactNames()).toEqual(['Hostile1']);
    expect(cursor()).toBe('c1');

    // Sync now asks once more from the same cursor and stops again.
    const again = await core!.handlers['sync.run']({});
    expect(again.state).toBe('error');
    expect(hostile.requestsOf('getChanges').map((r) => r.query.get('cursor'))).toEqual([null, 'c1', 'c1']);
    expect(contactNames()).toEqual(['Hostile1']);
  });

  it('stops when the feed leads back to a cursor asked for earlier in the run', async () => {
    const next: Record<string, string> = { start: 'c1', c1: 'c2', c2: 'c1' };
    let n = 0;
    hostile.answer('getChanges', (_req, res, url) => {
      const asked = url.searchParams.get('cursor') ?? 'start';
      sendJson(res, 200, changePage([['contact', contactRecord(++n)]], next[asked], true));
    });
    const failed = await firstRunFails();
    expect(failed.state).toBe('error');
    expect(failed.message).toMatch(/^The BRM service sent the same page of changes again/);
    // c2's page was valid and is written (committed within moments: the writer thread groups a
    // bootstrap's pages); its cursor leads back to c1, which is not asked again.
    expect(hostile.requestsOf('getChanges').map((r) => r.query.get('cursor'))).toEqual([null, 'c1', 'c2']);
    await expect.poll(contactNames, { timeout: 2000, interval: 5 }).toEqual(['Hostile1', 'Hostile2', 'Hostile3']);
  });

  /** Samples the process's memory every 10 ms while `during` runs; returns the largest growth of rss and of ArrayBuffers, bytes. */
  async function peakGrowth<T>(during: () => Promise<T>): Promise<{ result: T; rss: number; arrayBuffers: number }> {
    const before = process.memoryUsage();
    let rss = 0;
    let arrayBuffers = 0;
    const sample = () => {
      const now = process.memoryUsage();
      rss = Math.max(rss, now.rss - before.rss);
      arrayBuffers = Math.max(arrayBuffers, now.arrayBuffers - before.arrayBuffers);
    };
    const timer = setInterval(sample, 10);
    try {
      const result = await during();
      sample();
      return { result, rss, arrayBuffers };
    } finally {
      clearInterval(timer);
    }
  }

  it('refuses a 300 MiB page streamed without a length at the limit, with low memory, writing nothing', async () => {
    let sent: Promise<number> = Promise.resolve(0);
    hostile.answer('getChanges', (_req, res) => {
      sent = streamBody(res, 300 * mib, { 'content-type': 'application/json' }, '['.charCodeAt(0));
    });
    const started = await startCore(16 * mib);
    const measured = await peakGrowth(() => firstRun(started));
    expect(measured.result).toMatchObject({
      state: 'error',
      message: expect.stringMatching(
        /^The BRM service sent an answer to getChanges larger than 16 MiB, the most BRM Desktop reads at once, so it was not read\. BRM Desktop tries again later/,
      ),
    });
    // The service could send little more than the limit before the client closed the connection.
    expect(await sent).toBeLessThan(100 * mib);
    expect(measured.rss).toBeLessThan(100 * mib);
    expect(measured.arrayBuffers).toBeLessThan(100 * mib);
    console.info(
      `300 MiB page, limit 16 MiB: service sent ${((await sent) / mib).toFixed(1)} MiB; peak growth rss ${(measured.rss / mib).toFixed(1)} MiB, arrayBuffers ${(measured.arrayBuffers / mib).toFixed(1)} MiB`,
    );
    expect(Object.values(countSyncedRows(data())).every((count) => count === 0)).toBe(true);
    expect(cursor()).toBeNull();
    expect(hostile.requestsOf('getChanges')).toHaveLength(1);
  });

  it('refuses a page whose Content-Length is over the limit before reading it', async () => {
    let sent: Promise<number> = Promise.resolve(0);
    hostile.answer('getChanges', (_req, res) => {
      sent = streamBody(res, 300 * mib, { 'content-type': 'application/json', 'content-length': 300 * mib });
    });
    const started = await startCore();
    const measured = await peakGrowth(() => firstRun(started));
    expect(measured.result).toMatchObject({
      state: 'error',
      message: expect.stringContaining('larger than 64 MiB, the most BRM Desktop reads at once, so it was not read'),
    });
    expect(await sent).toBeLessThan(64 * mib);
    expect(measured.rss).toBeLessThan(100 * mib);
    console.info(
      `300 MiB announced, limit 64 MiB: service sent ${((await sent) / mib).toFixed(1)} MiB; peak growth rss ${(measured.rss / mib).toFixed(1)} MiB`,
    );
    expect(Object.values(countSyncedRows(data())).every((count) => count === 0)).toBe(true);
    expect(cursor()).toBeNull();
  });
});
