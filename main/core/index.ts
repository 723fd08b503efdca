/**
 * The core (docs/ARCHITECTURE.md, "Layers"): opens the cache, restores the session, runs sync,
 * the write path and transfers, and answers every bridge call of preload/contract through the
 * areas' handlers (areas/index.ts). Electron-free; OS features come from the host's Platform.
 */
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { type CallName, calls, syncedTypes } from '../../preload/contract';
import { loadContract } from './api/contract';
import { coreAreas } from './areas';
import { noteFilesFolder, notesKeyPrefix } from './areas/comments/handlers';
import { keepSentCampaign } from './areas/campaigns/sent-campaign';
import { keepSentTemplate } from './areas/exports/kept-templates';
import { keepSentStory } from './areas/news/sent-story';
import type { AnswerFreshness, HandlerContext } from './areas/context';
import { staleAnswers } from './areas/kept';
import { createAreaStores } from './areas/stores';
import { writesOf } from './areas/writes';
import { openCache } from './cache/cache';
import { createDataRepair, type DataRepair } from './data-repair';
import { ServiceError } from './errors';
import { createChangeNotifier, createEventBus } from './events';
import { createRecordLinkInbox } from './record-links';
import { guardHandlers, guardPageWriter, guardWriteQueue } from './guarded';
import type { Core, CoreHandlers, CoreOptions } from './platform';
import { createSession } from './session/session';
import { createStorageCare } from './storage-care';
import { defaultBackoff } from './sync/backoff';
import { createSyncEngine, defaultMaxPageBytes, type SyncEngine } from './sync/engine';
import { onServiceAnswered } from './sync/service-answered';
import { createInlineWriter, createPageWriter, type PageWriter } from './sync/page-writer';
import type { TransferDeps } from './transfers/deps';
import { createTransferThread } from './transfers/transfer-thread';
import { createLimiter } from './transfers/limiter';
import { createDownloadQueue, type DownloadQueue, downloadWaitingWords } from './transfers/download-queue';
import { createDownloadQueueStore } from './transfers/download-queue-store';
import { isExportTransfer } from './transfers/export-download';
import { createTransferRegistry } from './transfers/registry';
import { waitingForSignInReason } from './transfers/upload-outcome';
import { createUploadQueue, type UploadQueue } from './transfers/upload-queue';
import { createUploadQueueStore } from './transfers/upload-queue-store';
import { createOutboxStore } from './writes/outbox-store';
import { pushOutbox } from './writes/push';
import { recoverWrites } from './writes/recover';
import { refetchRecords } from './writes/refetch';
import { createWriteQueue } from './writes/write-queue';
import { warmUp } from './api/warm-up';

/** Default interval between background syncs, ms. */
export const defaultSyncIntervalMs = 30_000;
/** Default changes per feed page. */
export const defaultSyncPageSize = 2000;
/** Transfers that run at once; the others wait. */
const concurrentTransfers = 3;
/** The folder of the data folder where the upload queue keeps its copies (docs/ARCHITECTURE.md, "Transfers"). */
const uploadQueueFolder = 'upload-queue';

/** The largest upload the contract allows: the maximum of `Document.size`, bytes. */
export function maxUploadBytesFromContract(): number {
  const document = loadContract().components.schemas.Document as { properties?: { size?: { maximum?: unknown } } };
  const maximum = document.properties?.size?.maximum;
  if (typeof maximum !== 'number')
    throw new Error('The contract does not state the largest document size (Document.size.maximum).');
  return maximum;
}

/** Merges the areas' handlers; throws when a call has none or two. */
export function mergeAreaHandlers(ctx: HandlerContext): CoreHandlers {
  const merged: Partial<Record<CallName, unknown>> = {};
  for (const area of coreAreas) {
    for (const [name, handler] of Object.entries(area.handlers(ctx))) {
      if (name in merged) throw new Error(`Two areas answer the call ${name} (the second is ${area.name}).`);
      merged[name as CallName] = handler;
    }
  }
  const missing = Object.keys(calls).filter((name) => !(name in merged));
  if (missing.length) throw new Error(`No area answers the calls ${missing.join(', ')}.`);
  return merged as CoreHandlers;
}

/**
 * Creates the core over `options.dataDir`. Throws when the data folder's files cannot be opened:
 * NewerSchemaError for a file written by a newer version, StorageError when the folder can be neither
 * written nor shown read-only. Call `start()` to restore the session.
 */
