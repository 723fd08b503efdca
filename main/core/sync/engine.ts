/**
 * The sync engine (docs/ARCHITECTURE.md, "Sync"): push (outbox replay), then pull from the change feed — a bootstrap
 * when there is no cursor, deltas after. Each page and its cursor are written in one transaction,
 * so a crash resumes from the last written page; the next page is fetched while the current one is
 * written. A 410 clears the synced tables (keeping the outbox) and bootstraps again.
 *
 * Pages are read and written by a PageWriter (a writer thread): the main thread only fetches each
 * answer's bytes and hands them over, so the event loop stays free while pages are parsed,
 * validated and written.
 * Guards against a broken or hostile service: a page over `maxPageBytes` is refused unread, and a
 * page that sends the feed back to a cursor already asked for in the run stops it (the same pages
 * would come again for ever); both fail the run with an error and retry later with backoff.
 *
 * Runs at start, on demand, and after failures with full-jitter backoff (never sooner than
 * Retry-After). Offline is a normal state: the engine keeps probing and resumes by itself.
 *
 * Between runs it watches the feed: a held request (`Prefer: wait=30`, RFC 7240; api/openapi.yaml
 * `getChanges`, contract 0.4.0) that the service answers as soon as a change comes, so another
 * user's edit arrives within moments while an idle client sends one request per 30 s. A service
 * that does not hold requests (no `Preference-Applied` in its answer) is asked every `intervalMs`
 * instead. A run asked for while a held request waits (an edit, Sync now) ends the wait at once.
 */
import { BridgeError, type SyncStatus, type SyncedType, syncedTypes } from '../../../preload/contract';
import type { ApiClient } from '../api/client';
import type { ApiNotification } from '../api/types';
import type { Cache } from '../cache/cache';
import { describeError, isAbortError, ServiceError } from '../errors';
import type { ChangeNotifier, EventBus } from '../events';
import { type BackoffOptions, backoffDelay } from './backoff';
import { sameCursorError } from './page-transaction';
import type { PageWriter } from './page-writer';

/** What the engine needs. */
export interface SyncEngineOptions {
  cache: Cache;
  /** The signed-in service's client; throws BridgeError('unauthorized') when signed out. */
  api(): ApiClient;
  /** True while a session exists (a stray 'unauthorized' then means "signed out meanwhile"). */
  signedIn(): boolean;
  bus: EventBus;
  notifier: ChangeNotifier;
  /** Shows a desktop notification for a new unread notification that arrived by delta. */
  notify(notification: ApiNotification): void;
  intervalMs: number;
  backoff: BackoffOptions;
  /** How long a kick waits before it syncs, ms (default `defaultKickDelayMs`). */
  kickDelayMs?: number;
  /** Changes per feed page (1..2000). */
  pageSize: number;
  /** The largest feed page read, bytes; a larger one stops the run with an error, unread (`defaultMaxPageBytes`). */
  maxPageBytes: number;
  /** Writes pages with their cursors (on a writer thread when possible). */
  writer: PageWriter;
  /** Replays the outbox before the pull; returns the types whose cache changed. */
  push(client: ApiClient, signal: AbortSignal): Promise<Set<SyncedType>>;
  /** After each page is written: this machine's edits are written over it again. Returns the types changed. */
  afterPage(): Set<SyncedType>;
  /** After the pull: records to read again (after discarded edits). Returns the types changed. */
  afterPull(client: ApiClient, signal: AbortSignal): Promise<Set<SyncedType>>;
  /** Edits waiting in the outbox. */
  pendingCount(): number;
}

/** The running engine. */
export interface SyncEngine {
  /** Starts syncing now and on the interval (no effect when already started). */
  start(): void;
  /** Stops: aborts the page in flight, cancels timers, waits for the run to end. Status becomes signedOut. */
  stop(): Promise<void>;
  /** Syncs now (or joins the run in progress and runs once more) and returns the status after it. */
  run(): Promise<SyncStatus>;
  /**
   * Syncs soon (an edit was queued): after `kickDelayMs` when idle (edits made in a burst go in one
   * push, and the views re-read the edited records before the push competes with them), after the
   * retry delay when offline.
   */
  kick(): void;
  /** A call outside sync got no answer: the status turns offline now and sync retries with backoff. */
  lost(err: unknown): void;
  /** The outbox changed: the status's pending count follows. */
  pendingChanged(): void;
  status(): SyncStatus;
}

/** The largest change-feed page sync reads by default, bytes (64 MiB). */
export const defaultMaxPageBytes = 64 * 1024 * 1024;

/** How long an edit waits before sync pushes it, ms. */
export const defaultKickDelayMs = 150;

/** How long the service is asked to hold a watching request, seconds (its most, api/openapi.yaml `getChanges`). */
export const feedWaitSeconds = 30;

