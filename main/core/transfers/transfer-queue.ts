/**
 * The machinery of a durable transfer queue (docs/ARCHITECTURE.md, "Transfers"), shared by the
 * upload queue (upload-queue.ts) and the download queue (download-queue.ts). A kind of transfer
 * (TransferKind) says how one attempt goes, what a failure means and what to record or remove; the
 * queue decides when to try:
 *
 * - a transfer goes when it is added or restored and the service is reachable, through the shared
 *   concurrency limiter;
 * - while the service is away or busy (transfer-outcome.ts) the transfers wait with a reason shown to
 *   the user, all on one timer with full-jitter exponential backoff (service-wait.ts, never sooner
 *   than Retry-After); when it fires, one transfer probes the service and the others follow once it
 *   was answered. `wake` (sync reached the service) sends them all at once;
 * - a refusal fails the transfer with the service's words; the kind keeps it for `retry` and `cancel`,
 *   or drops it (its files removed);
 * - `pause` (session ended, core stopping) aborts attempts without forgetting anything; `cancel`
 *   aborts and removes the transfer with its files.
 *
 * A transfer is `queued` while it waits, `running` once its bytes move, then `done`, `failed` or
 * `cancelled`; an attempt that was replaced or stopped reports nothing more (tickets).
 */
import type { Transfer } from '../../../preload/contract';
import type { BackoffOptions } from '../sync/backoff';
import type { TransferDeps } from './deps';
import type { Limiter } from './limiter';
import type { TransferHandle, TransferRegistry } from './registry';
import { createServiceWait } from './service-wait';
import type { TransferOutcome, WaitingWords } from './transfer-outcome';

/** What the queue needs to know of a transfer it holds: its id (the transfer's, the same across restarts) and name. */
export interface QueueEntry {
  readonly id: string;
  readonly name: string;
}

/** How one kind of transfer is sent, judged and cleaned up. */
export interface TransferKind<E extends QueueEntry> {
  /** The words shown while transfers of this kind wait. */
  words: WaitingWords;
  /** True when an attempt continues where the last one stopped: the bytes done stay shown while it waits. */
  resumes: boolean;
  /** The registry fields of `entry`'s transfer. */
  describe(entry: E): Pick<Transfer, 'kind' | 'folderId' | 'documentId' | 'bytesTotal'>;
  /**
   * One attempt. Resolves once the transfer is done (it reports `done` itself). Throws the failure,
   * or the abort reason when `stop` aborts or the transfer is cancelled.
   */
  attempt(entry: E, handle: TransferHandle, stop: AbortSignal): Promise<void>;
  /** What the failure `err` of an attempt means. */
  outcome(entry: E, err: unknown): TransferOutcome;
  /** The transfer waits for the service with `reason`: record it. */
  waits(entry: E, reason: string): void;
  /** The service (or the disk) refused the transfer: record it and say whether to keep it for `retry` or drop it. */
  refused(entry: E, message: string): 'keep' | 'drop';
  /** A kept refusal is sent again: record it. */
  retried(entry: E): void;
  /** The transfer is cancelled or dropped: forget its record (at once, before its attempt ended). */
  forget(entry: E): void;
  /** Removes the transfer's files once no attempt runs (after `forget`). */
  discard(entry: E): Promise<void>;
  /** After the transfer is done: removes what it no longer needs. */
  landed(entry: E): Promise<void>;
}

/** What the queue needs from the core. */
export interface TransferQueueOptions extends ServiceHooks {
  registry: TransferRegistry;
  /** Limits how many transfers (of every kind) run at once. */
  limiter: Limiter;
}

/** How a queue waits for the service and tells sync what its transfers found (given by the core to each queue). */
export interface ServiceHooks {
  /** Delays between probes while the service is away, ms. */
  backoff: BackoffOptions;
  /** True while signed in and sync last reached the service. */
  online(): boolean;
  /** A transfer reached the service: sync, if it thought it was offline, syncs now. */
  reachedService(): void;
  /** A transfer got no answer: sync turns offline now (and reports when the service is back). */
  lostService(err: unknown): void;
}

