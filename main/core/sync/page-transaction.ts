/**
 * The write of one change-feed page: its changes and its cursor in one transaction, so that a
 * crash resumes from the last written page. Used on the main connection (inline writer) and on
 * the writer thread's own connection (page-writer-worker.ts).
 */
import type { Database } from 'better-sqlite3';
import type { SyncedType } from '../../../preload/contract';
import type { ApiNotification } from '../api/types';
import { type ChangeToApply, createChangeApplier } from '../cache/apply-changes';
import { createStateStore } from '../cache/state-store';

/** What writing a page did, in a form that can cross a thread boundary (plain arrays). */
export interface PageWriteResult {
  applied: Partial<Record<SyncedType, number>>;
  changedTypes: SyncedType[];
  newUnreadNotifications: ApiNotification[];
}

/** Page writes over one connection. */
export interface PageTransactions {
  /** Applies `changes` and stores `cursor` (and whether the bootstrap is complete) atomically. */
  write(changes: readonly ChangeToApply[], cursor: string, bootstrapped: boolean): PageWriteResult;
  /** Deletes the synced records and the sync state (for a 410); keeps outbox and downloads. */
  clear(): void;
}

/** Prepares page writes on `db`. */
export function createPageTransactions(db: Database): PageTransactions {
  const applier = createChangeApplier(db);
  const state = createStateStore(db);
  const write = db.transaction(
    (changes: readonly ChangeToApply[], cursor: string, bootstrapped: boolean): PageWriteResult => {
      const result = applier.apply(changes);
      state.saveCursor(cursor, bootstrapped);
      return {
        applied: result.applied,
        changedTypes: [...result.changedTypes],
        newUnreadNotifications: result.newUnreadNotifications,
      };
    },
  );
  return { write, clear: () => state.clearSyncedData() };
}