/**
 * The least time between two watching requests that brought nothing, ms: a service that answers
 * them at once without holding them is not asked more than once a second. A request that brought
 * changes is followed at once, so a burst of changes arrives without waiting.
 */
const minWatchGapMs = 1_000;

/** Creates a stopped engine. */
export function createSyncEngine(options: SyncEngineOptions): SyncEngine {
  const { cache, bus } = options;
  let status: SyncStatus = {
    state: 'signedOut',
    phase: null,
    counts: {},
    lastSyncedAt: cache.state.getSyncState().lastSyncedAt,
    message: null,
    nextRetryAt: null,
    pendingCount: options.pendingCount(),
  };
  let started = false;
  let running: Promise<void> | null = null;
  let again = false;
  let controller: AbortController | null = null;
  let timer: NodeJS.Timeout | null = null;
  let kickTimer: NodeJS.Timeout | null = null;
  let failures = 0;
  // Whether the service holds feed requests: unknown (null) until a watching request's answer says.
  let liveFeed: boolean | null = null;
  // The cycle in flight is a watching one (a held request), and the next one is to be.
  let watching = false;
  let watchNext = false;
  // A caller, a kick or a failure asked for a full run: the next cycle is not a watching one,
  // even if the cycle in flight ends by planning one.
  let fullRunWanted = false;

  function update(patch: Partial<SyncStatus>): void {
    status = { ...status, ...patch };
    bus.emit('sync.status', status);
  }

  function schedule(delayMs: number): void {
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => void run(true), delayMs);
    timer.unref();
  }

  /** One feed page being fetched: the cursor it is asked for with, and its answer body, unread. */
  interface PageFetch {
    asked: string | null;
    body: Promise<ArrayBuffer>;
  }

  /**
   * Fetches one feed page's answer body, unread (the writer parses and validates it), refusing one
   * over `maxPageBytes` without reading it whole.
   */
  function fetchPage(cursor: string | null, signal: AbortSignal, watch = false): PageFetch {
    // Every delta request states a wait (0 unless watching), so any answer says whether the service holds requests.
    const wait = cursor === null ? null : watch ? feedWaitSeconds : 0;
    const body = options
      .api()
      .callRaw('getChanges', {
        query: { cursor: cursor ?? undefined, limit: options.pageSize },
        headers: wait === null ? undefined : { Prefer: `wait=${wait}` },
        signal,
        timeoutMs: 120_000 + (wait ?? 0) * 1000,
        maxBodyBytes: options.maxPageBytes,
      })
      .then((answer) => {
        if (wait !== null)
          liveFeed = (answer.headers.get('preference-applied') ?? '').toLowerCase().startsWith('wait=');
        return answer.body;
      });
    return { asked: cursor, body };
  }

  async function pull(signal: AbortSignal): Promise<void> {
    const saved = cache.state.getSyncState();
    let bootstrapped = saved.bootstrapped;
    let rebuilt = false;
    let pending = fetchPage(saved.cursor, signal, watching && bootstrapped && saved.cursor !== null);
    // Cursors asked for in this pull: a page that sends the feed back to one of them would loop.
    const asked = new Set<string | null>([saved.cursor]);
    if (!watching) update({ phase: bootstrapped ? 'delta' : 'bootstrap' });
    for (;;) {
      let body: ArrayBuffer;
      try {
        body = await pending.body;
      } catch (err) {
        if (err instanceof ServiceError && err.status === 410 && !rebuilt) {
          rebuilt = true;
          await options.writer.clear();
          options.notifier.changed(syncedTypes);
          bootstrapped = false;
          pending = fetchPage(null, signal);
          asked.clear();
          asked.add(null);
          update({ phase: 'bootstrap', counts: {} });
          continue;
        }
        throw err;
      }
      signal.throwIfAborted();
      // A watching request's answer is usually one small page (or none): no "Syncing" for it.
      if (status.state !== 'syncing' && !watching) update({ state: 'syncing', message: null, nextRetryAt: null });
      let looped = false;
      const result = await options.writer.writePage(body, bootstrapped, pending.asked, (page) => {
        // The page is valid: fetch the next one while this one is written.
        if (!page.hasMore) return;
        if (asked.has(page.nextCursor)) {
          looped = true;
          return;
        }
        asked.add(page.nextCursor);
        pending = fetchPage(page.nextCursor, signal);
        pending.body.catch(() => undefined);
      });
      if (!result.hasMore) bootstrapped = true;
      options.notifier.changed(result.changedTypes);
      options.notifier.changed(options.afterPage());
      if (status.phase === 'delta') for (const n of result.newUnreadNotifications) options.notify(n);
      const counts = { ...status.counts };
      for (const [type, n] of Object.entries(result.applied) as [SyncedType, number][])
        counts[type] = (counts[type] ?? 0) + n;
      update({ counts });
      if (looped) throw sameCursorError();
      if (!result.hasMore) return;
    }
  }

  async function cycle(): Promise<void> {
    if (timer) clearTimeout(timer);
    controller = new AbortController();
    const { signal } = controller;
    watching = watchNext && !fullRunWanted;
    watchNext = false;
    fullRunWanted = false;
    const startedAt = Date.now();
    if (watching) update({ counts: {} });
    else if (status.state !== 'offline') update({ state: 'syncing', counts: {}, message: null, nextRetryAt: null });
    else update({ counts: {} });
    try {
      const client = options.api();
      // Edits are pushed by the run their kick starts (which ends a watch); a watch only listens.
      if (!watching) options.notifier.changed(await options.push(client, signal));
      await pull(signal);
      options.notifier.changed(await options.afterPull(client, signal));
      // Ended from outside (a run asked for, the service found gone): whoever ended it plans what follows.
      signal.throwIfAborted();
      const now = new Date().toISOString();
      cache.state.markSynced(now);
      failures = 0;
      update({ state: 'idle', lastSyncedAt: now, message: null, nextRetryAt: null });
      if (liveFeed === false) schedule(options.intervalMs);
      else {
        // Watch next: at once after a normal run or a held request that brought changes; after one
        // that brought nothing, at least `minWatchGapMs` after it began.
        watchNext = true;
        const broughtNothing = Object.values(status.counts).every((n) => !n);
        schedule(watching && broughtNothing ? Math.max(0, minWatchGapMs - (Date.now() - startedAt)) : 0);
      }
    } catch (err) {
      if (!started || (isAbortError(err) && signal.aborted)) return;
      const sessionGone = err instanceof BridgeError && err.code === 'unauthorized' && !options.signedIn();
      if (sessionGone) update({ state: 'signedOut', phase: null, message: describeError(err), nextRetryAt: null });
      else failed(err);
    } finally {
      controller = null;
      watching = false;
    }
  }

  function failed(err: unknown): void {
    fullRunWanted = true;
    const retryAfter = err instanceof ServiceError ? err.retryAfterMs : null;
    const delay = backoffDelay(failures++, options.backoff, retryAfter);
    const offline = err instanceof ServiceError && err.code === 'offline';
    update({
      state: offline ? 'offline' : 'error',
      message: describeError(err),
      nextRetryAt: new Date(Date.now() + delay).toISOString(),
    });
    schedule(delay);
  }

  /** Runs now; `scheduled`: the engine's own timer (which may watch), not a caller that wants a full run. */
  function run(scheduled = false): Promise<SyncStatus> {
    if (!started) return Promise.resolve(status);
    // A caller wants a full run, and so does a pending kick (a watching run pushes nothing).
    if (!scheduled || kickTimer) {
      watchNext = false;
      fullRunWanted = true;
    }
    // This run pushes whatever a pending kick was for.
    if (kickTimer) clearTimeout(kickTimer);
    kickTimer = null;
    if (running) {
      again = true;
      // A held request only waits for news: end it, so this run goes now.
      if (watching) controller?.abort();
      return running.then(() => status);
    }
    // `running` is cleared in the same step that decides the loop is over, so a request that
    // arrives in between can never be lost (it either sets `again` in time or starts a new run).
    running = (async () => {
      try {
        do {
          again = false;
          await cycle();
        } while (again && started);
      } finally {
        running = null;
      }
    })();
    return running.then(() => status);
  }

  return {
    start() {
      if (started) return;
      started = true;
      failures = 0;
      status = { ...status, lastSyncedAt: cache.state.getSyncState().lastSyncedAt };
      void run();
    },
    async stop() {
      started = false;
      if (timer) clearTimeout(timer);
      timer = null;
      if (kickTimer) clearTimeout(kickTimer);
      kickTimer = null;
      controller?.abort();
      await running?.catch(() => undefined);
      update({ state: 'signedOut', phase: null, message: null, nextRetryAt: null });
    },
    run: () => run(),
    kick() {
      if (!started || kickTimer) return;
      if (status.state === 'offline' || status.state === 'error') return;
      // Not unref'd: a process that just queued an edit stays up to send it.
      kickTimer = setTimeout(() => {
        kickTimer = null;
        void run();
      }, options.kickDelayMs ?? defaultKickDelayMs);
    },
    lost(err) {
      if (!started || status.state === 'offline') return;
      if (!(err instanceof ServiceError && err.code === 'offline')) return;
      // A run that asks the service will find out itself; a held request only waits, so it is ended.
      if (running && !watching) return;
      if (running) controller?.abort();
      failed(err);
    },
    pendingChanged() {
      const pendingCount = options.pendingCount();
      if (pendingCount !== status.pendingCount) update({ pendingCount });
    },
    status: () => status,
  };
}