/** A queue of one kind of transfer. */
export interface TransferQueue<E extends QueueEntry> {
  /** Holds a stored transfer at start: waiting for the service, or failed with `failedError`. */
  restore(entry: E, failedError: string | null): void;
  /** Holds new transfers; they go at once when the service is reachable, else wait. Returns their transfers. */
  add(entries: readonly E[]): Transfer[];
  /** The transfers held, in the order they were added. */
  entries(): E[];
  /** A copy of the transfer `id`, or null when the queue does not hold it. */
  transfer(id: string): Transfer | null;
  /** Sends what waits, now. */
  wake(): void;
  /** Signed in: stops pausing, and lets one transfer probe the service soon. */
  resume(): void;
  /** Stops sending until `wake` or `resume`: aborts attempts and waits for them; waiting transfers show `reason` when given. */
  pause(reason: string | null): Promise<void>;
  /** Pauses for good (the core stops). */
  stop(): Promise<void>;
  /** Cancels a held transfer: forgets it and removes its files. Null when not held. */
  cancel(id: string): Promise<Transfer | null>;
  /** Sends a kept refusal again. Null when `id` is not a failed transfer of this queue. */
  retry(id: string): Transfer | null;
  /** Forgets every transfer without touching records or files (the caller removes them; call after `pause`). */
  clear(): void;
}

interface Job<E> {
  entry: E;
  handle: TransferHandle;
  /** `waiting`: for the service or a sign-in; `sending`: handed to the limiter or being sent; `failed`: refused, kept. */
  phase: 'waiting' | 'sending' | 'failed';
  /** Changes with every hand-over to the limiter, so a stale one does nothing. */
  ticket: number;
  /** This attempt probes the service for the whole queue. */
  probe: boolean;
  /** Aborts the attempt in flight without cancelling the transfer. */
  stopper: AbortController | null;
  /** Settles when the attempt in flight ended. */
  inFlight: Promise<void> | null;
}

/** The TransferQueueOptions of a queue over `deps` (its registry and limiter) with the core's `hooks`. */
export function queueOptions(
  deps: Pick<TransferDeps, 'registry' | 'limiter'>,
  hooks: ServiceHooks,
): TransferQueueOptions {
  return {
    registry: deps.registry,
    limiter: deps.limiter,
    backoff: hooks.backoff,
    online: hooks.online,
    reachedService: hooks.reachedService,
    lostService: hooks.lostService,
  };
}

