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
import type { AnswerFreshness, HandlerContext } from './areas/context';
import { staleAnswers } from './areas/kept';
import { createAreaStores } from './areas/stores';
import { writesOf } from './areas/writes';
import { openCache } from './cache/cache';
import { ServiceError } from './errors';
import { createChangeNotifier, createEventBus } from './events';
import type { Core, CoreHandlers, CoreOptions } from './platform';
import { createSession } from './session/session';
import { defaultBackoff } from './sync/backoff';
import { createSyncEngine, defaultMaxPageBytes, type SyncEngine } from './sync/engine';
import { onServiceAnswered } from './sync/service-answered';
import { createPageWriter } from './sync/page-writer';
import type { TransferDeps } from './transfers/deps';
import { createLimiter } from './transfers/limiter';
import { createTransferRegistry } from './transfers/registry';
import { waitingForSignInReason } from './transfers/upload-outcome';
import { createUploadQueue, type UploadQueue } from './transfers/upload-queue';
import { createUploadQueueStore } from './transfers/upload-queue-store';
import { createOutboxStore } from './writes/outbox-store';
import { pushOutbox } from './writes/push';
import { refetchRecords } from './writes/refetch';
import { createWriteQueue } from './writes/write-queue';

/** Default interval between background syncs, ms. */
export const defaultSyncIntervalMs = 30_000;
/** Default changes per feed page. */
export const defaultSyncPageSize = 1000;
/** Transfers that run at once; the others wait. */
const concurrentTransfers = 3;

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
 * Creates the core over `options.dataDir`. Throws when the cache cannot be opened (e.g.
 * NewerSchemaError for a cache written by a newer version). Call `start()` to restore the session.
 */
export async function createCore(options: CoreOptions): Promise<Core> {
  const cache = openCache(options.dataDir);
  const freshness: AnswerFreshness = new Map();
  const stores = createAreaStores(cache.db);
  const outbox = createOutboxStore(cache.db);
  const bus = createEventBus();
  const notifier = createChangeNotifier(bus);
  const registry = createTransferRegistry(bus);
  const limiter = createLimiter(concurrentTransfers);
  const writer = await createPageWriter(cache.db);
  let sync: SyncEngine | null = null;
  let uploads: UploadQueue | null = null;

  const writes = createWriteQueue({
    db: cache.db,
    outbox,
    applier: cache.applier,
    changed: (types) => notifier.changed(types),
    outboxChanged(counts) {
      bus.emit('outbox.changed', counts);
      sync?.pendingChanged();
    },
    kick: () => sync?.kick(),
  });
  writes.recover();

  const session = createSession(cache.state, options.platform.keychain, {
    async clearUserData() {
      await sync?.stop();
      await uploads?.pause(null);
      registry.cancelAll();
      await limiter.idle();
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
        sync?.start();
      } else {
        void sync?.stop();
        if (change === 'expired') {
          // Queued uploads stay the user's: they wait for the same user to sign in again.
          void uploads?.pause(waitingForSignInReason);
          registry.cancelAll((transfer) => transfer.kind !== 'upload');
        }
      }
    },
  });

  const engine = createSyncEngine({
    cache,
    api: () => session.api(),
    signedIn: () => session.state().state === 'signedIn',
    bus,
    notifier,
    notify: (n) => options.platform.notify({ title: n.title, body: n.body }),
    intervalMs: options.syncIntervalMs ?? defaultSyncIntervalMs,
    backoff: options.syncBackoff ?? defaultBackoff,
    pageSize: options.syncPageSize ?? defaultSyncPageSize,
    maxPageBytes: options.maxSyncPageBytes ?? defaultMaxPageBytes,
    writer,
    push: (client, signal) =>
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
        },
        client,
        signal,
      ),
    afterPage: () => cache.db.transaction(() => writes.reapply())(),
    afterPull: (client, signal) =>
      refetchRecords({ db: cache.db, outbox, applier: cache.applier, writesOf }, client, signal),
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
    store: createUploadQueueStore(cache.db),
    platform: options.platform,
    dir: join(options.dataDir, 'upload-queue'),
    backoff: options.uploadBackoff ?? defaultBackoff,
    online,
    reachedService,
    lostService: (err) => engine.lost(err),
  });
  uploads = uploadQueue;
  await uploadQueue.load();
  // Queued uploads go as soon as sync gets an answer from the service after a sign-in or an outage.
  onServiceAnswered(bus, () => uploadQueue.wake());
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
    maxUploadBytes: maxUploadBytesFromContract(),
    reachedService,
    lostService: (err) => engine.lost(err),
    online,
  };
  const handlers = mergeAreaHandlers(ctx);

  let stopped = false;
  return {
    handlers,
    on: bus.on,
    async start() {
      await session.restore();
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      await engine.stop();
      await uploadQueue.stop();
      registry.cancelAll((transfer) => transfer.kind !== 'upload');
      await limiter.idle();
      await writer.close();
      notifier.flush();
      cache.close();
    },
  };
}

export { ServiceError };
