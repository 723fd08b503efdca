/**
 * The durable upload queue (docs/ARCHITECTURE.md, "Transfers"). Every upload gets a row in
 * `upload_queue` with its own Idempotency-Key and is sent by this queue (transfer-queue.ts decides
 * when); it survives a restart and an outage of any length because every upload that waits has a
 * private copy in `<data folder>/upload-queue/` (kept-files.ts):
 *
 * - an upload accepted while the service answers (and not handed over by the host) is sent from the
 *   user's own file, checked to be the one added; it is copied only when an attempt ends without
 *   landing, or at the next start when the app stopped during its attempt. One accepted while the
 *   service is away, or from a host's private copy, is kept at once;
 * - an attempt streams the file (upload-attempt.ts); a document that lands is written into the
 *   cache and its row removed in one transaction, then its copy (if any) is removed;
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
import type { TransferHandle } from './registry';
import type { TransferDeps } from './deps';
import { BridgeError } from '../../../preload/contract';
import { transferFailure } from './deps';
import {
  type FileStamp,
  type FileToKeep,
  fileStamp,
  keepFiles,
  keepOriginal,
  OriginalChangedError,
  removeKeptFile,
  sweepKeptFiles,
} from './kept-files';
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
   * Queues `files` for `folderId` (documents; '' with `uploadImportMapping`, whose files belong to
   * no folder), kept at once unless they are sent from the user's files (see the module's comment);
   * returns their transfers. Throws BridgeError when a file cannot be read or kept.
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

/** True when `upload` is read from the queue's own copy (not from the user's file). */
const isKept = (upload: QueuedUpload) => upload.sourceMtimeMs === null || upload.sourceMtimeMs === undefined;

/** Removes the queue's own copy of `upload`; never the user's file. */
const removeCopy = (upload: QueuedUpload) => (isKept(upload) ? removeKeptFile(upload.filePath) : Promise.resolve());

/** The stamps of `files`, in order. Throws BridgeError when one is gone or is not the size it was resolved with. */
async function stampsOf(files: readonly Omit<FileToKeep, 'id'>[]): Promise<FileStamp[]> {
  return Promise.all(
    files.map(async ({ file }) => {
      const stamp = await fileStamp(file.path);
      if (stamp?.size !== file.size) {
        throw new BridgeError(
          'invalid_input',
          `"${file.name}" changed while BRM Desktop was adding it. Add it again once it is saved.`,
        );
      }
      return stamp;
    }),
  );
}

/** Creates the queue (empty until `load`). */
export function createUploadQueue(options: UploadQueueOptions): UploadQueue {
  const { deps, store } = options;

  /**
   * Makes the queue's own copy of `upload` when it is still read from the user's file, and records
   * it. Throws OriginalChangedError or a BridgeError (kept-files.ts `keepOriginal`).
   */
  async function keep(upload: QueuedUpload): Promise<void> {
    if (isKept(upload)) return;
    const stamp = { size: upload.size, mtimeMs: upload.sourceMtimeMs as number };
    const path = await keepOriginal(options.dir, { id: upload.id, name: upload.name, path: upload.filePath, stamp });
    store.kept(upload.id, path);
    upload.filePath = path;
    upload.sourceMtimeMs = null;
  }

  /** One attempt; one from the user's file that ends without landing (not cancelled or stopped) keeps a copy first. */
  async function attempt(upload: QueuedUpload, handle: TransferHandle, stop: AbortSignal): Promise<void> {
    try {
      await attemptUpload(deps, store, upload, handle, stop);
    } catch (err) {
      if (!isKept(upload) && !handle.signal.aborted && !stop.aborted && !(err instanceof OriginalChangedError)) {
        await keep(upload);
      }
      throw err;
    }
  }

  const kind: TransferKind<QueuedUpload> = {
    words: uploadWaitingWords,
    resumes: false,
    describe: (upload) => ({
      kind: 'upload',
      folderId: upload.folderId === '' ? null : upload.folderId,
      documentId: null,
      bytesTotal: upload.size,
    }),
    attempt,
    outcome: (upload, err) => uploadOutcome(upload.name, err, upload.operation),
    waits: (upload, reason) => store.setState(upload.id, 'queued', reason),
    refused(upload, message) {
      store.setState(upload.id, 'failed', message);
      return 'keep';
    },
    retried: (upload) => store.setState(upload.id, 'queued', null),
    forget: (upload) => store.remove(upload.id),
    discard: removeCopy,
    landed: removeCopy,
  };
  const queue = createTransferQueue(kind, queueOptions(deps, options));

  return {
    async load() {
      const uploads = store.all();
      await sweepKeptFiles(options.dir, new Set(uploads.filter(isKept).map((u) => basename(u.filePath))));
      for (const upload of uploads) {
        let failed = upload.state === 'failed' ? upload.lastError : null;
        // The app stopped while this upload was sent from the user's file: it waits now, so it is kept.
        if (failed === null) {
          failed = await keep(upload).then(
            () => null,
            (err: unknown) => transferFailure('Uploading', upload.name, err),
          );
          if (failed !== null) store.setState(upload.id, 'failed', failed);
        }
        queue.restore(upload, failed);
      }
    },

    async enqueue(folderId, files, operation = 'uploadDocument') {
      const items = files.map((file) => ({ ...file, id: randomUUID() }));
      const direct = !options.platform.takeFile && options.online();
      const stamps = direct ? await stampsOf(items) : null;
      const paths = stamps
        ? items.map((item) => item.file.path)
        : await keepFiles(options.platform, options.dir, items);
      const createdAt = new Date().toISOString();
      const uploads: QueuedUpload[] = items.map((item, index) => ({
        id: item.id,
        idempotencyKey: randomUUID(),
        folderId,
        operation,
        name: item.file.name,
        size: item.file.size,
        filePath: paths[index],
        sourceMtimeMs: stamps ? stamps[index].mtimeMs : null,
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
        await Promise.all(uploads.map(removeCopy));
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
