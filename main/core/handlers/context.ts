/** What the bridge handlers share: the core's parts, wired by index.ts. */
import type { Cache } from '../cache/cache';
import type { ChangeNotifier, EventBus } from '../events';
import type { CoreOptions } from '../platform';
import type { Session } from '../session/session';
import type { SyncEngine } from '../sync/engine';
import type { TransferDeps } from '../transfers/deps';
import type { TransferRegistry } from '../transfers/registry';

/** The parts of the core handlers use. */
export interface HandlerContext {
  options: CoreOptions;
  cache: Cache;
  session: Session;
  sync: SyncEngine;
  bus: EventBus;
  notifier: ChangeNotifier;
  registry: TransferRegistry;
  transfers: TransferDeps;
  /** Largest upload the service accepts, bytes (from the contract). */
  maxUploadBytes: number;
  /** Call after a service call succeeded: if sync thought it was offline, it syncs now. */
  reachedService(): void;
}
