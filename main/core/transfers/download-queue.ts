/**
 * The durable download queue (docs/ARCHITECTURE.md, "Transfers"). A download asked for is recorded
 * first (a row in `download_queue` with the document's name, size, SHA-256 and CRC-32) and then fetched by
 * this queue (transfer-queue.ts decides when), so it outlives outages and restarts as uploads do:
 *
 * - an attempt (download.ts) continues the document's `.part` file with `Range`/`If-Range`, checks
 *   the file against the document, renames it and removes the row in one transaction with its
 *   `downloads` record; an e-mail attachment's attempt (email-attachment-download.ts) fetches its
 *   message, takes the attachment out and checks it against the attachment's size and SHA-256;
 * - while the service is away or busy the download waits (`queued`, with the reason and the bytes
 *   it has so far) and goes on by itself: one shared backoff timer, and at once when sync reaches
 *   the service again (`wake`);
 * - a refusal (the document is gone, what arrived is not the document, the disk failed) fails the
 *   download with words saying so, removes its row and deletes its `.part`;
 * - `pause` (session ended, core stopping) keeps rows and `.part` files for the next start;
 *   `cancel` removes both.
 */
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { unlink } from 'node:fs/promises';
import type { Transfer } from '../../../preload/contract';
import type { TransferDeps } from './deps';
import { attemptDownload } from './download';
import { attemptAttachmentDownload } from './email-attachment-download';
import type { DownloadQueueStore, QueuedDownload } from './download-queue-store';
import { transferOutcome, type WaitingWords } from './transfer-outcome';
import { createTransferQueue, queueOptions, type ServiceHooks, type TransferKind } from './transfer-queue';

/**
 * The facts about a document a download needs (its synced metadata), or about an e-mail attachment
 * (as `getEmailAttachments` listed it) with the e-mail whose message it is taken from.
 */
export interface DownloadSource {
  id: string;
  name: string;
  /** Bytes. */
  size: number;
  /** Hex. */
  sha256: string;
  /** Hex; the file is checked with it when set (else with `sha256`): a document's record since contract 0.5.0. */
  crc32?: string | null;
  /** For an e-mail attachment (`id` is then the attachment's id): the e-mail it is taken from. */
  emailId?: string;
}

/** The words of a waiting download. */
export const downloadWaitingWords: WaitingWords = {
  verb: 'Downloading',
  service: 'Waiting for the service — it downloads by itself when the connection is back.',
  busy: (status) =>
    `Waiting for the service (it answered ${status}, busy or unavailable) — it downloads by itself when the service is ready again.`,
  signIn: 'Waiting for you to sign in again — it downloads by itself after that.',
};

/** What the queue needs. */
export interface DownloadQueueOptions extends ServiceHooks {
  deps: TransferDeps;
  store: DownloadQueueStore;
}

/** The queue, as the core and the transfer handlers use it. */
export interface DownloadQueue {
  /** Puts the stored downloads into the transfer registry, waiting. Call once. */
  load(): void;
  /**
   * Downloads `doc` and returns its transfer: `done` at once when the same content is already
   * downloaded and on disk; the transfer under way when the document is already queued.
   */
  enqueue(doc: DownloadSource): Promise<Transfer>;
  /** Fetches what waits, now: the service answered sync (after a sign-in or an outage). */
  wake(): void;
  /** Signed in: stops pausing, and lets one download probe the service soon. */
  resume(): void;
  /** Stops fetching until `wake`: aborts attempts and waits for them, keeping rows and `.part` files. */
  pause(reason: string | null): Promise<void>;
  /** Pauses for good (the core stops). */
  stop(): Promise<void>;
  /** Cancels a queued download: removes its row and its `.part`. Null when `id` is not a queued download. */
  cancel(id: string): Promise<Transfer | null>;
  /** Forgets every download and deletes every `.part` (the user's data is being cleared; call after `pause`). */
  dropAll(): Promise<void>;
}

/** Creates the queue (empty until `load`). */
export function createDownloadQueue(options: DownloadQueueOptions): DownloadQueue {
  const { deps, store } = options;
  const { state } = deps.cache;
  /** `.part` files being deleted, by document: a new download of the document waits for it. */
  const discarding = new Map<string, Promise<void>>();

  async function removePart(entry: QueuedDownload): Promise<void> {
    const record = state.getDownload(entry.documentId);
    if (!record || record.localPath) return;
    if (record.partPath) await unlink(record.partPath).catch(() => undefined);
    state.removeDownload(entry.documentId);
  }

  function discard(entry: QueuedDownload): Promise<void> {
    const done = removePart(entry).finally(() => {
      if (discarding.get(entry.documentId) === done) discarding.delete(entry.documentId);
    });
    discarding.set(entry.documentId, done);
    return done;
  }

  const kind: TransferKind<QueuedDownload> = {
    words: downloadWaitingWords,
    resumes: true,
    describe: (entry) => ({ kind: 'download', folderId: null, documentId: entry.documentId, bytesTotal: entry.size }),
    attempt: (entry, handle, stop) =>
      entry.emailId
        ? attemptAttachmentDownload(deps, store, { ...entry, emailId: entry.emailId }, handle, stop)
        : attemptDownload(deps, store, entry, handle, stop),
    outcome: (entry, err) => transferOutcome(downloadWaitingWords, entry.name, err),
    waits: () => undefined,
    refused: () => 'drop',
    retried: () => undefined,
    forget: (entry) => store.remove(entry.id),
    discard,
    landed: async () => undefined,
  };
  const queue = createTransferQueue(kind, queueOptions(deps, options));

  return {
    load() {
      for (const entry of store.all()) queue.restore(entry, null);
    },

    async enqueue(doc) {
      const record = state.getDownload(doc.id);
      if (record?.localPath && record.sha256 === doc.sha256 && existsSync(record.localPath)) {
        const handle = deps.registry.create({
          kind: 'download',
          name: doc.name,
          folderId: null,
          documentId: doc.id,
          bytesTotal: doc.size,
        });
        handle.update({ state: 'done', bytesDone: doc.size, localPath: record.localPath });
        return { ...handle.transfer };
      }
      const queued = queue.entries().find((entry) => entry.documentId === doc.id);
      if (queued?.sha256 === doc.sha256) return queue.transfer(queued.id)!;
      // The document's content changed since it was asked for: the old download goes.
      if (queued) await queue.cancel(queued.id);
      await discarding.get(doc.id);
      const entry: QueuedDownload = {
        id: randomUUID(),
        documentId: doc.id,
        name: doc.name,
        size: doc.size,
        sha256: doc.sha256,
        crc32: doc.crc32 ?? null,
        createdAt: new Date().toISOString(),
        emailId: doc.emailId ?? null,
      };
      store.add(entry);
      return queue.add([entry])[0];
    },

    wake: () => queue.wake(),
    resume: () => queue.resume(),
    pause: (reason) => queue.pause(reason),
    stop: () => queue.stop(),
    cancel: (id) => queue.cancel(id),

    async dropAll() {
      queue.clear();
      for (const entry of store.all()) await discard(entry);
      store.clear();
    },
  };
}