export async function createCore(options: CoreOptions): Promise<Core> {
  const cache = await openCache(options.dataDir, {
    mode: options.mode,
    localFolders: [uploadQueueFolder, noteFilesFolder],
  });
  const freshness: AnswerFreshness = new Map();
  const stores = createAreaStores(cache.db);
  const outbox = createOutboxStore(cache.db);
  const bus = createEventBus();
  let repair: DataRepair | null = null;
  const { notices, guard } = createStorageCare({
    cache,
    folder: options.dataDir,
    mode: options.mode,
    bus,
    damaged: (err) => repair?.damaged(err),
    recovered: () => recover(),
  });
  const notifier = createChangeNotifier(bus);
  const registry = createTransferRegistry(bus);
  const limiter = createLimiter(concurrentTransfers);
  // Read-only data is written by nothing; a thread could not open it for writing anyway.
  let writer: PageWriter = cache.readOnly ? createInlineWriter(cache.db) : await createPageWriter(cache.db, cache.file);
  let sync: SyncEngine | null = null;
  let uploads: UploadQueue | null = null;
  let downloads: DownloadQueue | null = null;

  const writes = guardWriteQueue(
    createWriteQueue({
      db: cache.db,
      outbox,
      applier: cache.applier,
      changed: (types) => notifier.changed(types),
      outboxChanged(counts) {
        bus.emit('outbox.changed', counts);
        sync?.pendingChanged();
      },
      kick: () => sync?.kick(),
      // The failure shows (a notice, sync paused) until the folder takes writes again.
      cacheBehind: (err) => {
        const reported = guard.translate(err);
        return reported instanceof Error ? reported.message : String(reported);
      },
    }),
    guard,
  );
  // local.db is the truth: the cache is brought in line with the outbox at every start, and again
  // once the folder takes writes after a failure (docs/ARCHITECTURE.md, "Two files, one truth").
  const recover = () => {
    try {
      notifier.changed(recoverWrites(cache.db, outbox, cache.applier));
    } catch (err) {
      // The outbox stays as it is; its edits are written over the cache again after the next sync page.
      console.error('BRM Desktop: the cache could not be brought in line with the outbox:', guard.translate(err));
    }
  };
  if (!cache.readOnly) recover();

  const session = createSession(cache.state, options.platform.keychain, {
    async clearUserData() {
      await sync?.stop();
      await uploads?.pause(null);
      await downloads?.pause(null);
      registry.cancelAll();
      await limiter.idle();
      // Before the downloads records go: they name the `.part` files to delete.
      await downloads?.dropAll();
      cache.state.clearUserData();
      await uploads?.dropAll();
      // The files of the previous user's unsent notes go with their outbox entries.
      await rm(join(options.dataDir, noteFilesFolder), { recursive: true, force: true });
      notifier.changed(syncedTypes);
      writes.announce();
    },
    changed(state, change) {
      bus.emit('session.changed', state);
      if (change === 'signedIn') {
        uploads?.resume();
        downloads?.resume();
        sync?.start();
      } else {
        void sync?.stop();
        if (change === 'expired') {
          // Queued transfers stay the user's: they wait for the same user to sign in again.
          void uploads?.pause(waitingForSignInReason);
          void downloads?.pause(downloadWaitingWords.signIn);
        }
      }
    },
  });

  const engine = createSyncEngine({
    cache: { ...cache, state: { ...cache.state, markSynced: (at) => guard.run(() => cache.state.markSynced(at)) } },
    api: () => session.api(),
    signedIn: () => session.state().state === 'signedIn',
    bus,
    notifier,
    notify: (n) => options.platform.notify({ title: n.title, body: n.body }),
    intervalMs: options.syncIntervalMs ?? defaultSyncIntervalMs,
    backoff: options.syncBackoff ?? defaultBackoff,
    pageSize: options.syncPageSize ?? defaultSyncPageSize,
    maxPageBytes: options.maxSyncPageBytes ?? defaultMaxPageBytes,
    writer: guardPageWriter(() => writer, guard),
    push: (client, signal) => {
      // While the folder cannot be written, sync fails at once with the words and retries with its backoff.
      guard.assertWritable();
      return guard.run(() =>
        pushOutbox(
          {
            db: cache.db,
            outbox,
            applier: cache.applier,
            settled(types) {
              notifier.changed(types);
              writes.announce();
            },
            // A note (or its file, or its deletion) reached the service: read notes from it again.
            noteSent: () => staleAnswers(freshness, notesKeyPrefix),
            // The service's answers to export templates' saves are the only record of them (no list operation).
            // So are the ids the service gives stories written here (the story stays open once sent).
            sent: (entry, answer) => {
              keepSentTemplate(cache.state, session, entry, answer);
              keepSentStory(cache.state, entry, answer);
              keepSentCampaign(cache.state, entry, answer);
            },
          },
          client,
          signal,
        ),
      );
    },
    afterPage: () => guard.run(() => cache.db.transaction(() => writes.reapply())()),
    afterPull: (client, signal) =>
      guard.run(() => refetchRecords({ db: cache.db, outbox, applier: cache.applier, writesOf }, client, signal)),
    pendingCount: () => {
      const counts = outbox.counts();
      return counts.waiting + counts.sending + counts.conflict + counts.refused;
    },
  });
  sync = engine;

  const transfers: TransferDeps = {
    cache,
    documents: stores.documents,
    api: () => session.api(),
    registry,
    notifier,
    limiter,
    io: createTransferThread(),
    downloadsDir: options.downloadsDir,
  };
  const online = () =>
    session.state().state === 'signedIn' &&
    engine.status().state !== 'offline' &&
    engine.status().state !== 'signedOut';
  const reachedService = () => {
    if (engine.status().state === 'offline') void engine.run();
  };
  const uploadQueue = createUploadQueue({
    deps: transfers,
    store: createUploadQueueStore(cache.db, (err) => guard.translate(err)),
    platform: options.platform,
    dir: join(options.dataDir, uploadQueueFolder),
    backoff: options.uploadBackoff ?? defaultBackoff,
    online,
    reachedService,
    lostService: (err) => engine.lost(err),
  });
  uploads = uploadQueue;
  await uploadQueue.load();
  const downloadQueue = createDownloadQueue({
    deps: transfers,
    store: createDownloadQueueStore(cache.db),
    backoff: options.downloadBackoff ?? defaultBackoff,
    online,
    reachedService,
    lostService: (err) => engine.lost(err),
  });
  downloads = downloadQueue;
  downloadQueue.load();
  // Queued transfers go as soon as sync gets an answer from the service after a sign-in or an outage.
  onServiceAnswered(bus, () => {
    uploadQueue.wake();
    downloadQueue.wake();
  });
  const recordLinks = createRecordLinkInbox(bus);
  const stopUpdateEvents = options.platform.updates?.onChange((status) => bus.emit('updates.changed', status));
  const ctx: HandlerContext = {
    options,
    freshness,
    cache,
    stores,
    writes,
    outbox,
    session,
    sync: engine,
    bus,
    notifier,
    registry,
    transfers,
    uploads: uploadQueue,
    downloads: downloadQueue,
    notices,
    recordLinks,
    maxUploadBytes: maxUploadBytesFromContract(),
    reachedService,
    lostService: (err) => engine.lost(err),
    online,
  };
  const handlers = guardHandlers(mergeAreaHandlers(ctx), guard);
  let stopped = false;
  repair = createDataRepair({
    cache,
    notices,
    async pause() {
      await engine.stop();
      await uploadQueue.pause(null);
      await downloadQueue.pause(null);
      await writer.close();
    },
    async resume() {
      writer = await createPageWriter(cache.db, cache.file);
      recover();
      notifier.changed(syncedTypes);
      writes.announce();
      if (!stopped && session.state().state === 'signedIn') {
        uploadQueue.resume();
        downloadQueue.resume();
        engine.start();
      }
    },
  });

  return {
    handlers,
    on: bus.on,
    openRecordLink: (url) => recordLinks.open(url),
    async start() {
      await warmUp();
      await session.restore();
      // The full check reads every page: off the event loop, while the app answers as usual.
      void repair?.check();
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      stopUpdateEvents?.();
      await engine.stop();
      await repair?.stop();
      await uploadQueue.stop();
      await downloadQueue.stop();
      await transfers.io.stop();
      // Exports are one attempt each (transfers/export-download.ts): stopping ends them, deleting their `.part`.
      registry.cancelAll(isExportTransfer);
      await limiter.idle();
      await writer.close();
      notifier.flush();
      cache.close();
    },
  };
}

export { ServiceError };
