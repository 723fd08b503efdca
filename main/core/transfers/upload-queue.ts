/**
 * The durable upload queue (docs/ARCHITECTURE.md, "Transfers"). Every upload, online or not, is kept
 * first (a private copy in `<data folder>/upload-queue/`, a row in `upload_queue` with its own
 * Idempotency-Key) and then sent by this queue (transfer-queue.ts decides when), so it survives a
 * restart and an outage of any length:
 *
 * - an attempt streams the kept copy (upload-attempt.ts); a document that lands is written into the
 *   cache and its row removed in one transaction, then its copy is removed;
 * - while the service is away or busy (upload-outcome.ts) uploads wait with a reason shown to the
 *   user, and go again by themselves;
 * - a refusal marks the upload `failed` with the service's words and keeps its copy until the user
 *   sends it again (`retry`) or cancels it (`cancel` removes row and copy);
 * - `pause` (session ended, core stopping) aborts attempts without forgetting anything.
 */
import { randomUUID } from 'node:crypto';
import { basename } from 'node:path';
import type { Transfer } from '../../../preload/contract';
import type { Platform } from '../platform';
import type { TransferDeps } from './deps';
import { type FileToKeep, keepFiles, removeKeptFile, sweepKeptFiles } from './kept-files';
import { createTransferQueue, queueOptions, type ServiceHooks, type TransferKind } from './transfer-queue';
import { attemptUpload } from './upload-attempt';
import { uploadOutcome, uploadWaitingWords } from './upload-outcome';
import type { QueuedUpload, UploadOperation, UploadQueueStore } from './upload-queue-store';

/** What the queue needs. */
export interface UploadQueueOptions extends ServiceHooks {
  deps: TransferDeps;
  store: UploadQueueStore;
  platform: Platform;
  /** Folder of the kept copies: `<data folder>/upload-queue`. */
  dir: string;
}

/** The queue, as the core and the transfer handlers use it. */
export interface UploadQueue {
  /** Puts the stored uploads into the transfer registry (queued or failed) and removes copies no row names. Call once. */
  load(): Promise<void>;
  /**
   * Keeps `files` and queues them for `folderId` (documents; '' with `uploadImportMapping`, whose
   * files belong to no folder); returns their transfers. Throws BridgeError when a file cannot be kept.
   */
  enqueue(folderId: string, files: readonly Omit<FileToKeep, 'id'>[], operation?: UploadOperation): Promise<Transfer[]>;
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

/** Creates the queue (empty until `load`). */
export function createUploadQueue(options: UploadQueueOptions): UploadQueue {
  const { deps, store } = options;
  const kind: TransferKind<QueuedUpload> = {
    words: uploadWaitingWords,
    resumes: false,
    describe: (upload) => ({
      kind: 'upload',
      folderId: upload.folderId === '' ? null : upload.folderId,
      documentId: null,
      bytesTotal: upload.size,
    }),
    attempt: (upload, handle, stop) => attemptUpload(deps, store, upload, handle, stop),
    outcome: (upload, err) => uploadOutcome(upload.name, err, upload.operation),
    waits: (upload, reason) => store.setState(upload.id, 'queued', reason),
    refused(upload, message) {
      store.setState(upload.id, 'failed', message);
      return 'keep';
    },
    retried: (upload) => store.setState(upload.id, 'queued', null),
    forget: (upload) => store.remove(upload.id),
    discard: (upload) => removeKeptFile(upload.filePath),
    landed: (upload) => removeKeptFile(upload.filePath),
  };
  const queue = createTransferQueue(kind, queueOptions(deps, options));

  return {
    async load() {
      const uploads = store.all();
      await sweepKeptFiles(options.dir, new Set(uploads.map((u) => basename(u.filePath))));
      for (const upload of uploads) queue.restore(upload, upload.state === 'failed' ? upload.lastError : null);
    },

    async enqueue(folderId, files, operation = 'uploadDocument') {
      const items = files.map((file) => ({ ...file, id: randomUUID() }));
      const paths = await keepFiles(options.platform, options.dir, items);
      const createdAt = new Date().toISOString();
      const uploads: QueuedUpload[] = items.map((item, index) => ({
        id: item.id,
        idempotencyKey: randomUUID(),
        folderId,
        operation,
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
      return queue.add(uploads);
    },

    wake: () => queue.wake(),
    resume: () => queue.resume(),
    pause: (reason) => queue.pause(reason),
    stop: () => queue.stop(),
    cancel: (id) => queue.cancel(id),
    retry: (id) => queue.retry(id),

    async dropAll() {
      queue.clear();
      await sweepKeptFiles(options.dir, new Set());
    },
  };
}
