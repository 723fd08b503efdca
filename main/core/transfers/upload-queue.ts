/**
 * The durable upload queue (docs/ARCHITECTURE.md, "Transfers"). Every upload, online or not, is kept
 * first (a private copy in `<data folder>/upload-queue/`, a row in `upload_queue` with its own
 * Idempotency-Key) and then sent by this queue, so it survives a restart and an outage of any length:
 *
 * - an attempt streams the kept copy (upload-attempt.ts); a document that lands is written into the
 *   cache and its row removed in one transaction, then its copy is removed;
 * - while the service is away or busy (upload-outcome.ts) uploads wait with a reason shown to the
 *   user. The whole queue waits on one timer with full-jitter exponential backoff (service-wait.ts,
 *   never sooner than Retry-After); when it fires, one upload probes the service and the others
 *   follow once it was answered. Sync reporting the service back wakes the queue at once (`wake`);
 * - a refusal marks the upload `failed` with the service's words and keeps its copy until the user
 *   sends it again (`retry`) or cancels it (`cancel` removes row and copy);
 * - `pause` (session ended, core stopping) aborts attempts without forgetting anything.
 */
import { randomUUID } from 'node:crypto';
import { basename } from 'node:path';
import type { Transfer } from '../../../preload/contract';
import type { Platform } from '../platform';
import type { BackoffOptions } from '../sync/backoff';
import type { TransferDeps } from './deps';
import { type FileToKeep, keepFiles, removeKeptFile, sweepKeptFiles } from './kept-files';
import type { TransferHandle } from './registry';
import { createServiceWait } from './service-wait';
import { attemptUpload } from './upload-attempt';
import { uploadOutcome, waitingForServiceReason } from './upload-outcome';
import type { QueuedUpload, UploadQueueStore } from './upload-queue-store';

/** What the queue needs. */
export interface UploadQueueOptions {
  deps: TransferDeps;
  store: UploadQueueStore;
  platform: Platform;
  /** Folder of the kept copies: `<data folder>/upload-queue`. */
  dir: string;
  /** Delays between probes while the service is away, ms. */
  backoff: BackoffOptions;
  /** True while signed in and sync last reached the service. */
  online(): boolean;
  /** An upload reached the service: sync, if it thought it was offline, syncs now. */
  reachedService(): void;
  /** An upload got no answer: sync turns offline now (and reports when the service is back). */
  lostService(err: unknown): void;
}

/** The queue, as the core and the transfer handlers use it. */
export interface UploadQueue {
  /** Puts the stored uploads into the transfer registry (queued or failed) and removes copies no row names. Call once. */
  load(): Promise<void>;
  /** Keeps `files` and queues them for `folderId`; returns their transfers. Throws BridgeError when a file cannot be kept. */
  enqueue(folderId: string, files: readonly Omit<FileToKeep, 'id'>[]): Promise<Transfer[]>;
  /** Sends what waits, now: the service answered sync (after a sign-in or an outage). */
  wake(): void;
  /** Signed in: stops pausing, and lets one upload probe the service soon (after the first backoff delay) even if sync does not get through. */
  resume(): void;
  /** Stops sending until `wake`: aborts attempts and waits for them; waiting uploads show `reason` when given. */
  pause(reason: string | null): Promise<void>;
  /** Pauses for good (the core stops). */
  stop(): Promise<void>;
  /** Cancels a queued upload: removes its row and its copy. Null when `id` is not a queued upload. */
  cancel(id: string): Promise<Transfer | null>;
  /** Sends a failed upload again, with the same Idempotency-Key. Null when `id` is not a failed upload. */
  retry(id: string): Transfer | null;
  /** Forgets every upload and removes every kept copy (the user's data was cleared; call after `pause`). */
  dropAll(): Promise<void>;
}

interface Job {
  upload: QueuedUpload;
  handle: TransferHandle;
  /** `waiting`: for the service or a sign-in; `sending`: handed to the limiter or being sent; `failed`: refused. */
  phase: 'waiting' | 'sending' | 'failed';
  /** Changes with every hand-over to the limiter, so a stale one does nothing. */
  ticket: number;
  /** This attempt probes the service for the whole queue. */
  probe: boolean;
  /** Aborts the attempt in flight without cancelling the upload. */
  stopper: AbortController | null;
  /** Settles when the attempt in flight ended. */
  inFlight: Promise<void> | null;
}

