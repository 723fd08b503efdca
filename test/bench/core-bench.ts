/**
 * Benchmarks of the core against a running service: bootstrap (with the event loop's longest
 * stall), an empty delta sync, contact search and the global search at the cache's size. They run
 * in their own process (core-child.ts); `runCoreBench` starts it and reads its figures.
 */
import { spawn } from 'node:child_process';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Core } from '../../main/core/platform';
import { listWindowRows } from '../../preload/contract';
import { waitForIdle } from '../helpers/core-harness';
import { quantile, timed } from './stats';

/** Signs in and waits for the bootstrap to finish; returns its wall time and the longest event-loop stall, ms. */
export async function benchBootstrap(
  core: Core,
  service: { url: string; credentials: { username: string; password: string } },
): Promise<{ ms: number; maxStallMs: number }> {
  const loop = monitorEventLoopDelay({ resolution: 5 });
  loop.enable();
  const { ms } = await timed(async () => {
    await core.handlers['session.signIn']({ serverUrl: service.url, ...service.credentials });
    await waitForIdle(core, 600_000);
  });
  loop.disable();
  return { ms, maxStallMs: loop.max / 1e6 };
}

/** Percentiles of repeated calls, ms. */
export interface Spread {
  p50: number;
  p95: number;
}

/** What core-child.ts measures and prints (times in ms, memory in MiB). */
export interface CoreFigures {
  bootstrap: { ms: number; maxStallMs: number };
  /** Resident memory of the core's process before sign-in, after the bootstrap, and after a full GC then. */
  memory: { rssBeforeMiB: number; rssAfterMiB: number; rssAfterGcMiB: number };
  delta: Spread;
  contactSearch: Spread;
  globalSearch: Spread;
}

/**
 * Runs core-child.ts on a fresh folder `dir` against `service`; resolves with its figures. Rejects
 * when the child fails (with its standard error).
 */
export function runCoreBench(
  dir: string,
  service: { url: string; credentials: { username: string; password: string } },
): Promise<CoreFigures> {
  const child = spawn(
    process.execPath,
    [
      '--expose-gc',
      '--import',
      'tsx',
      new URL('./core-child.ts', import.meta.url).pathname,
      dir,
      service.url,
      service.credentials.username,
      service.credentials.password,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (err = (err + chunk.toString()).slice(-4000)));
  return new Promise((resolve, reject) => {
    child.on('exit', (code) => {
      const line = out.trim().split('\n').pop() ?? '';
      if (code === 0 && line.startsWith('{')) resolve(JSON.parse(line) as CoreFigures);
      else reject(new Error(`The core benchmark ended with code ${code}: ${err}`));
    });
  });
}

/** Runs `rounds` syncs with nothing new; returns p50 and p95 wall time, ms. */
export async function benchEmptyDelta(core: Core, rounds: number): Promise<Spread> {
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) times.push((await timed(() => core.handlers['sync.run']({}))).ms);
  return { p50: quantile(times, 0.5), p95: quantile(times, 0.95) };
}

/**
 * Searches contacts with `rounds` queries made of the starts of real names (1–4 letters, one or two
 * words), the first window a list view asks for (`listWindowRows`); returns p50/p95 in the core, ms.
 */
export async function benchContactSearch(core: Core, rounds: number): Promise<Spread> {
  const queries = await searchQueries(core, rounds);
  return spreadOf(queries, (query) => core.handlers['contacts.list']({ query, offset: 0, limit: listWindowRows }));
}

/**
 * The global search (every cached type, 5 hits each and the totals, as the command palette asks)
 * with the same kind of queries as the contact search; p50/p95 in the core, ms.
 */
export async function benchGlobalSearch(core: Core, rounds: number): Promise<Spread> {
  const queries = await searchQueries(core, rounds);
  return spreadOf(queries, (query) => core.handlers['search.global']({ query, limitPerType: 5 }));
}

/** `rounds` queries made of the starts of cached names (1–4 letters, one or two words). */
async function searchQueries(core: Core, rounds: number): Promise<string[]> {
  const sample = await core.handlers['contacts.list']({ offset: 0, limit: 500 });
  const words = sample.rows.flatMap((row) => [row.firstName, row.lastName, row.companyName ?? '']).filter(Boolean);
  return Array.from({ length: rounds }, (_, i) => {
    const word = words[(i * 7919) % words.length];
    const other = words[(i * 104729) % words.length];
    return i % 3 === 2 ? `${word.slice(0, 2)} ${other.slice(0, 2)}` : word.slice(0, 1 + (i % 4));
  });
}

/** Times `call` once per query; p50/p95, ms. */
async function spreadOf(queries: readonly string[], call: (query: string) => Promise<unknown>): Promise<Spread> {
  const times: number[] = [];
  for (const query of queries) times.push((await timed(() => call(query))).ms);
  return { p50: quantile(times, 0.5), p95: quantile(times, 0.95) };
}
