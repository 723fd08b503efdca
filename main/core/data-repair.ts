/**
 * Finding damage while the app runs, and repairing it (docs/ARCHITECTURE.md, "A damaged file"):
 * after the start, and whenever SQLite reports damage, the full integrity check runs off the event
 * loop (cache/background-check.ts). A damaged cache.db is replaced at once — the work that writes it
 * pauses, the file is set aside and a new one attached, this machine's edits are written over it,
 * and sync downloads the data again — and the user is told. Damage in local.db is reported with the
 * file's name; it is never replaced while the app runs, as it holds the only copy of unsent work.
 */
import type { IntegrityCheck, IntegrityResult } from './cache/background-check';
import { checkIntegrityInBackground } from './cache/background-check';
import type { Cache } from './cache/cache';
import { cacheRebuiltNotice, localDamagedNotice, type StorageNotices } from './storage-notices';

/** What the repair needs from the core. */
export interface DataRepairOptions {
  cache: Cache;
  notices: StorageNotices;
  /** Stops everything that writes cache.db (sync and its writer thread, transfers) and waits for it. */
  pause(): Promise<void>;
  /** The cache was replaced: writes this machine's edits over it, tells the views, and starts the paused work again. */
  resume(): Promise<void>;
  /** Runs a check (default: on a worker thread). */
  check?(files: readonly string[]): IntegrityCheck;
}

/** The repair of one core. */
export interface DataRepair {
  /** Runs the full check now (or joins the one running) and repairs what it finds; resolves with the verdicts (null when stopped). */
  check(): Promise<IntegrityResult[] | null>;
  /** SQLite reported damage: checks soon (at most one check at a time). */
  damaged(err: unknown): void;
  /** Stops a check in progress; no repair starts afterwards. */
  stop(): Promise<void>;
}

/** Creates the repair (nothing runs until `check` or `damaged`). Read-only data (cache.readOnly) is checked but never replaced. */
export function createDataRepair(options: DataRepairOptions): DataRepair {
  const { cache, notices } = options;
  const start = options.check ?? checkIntegrityInBackground;
  let running: Promise<IntegrityResult[] | null> | null = null;
  let current: IntegrityCheck | null = null;
  let stopped = false;

  async function replaceCache(): Promise<void> {
    await options.pause();
    try {
      const aside = cache.replaceDamaged();
      notices.add(cacheRebuiltNotice(aside));
    } finally {
      await options.resume();
    }
  }

  async function run(): Promise<IntegrityResult[] | null> {
    current = start([cache.file, cache.localFile]);
    let results: IntegrityResult[];
    try {
      results = await current.result;
    } catch (err) {
      if (!stopped) console.error('BRM Desktop: the integrity check of the data folder did not finish:', err);
      return null;
    } finally {
      current = null;
    }
    if (stopped) return null;
    const [cacheResult, localResult] = results;
    if (localResult.findings.length > 0)
      notices.add(localDamagedNotice(localResult.file, localResult.findings.join('; ')));
    if (cacheResult.findings.length > 0 && !cache.readOnly) {
      try {
        await replaceCache();
      } catch (err) {
        console.error('BRM Desktop: the damaged cache could not be replaced:', err);
      }
    }
    return results;
  }

  function check(): Promise<IntegrityResult[] | null> {
    if (stopped) return Promise.resolve(null);
    if (!running) {
      running = run().finally(() => {
        running = null;
      });
    }
    return running;
  }

  return {
    check,
    damaged() {
      if (!running) void check();
    },
    async stop() {
      stopped = true;
      await current?.stop();
      await running;
    },
  };
}
