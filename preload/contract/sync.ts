/** Bridge calls and events of sync: its status, "sync now", and which cached types changed. */
import { call, empty, type KeptFirstArea, type SyncedType } from './common';

/** Sync status, shown always in the app shell. `counts` are records applied by the current/last run, per type. */
export interface SyncStatus {
  state: 'idle' | 'syncing' | 'offline' | 'error' | 'signedOut';
  phase: 'bootstrap' | 'delta' | null;
  counts: Partial<Record<SyncedType, number>>;
  lastSyncedAt: string | null;
  /** What went wrong and what to do, when `state` is `error` or `offline`. */
  message: string | null;
  nextRetryAt: string | null;
  /** Edits waiting in the outbox (any state: waiting, sending, conflict, refused). */
  pendingCount: number;
}

export const syncCalls = {
  'sync.getStatus': call<SyncStatus>()(empty),
  'sync.run': call<SyncStatus>()(empty),
} as const;

export interface SyncEvents {
  'sync.status': SyncStatus;
  /** Cached data of these types changed: views showing them re-query. */
  'data.changed': { types: SyncedType[] };
  /** A background refresh of kept answers of these areas ended (kept anew, or failed): views showing them re-query. */
  'answers.refreshed': { areas: KeptFirstArea[] };
}
