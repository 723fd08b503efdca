/**
 * Benchmarks of the core against a running service: bootstrap (with the event loop's longest
 * stall), an empty delta sync, and contact search at the cache's size.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Core } from '../../main/core/platform';
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

/** Runs `rounds` syncs with nothing new; returns p50 and p95 wall time, ms. */
export async function benchEmptyDelta(core: Core, rounds: number): Promise<{ p50: number; p95: number }> {
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) times.push((await timed(() => core.handlers['sync.run']({}))).ms);
  return { p50: quantile(times, 0.5), p95: quantile(times, 0.95) };
}

/**
 * Searches contacts with `rounds` queries made of the starts of real names (1–4 letters, one or two
 * words), first window of 200 rows as the contacts view asks; returns p50/p95 in the core, ms.
 */
export async function benchContactSearch(core: Core, rounds: number): Promise<{ p50: number; p95: number }> {
  const sample = await core.handlers['contacts.list']({ offset: 0, limit: 500 });
  const words = sample.rows.flatMap((row) => [row.firstName, row.lastName, row.companyName ?? '']).filter(Boolean);
  const times: number[] = [];
  for (let i = 0; i < rounds; i++) {
    const word = words[(i * 7919) % words.length];
    const other = words[(i * 104729) % words.length];
    const query = i % 3 === 2 ? `${word.slice(0, 2)} ${other.slice(0, 2)}` : word.slice(0, 1 + (i % 4));
    times.push((await timed(() => core.handlers['contacts.list']({ query, offset: 0, limit: 200 }))).ms);
  }
  return { p50: quantile(times, 0.5), p95: quantile(times, 0.95) };
}
