/**
 * What tests wait for and read of a test core: the end of a sync run, the end of a rebuild (the
 * bootstrap after the service refused the cursor with 410, docs/ARCHITECTURE.md, "Sync protocol"), the end of
 * a transfer, and the sync cursor its cache holds.
 */
import type { SyncStatus, Transfer } from '../../preload/contract';
import type { Core } from '../../main/core/platform';
import { readCacheDirectly, waitForEvent } from './core-harness';

/** True when a transfer reached a final state: done, failed or cancelled. */
export function isFinishedTransfer(transfer: Transfer): boolean {
  return transfer.state === 'done' || transfer.state === 'failed' || transfer.state === 'cancelled';
}

/** Resolves with the first progress of transfer `id` in a final state (rejects after `timeoutMs`). */
export function transferEnded(core: Core, id: string, timeoutMs = 30_000): Promise<Transfer> {
  return waitForEvent(core, 'transfer.progress', (t) => t.id === id && isFinishedTransfer(t), timeoutMs);
}

/**
 * Resolves with the first progress in a final state of a download of document `documentId`
 * (subscribe before asking for the download, so a quick one is not missed; rejects after `timeoutMs`).
 */
export function downloadEnded(core: Core, documentId: string, timeoutMs = 30_000): Promise<Transfer> {
  return waitForEvent(
    core,
    'transfer.progress',
    (t) => t.kind === 'download' && t.documentId === documentId && isFinishedTransfer(t),
    timeoutMs,
  );
}

/** Resolves with the first status that ends a sync run, `idle` or `error` (rejects after `timeoutMs`). */
export function syncRunEnded(core: Core, timeoutMs = 30_000): Promise<SyncStatus> {
  return waitForEvent(core, 'sync.status', (s) => s.state === 'error' || s.state === 'idle', timeoutMs);
}

/** Resolves with the first idle status that ends a bootstrap: after a 410, the end of the rebuild (rejects after `timeoutMs`). */
export function rebuilt(core: Core, timeoutMs = 30_000): Promise<SyncStatus> {
  return waitForEvent(core, 'sync.status', (s) => s.state === 'idle' && s.phase === 'bootstrap', timeoutMs);
}

/** The change-feed cursor `<dataDir>/cache.db` holds: null before the first page was written. */
export function syncCursor(dataDir: string): string | null {
  return (readCacheDirectly(dataDir, 'SELECT cursor FROM sync_state')[0] as { cursor: string | null }).cursor;
}