/** Creates an empty queue of transfers of `kind`. */
export function createTransferQueue<E extends QueueEntry>(
  kind: TransferKind<E>,
  options: TransferQueueOptions,
): TransferQueue<E> {
  const jobs = new Map<string, Job<E>>();
  let tickets = 0;
  let paused = false;
  let stopped = false;
  /** While it waits, only a probe is sent; when a delay has passed, the oldest waiting transfer probes. */
  const wait = createServiceWait(options.backoff, () => {
    if (paused) return;
    const first = [...jobs.values()].find((job) => job.phase === 'waiting');
    if (!first) return;
    first.probe = true;
    release(first);
  });

  function track(entry: E, failedError: string | null, reason: string | null): Job<E> {
    const handle = options.registry.create({ id: entry.id, name: entry.name, ...kind.describe(entry) });
    const job: Job<E> = {
      entry,
      handle,
      phase: failedError !== null ? 'failed' : 'waiting',
      ticket: 0,
      probe: false,
      stopper: null,
      inFlight: null,
    };
    if (failedError !== null) handle.update({ state: 'failed', error: failedError });
    else if (reason) handle.update({ error: reason });
    jobs.set(entry.id, job);
    return job;
  }

  function release(job: Job<E>): void {
    job.phase = 'sending';
    const ticket = ++tickets;
    job.ticket = ticket;
    void options.limiter.run(() => attempt(job, ticket));
  }

  /** Releases every waiting transfer, unless the queue is paused or waits for the service. */
  function pump(): void {
    if (paused || wait.waiting()) return;
    for (const job of jobs.values()) if (job.phase === 'waiting') release(job);
  }

  /** The service answered a transfer: the queue stops waiting for it. */
  function answered(): void {
    wait.answered();
    options.reachedService();
    pump();
  }

  function toWaiting(job: Job<E>, reason: string | null): void {
    job.phase = 'waiting';
    const bytesDone = kind.resumes ? job.handle.transfer.bytesDone : 0;
    job.handle.update({ state: 'queued', bytesDone, error: reason });
  }

  async function attempt(job: Job<E>, ticket: number): Promise<void> {
    if (jobs.get(job.entry.id) !== job || job.ticket !== ticket || job.phase !== 'sending') return;
    if (paused || (wait.waiting() && !job.probe)) {
      toWaiting(job, wait.reason() ?? job.handle.transfer.error);
      return;
    }
    job.probe = false;
    const stopper = new AbortController();
    let ended = () => {};
    job.stopper = stopper;
    job.inFlight = new Promise<void>((resolve) => {
      ended = resolve;
    });
    try {
      await send(job, stopper.signal);
    } finally {
      job.stopper = null;
      job.inFlight = null;
      ended();
    }
  }

  async function send(job: Job<E>, stop: AbortSignal): Promise<void> {
    try {
      await kind.attempt(job.entry, job.handle, stop);
    } catch (err) {
      if (job.handle.signal.aborted) return; // Cancelled: `cancel` forgets it and removes its files.
      if (stop.aborted) job.phase = 'waiting';
      else await settle(job, err);
      return;
    }
    jobs.delete(job.entry.id);
    answered();
    await kind.landed(job.entry);
  }

  async function settle(job: Job<E>, err: unknown): Promise<void> {
    const { entry, handle } = job;
    const outcome = kind.outcome(entry, err);
    if (outcome.kind === 'wait') {
      kind.waits(entry, outcome.reason);
      toWaiting(job, outcome.reason);
      if (outcome.offline) options.lostService(err);
      wait.failed(outcome.reason, outcome.retryAfterMs);
      return;
    }
    if (outcome.kind === 'signIn') {
      toWaiting(job, outcome.reason);
      return;
    }
    const keep = kind.refused(entry, outcome.message) === 'keep';
    job.phase = 'failed';
    if (!keep) {
      // Dropped: its files are gone before it reports the failure that says so.
      jobs.delete(entry.id);
      kind.forget(entry);
      await kind.discard(entry);
    }
    handle.update({ state: 'failed', bytesDone: 0, error: outcome.message });
    if (outcome.answered) answered();
    else pump();
  }

  async function pause(reason: string | null): Promise<void> {
    paused = true;
    wait.cancel();
    const inFlight: Promise<void>[] = [];
    for (const job of jobs.values()) {
      job.stopper?.abort();
      if (job.inFlight) inFlight.push(job.inFlight);
    }
    await Promise.all(inFlight);
    for (const job of jobs.values()) {
      if (job.phase !== 'failed') toWaiting(job, reason ?? job.handle.transfer.error ?? kind.words.service);
    }
  }

  return {
    restore(entry, failedError) {
      track(entry, failedError, kind.words.service);
    },

    add(entries) {
      const offline = !options.online();
      if (offline && !paused) wait.failed(kind.words.service);
      const reason = wait.reason() ?? (offline ? kind.words.service : null);
      const transfers = entries.map((entry) => ({ ...track(entry, null, reason).handle.transfer }));
      pump();
      return transfers;
    },

    entries: () => [...jobs.values()].map((job) => job.entry),

    transfer(id) {
      const job = jobs.get(id);
      return job ? { ...job.handle.transfer } : null;
    },

    wake() {
      if (stopped) return;
      paused = false;
      wait.answered();
      pump();
    },

    resume() {
      if (stopped) return;
      paused = false;
      if ([...jobs.values()].some((job) => job.phase === 'waiting')) wait.failed(kind.words.service);
    },

    pause,

    async stop() {
      stopped = true;
      await pause(null);
    },

    async cancel(id) {
      const job = jobs.get(id);
      if (!job) return null;
      jobs.delete(id);
      kind.forget(job.entry);
      if (job.phase === 'failed') job.handle.update({ state: 'cancelled', error: null });
      else options.registry.cancel(id);
      await job.inFlight;
      await kind.discard(job.entry);
      return { ...job.handle.transfer };
    },

    retry(id) {
      const job = jobs.get(id);
      if (job?.phase !== 'failed') return null;
      kind.retried(job.entry);
      toWaiting(job, null);
      if (!paused) {
        job.probe = true;
        release(job);
      }
      return { ...job.handle.transfer };
    },

    clear() {
      jobs.clear();
      wait.cancel();
    },
  };
}
