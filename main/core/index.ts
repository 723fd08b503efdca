/**
 * The core (shared agreement 3): opens the cache, restores the session, runs sync and transfers,
 * and answers every bridge call of preload/contract.ts. Electron-free; OS features come from the
 * host's Platform.
 */
import { syncedTypes } from '../../preload/contract';
import { loadContract } from './api/contract';
import { openCache } from './cache/cache';
import { createChangeNotifier, createEventBus } from './events';
import { calendarHandlers } from './handlers/calendar-handlers';
import type { HandlerContext } from './handlers/context';
import { notificationHandlers } from './handlers/notification-handlers';
import { recordHandlers } from './handlers/record-handlers';
import { sessionHandlers } from './handlers/session-handlers';
import { transferHandlers } from './handlers/transfer-handlers';
import type { Core, CoreHandlers, CoreOptions } from './platform';
import { createSession } from './session/session';
import { defaultBackoff } from './sync/backoff';
import { createSyncEngine, type SyncEngine } from './sync/engine';
import { createPageWriter } from './sync/page-writer';
import type { TransferDeps } from './transfers/deps';
import { createLimiter } from './transfers/limiter';
import { createTransferRegistry } from './transfers/registry';

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

/**
 * Creates the core over `options.dataDir`. Throws when the cache cannot be opened (e.g.
 * NewerSchemaError for a cache written by a newer version). Call `start()` to restore the session.
 */
export async function createCore(options: CoreOptions): Promise<Core> {
  const cache = openCache(options.dataDir);
  const bus = createEventBus();
  const notifier = createChangeNotifier(bus);
  const registry = createTransferRegistry(bus);
  const limiter = createLimiter(concurrentTransfers);
  const writer = await createPageWriter(cache.db);
  let sync: SyncEngine | null = null;

  const session = createSession(cache.state, options.platform.keychain, {
    async clearUserData() {
      await sync?.stop();
      registry.cancelAll();
      await limiter.idle();
      cache.state.clearUserData();
      notifier.changed(syncedTypes);
    },
    changed(state, change) {
      bus.emit('session.changed', state);
      if (change === 'signedIn') sync?.start();
      else {
        void sync?.stop();
        if (change === 'expired') registry.cancelAll();
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
    writer,
  });
  sync = engine;

  const transfers: TransferDeps = {
    cache,
    api: () => session.api(),
    registry,
    notifier,
    limiter,
    downloadsDir: options.downloadsDir,
  };
  const ctx: HandlerContext = {
    options,
    cache,
    session,
    sync: engine,
    bus,
    notifier,
    registry,
    transfers,
    maxUploadBytes: maxUploadBytesFromContract(),
    reachedService() {
      if (engine.status().state === 'offline') void engine.run();
    },
  };
  const handlers: CoreHandlers = {
    ...sessionHandlers(ctx),
    ...recordHandlers(ctx),
    ...calendarHandlers(ctx),
    ...notificationHandlers(ctx),
    ...transferHandlers(ctx),
  };

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
      registry.cancelAll();
      await limiter.idle();
      await writer.close();
      notifier.flush();
      cache.close();
    },
  };
}
