/** What the areas' bridge handlers share: the core's parts, wired by main/core/index.ts. */
import type { RecordLinkInbox } from '../record-links';
import type { CallName } from '../../../preload/contract';
import type { Cache } from '../cache/cache';
import type { ChangeNotifier, EventBus } from '../events';
import type { CoreHandlers, CoreOptions } from '../platform';
import type { Session } from '../session/session';
import type { StorageNotices } from '../storage-notices';
import type { SyncEngine } from '../sync/engine';
import type { TransferDeps } from '../transfers/deps';
import type { DownloadQueue } from '../transfers/download-queue';
import type { TransferRegistry } from '../transfers/registry';
import type { UploadQueue } from '../transfers/upload-queue';
import type { OutboxStore } from '../writes/outbox-store';
import type { WriteQueue } from '../writes/write-queue';
import type { AreaStores } from './stores';

/**
 * When each kept on-demand answer was last fetched in this run of the app (key → ms since the
 * epoch; see `kept.ts`). Not persisted: after a restart every answer is fetched again once.
 */
export type AnswerFreshness = Map<string, number>;

/** The parts of the core handlers use. */
export interface HandlerContext {
  options: CoreOptions;
  cache: Cache;
  stores: AreaStores;
  /** The write path: every edit goes through it. */
  writes: WriteQueue;
  outbox: OutboxStore;
  session: Session;
  sync: SyncEngine;
  bus: EventBus;
  notifier: ChangeNotifier;
  registry: TransferRegistry;
  transfers: TransferDeps;
  /** The durable upload queue: every upload goes through it. */
  uploads: UploadQueue;
  /** The durable download queue: every download goes through it. */
  downloads: DownloadQueue;
  /** When each on-demand answer was last fetched in this run (see `kept.ts`). */
  freshness: AnswerFreshness;
  /** Notices about the data folder's files (damaged files set aside, the folder not writable). */
  notices: StorageNotices;
  /** Record links waiting for the window (`brm://…`). */
  recordLinks: RecordLinkInbox;
  /** Largest upload the service accepts, bytes (from the contract). */
  maxUploadBytes: number;
  /** Call after a service call succeeded: if sync thought it was offline, it syncs now. */
  reachedService(): void;
  /** Call after a service call failed for want of an answer: the status turns offline at once. */
  lostService(err: unknown): void;
  /** True while signed in and the service was reachable at the last try. */
  online(): boolean;
}

/** An area's handlers: a function of the context giving the handlers of the calls `K`. */
export type AreaHandlers<K extends CallName> = (ctx: HandlerContext) => Pick<CoreHandlers, K>;