/** Creates the queue (empty until `load`). */
export function createUploadQueue(options: UploadQueueOptions): UploadQueue {
  const { deps, store, backoff } = options;
  const jobs = new Map<string, Job>();
  let tickets = 0;
  let paused = false;
  let stopped = false;
  /** While it waits, only a probe is sent; when a delay has passed, the oldest waiting upload probes. */
  const wait = createServiceWait(backoff, () => {
    if (paused) return;
    const first = [...jobs.values()].find((job) => job.phase === 'waiting');
    if (!first) return;
    first.probe = true;
    release(first);
  });

  function track(upload: QueuedUpload, reason: string | null): Job {
    const handle = deps.registry.create({
      id: upload.id,
      kind: 'upload',
      name: upload.name,
      folderId: upload.folderId,
      documentId: null,
      bytesTotal: upload.size,
    });
    const job: Job = {
      upload,
      handle,
      phase: upload.state === 'failed' ? 'failed' : 'waiting',
      ticket: 0,
      probe: false,
      stopper: null,
      inFlight: null,
    };
    if (upload.state === 'failed') handle.update({ state: 'failed', error: upload.lastError });
    else if (reason) handle.update({ error: reason });
    jobs.set(upload.id, job);
    return job;
  }

  function release(job: Job): void {
    job.phase = 'sending';
    const ticket = ++tickets;
    job.ticket = ticket;
    void deps.limiter.run(() => attempt(job, ticket));
  }

  /** Releases every waiting upload, unless the queue is paused or waits for the service. */
  function pump(): void {
    if (paused || wait.waiting()) return;
    for (const job of jobs.values()) if (job.phase === 'waiting') release(job);
  }

  /** The service answered an upload: the queue stops waiting for it. */
  function answered(): void {
    wait.answered();
    options.reachedService();
    pump();
  }

  function toWaiting(job: Job, reason: string | null): void {
    job.phase = 'waiting';
    job.handle.update({ state: 'queued', bytesDone: 0, error: reason });
  }

  async function attempt(job: Job, ticket: number): Promise<void> {
    if (jobs.get(job.upload.id) !== job || job.ticket !== ticket || job.phase !== 'sending') return;
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

  async function send(job: Job, stop: AbortSignal): Promise<void> {
    try {
      await attemptUpload(deps, store, job.upload, job.handle, stop);
    } catch (err) {
      if (job.handle.signal.aborted) return; // Cancelled: `cancel` removes the row and the copy.
      if (stop.aborted) job.phase = 'waiting';
      else settle(job, err);
      return;
    }
    jobs.delete(job.upload.id);
    answered();
    await removeKeptFile(job.upload.filePath);
  }

  function settle(job: Job, err: unknown): void {
    const { upload, handle } = job;
    const outcome = uploadOutcome(upload.name, err);
    if (outcome.kind === 'wait') {
      store.setState(upload.id, 'queued', outcome.reason);
      toWaiting(job, outcome.reason);
      if (outcome.offline) options.lostService(err);
      wait.failed(outcome.reason, outcome.retryAfterMs);
    } else if (outcome.kind === 'signIn') {
      toWaiting(job, outcome.reason);
    } else {
      store.setState(upload.id, 'failed', outcome.message);
      job.phase = 'failed';
      handle.update({ state: 'failed', bytesDone: 0, error: outcome.message });
      if (outcome.answered) answered();
      else pump();
    }
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
      if (job.phase !== 'failed') toWaiting(job, reason ?? job.handle.transfer.error ?? waitingForServiceReason);
    }
  }

  return {
    async load() {
      const uploads = store.all();
      await sweepKeptFiles(options.dir, new Set(uploads.map((u) => basename(u.filePath))));
      for (const upload of uploads) track(upload, waitingForServiceReason);
    },

    async enqueue(folderId, files) {
      const items = files.map((file) => ({ ...file, id: randomUUID() }));
      const paths = await keepFiles(options.platform, options.dir, items);
      const createdAt = new Date().toISOString();
      const uploads: QueuedUpload[] = items.map((item, index) => ({
        id: item.id,
        idempotencyKey: randomUUID(),
        folderId,
        name: item.file.name,
        size: item.file.size,
        filePath: paths[index],
        state: 'queued',
        attempts: 0,
        lastError: null,
        createdAt,
      }));
      try {
        deps.cache.db.transaction(() => {
          for (const upload of uploads) store.add(upload);
        })();
      } catch (err) {
        await Promise.all(paths.map((path) => removeKeptFile(path)));
        throw err;
      }
      const offline = !options.online();
      if (offline && !paused) wait.failed(waitingForServiceReason);
      const reason = wait.reason() ?? (offline ? waitingForServiceReason : null);
      const transfers = uploads.map((upload) => {
        const job = track(upload, reason);
        return { ...job.handle.transfer };
      });
      pump();
      return transfers;
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
      if ([...jobs.values()].some((job) => job.phase === 'waiting')) wait.failed(waitingForServiceReason);
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
      store.remove(id);
      if (job.phase === 'failed') job.handle.update({ state: 'cancelled', error: null });
      else deps.registry.cancel(id);
      await job.inFlight;
      await removeKeptFile(job.upload.filePath);
      return { ...job.handle.transfer };
    },

    retry(id) {
      const job = jobs.get(id);
      if (job?.phase !== 'failed') return null;
      store.setState(id, 'queued', null);
      toWaiting(job, null);
      if (!paused) {
        job.probe = true;
        release(job);
      }
      return { ...job.handle.transfer };
    },

    async dropAll() {
      jobs.clear();
      wait.cancel();
      await sweepKeptFiles(options.dir, new Set());
    },
  };
}
