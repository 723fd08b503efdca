/**
 * The core's benchmarks in a process of their own (so that its memory is the core's alone, not the
 * benchmark's copy of the feed): starts a core in `<dir>`, signs in to the service, waits for the
 * bootstrap, then measures an empty delta sync, contact search and the global search, and prints
 * one JSON line of `CoreFigures`. Run with `--expose-gc` so the memory after the bootstrap is
 * taken after a full garbage collection as well as before.
 * Usage: node --expose-gc --import tsx core-child.ts <dir> <serverUrl> <username> <password>
 */
import { createTestPlatform, startTestCore } from '../helpers/core-harness';
import { benchBootstrap, benchContactSearch, benchEmptyDelta, benchGlobalSearch, type CoreFigures } from './core-bench';

const [dir, url, username, password] = process.argv.slice(2);
const mib = (bytes: number) => bytes / 2 ** 20;
const rssBeforeMiB = mib(process.memoryUsage().rss);
const core = await startTestCore(dir, createTestPlatform(), { syncIntervalMs: 3_600_000 });
try {
  const bootstrap = await benchBootstrap(core, { url, credentials: { username, password } });
  const rssAfterMiB = mib(process.memoryUsage().rss);
  (globalThis as { gc?: () => void }).gc?.();
  const rssAfterGcMiB = mib(process.memoryUsage().rss);
  const figures: CoreFigures = {
    bootstrap,
    memory: { rssBeforeMiB, rssAfterMiB, rssAfterGcMiB },
    delta: await benchEmptyDelta(core, 30),
    contactSearch: await benchContactSearch(core, 300),
    globalSearch: await benchGlobalSearch(core, 300),
  };
  process.stdout.write(`${JSON.stringify(figures)}\n`);
} finally {
  await core.stop();
}
