/**
 * The always-visible sync status: "Syncing" with counts per type, "Synced <relative time>",
 * "Offline — showing saved data", or the sync error, each with "Sync now" where it helps; and how
 * many edits wait for the service (`SyncStatus.pendingCount`), as a button that opens the
 * pending-changes panel.
 */
import type { SyncedType, SyncStatus } from '../../../../preload/contract';
import { formatAgo, formatCount, formatRelative, pluralize } from '../../lib/format';
import { useNow } from '../../lib/use-now';
import { useSync, useUi } from '../../stores/stores-context';
import './sync-status.css';

const typeNouns: Record<SyncedType, [string, string]> = {
  contact: ['contact', 'contacts'],
  company: ['company', 'companies'],
  calendarEvent: ['event', 'events'],
  folder: ['folder', 'folders'],
  document: ['document', 'documents'],
  notification: ['notification', 'notifications'],
};

/** "1,200 contacts · 40 companies" from per-type counts (types with 0 left out). */
export function describeCounts(counts: SyncStatus['counts']): string {
  return (Object.keys(typeNouns) as SyncedType[])
    .filter((type) => (counts[type] ?? 0) > 0)
    .map((type) => {
      const n = counts[type] ?? 0;
      return `${formatCount(n)} ${typeNouns[type][n === 1 ? 0 : 1]}`;
    })
    .join(' · ');
}

interface Presentation {
  tone: 'busy' | 'ok' | 'warn' | 'error' | 'neutral';
  headline: string;
  detail: string | null;
}

function present(status: SyncStatus | null, now: number): Presentation {
  if (!status) return { tone: 'neutral', headline: 'Checking sync…', detail: null };
  const retry = status.nextRetryAt ? `Next try ${formatRelative(status.nextRetryAt, now)}.` : null;
  switch (status.state) {
    case 'syncing': {
      const counts = describeCounts(status.counts);
      const phase = status.phase === 'bootstrap' ? 'Downloading your data' : null;
      return { tone: 'busy', headline: 'Syncing…', detail: [phase, counts].filter(Boolean).join(': ') || null };
    }
    case 'idle':
      return {
        tone: 'ok',
        headline: status.lastSyncedAt ? `Synced ${formatAgo(status.lastSyncedAt, now)}` : 'Synced',
        detail: null,
      };
    case 'offline':
      return {
        tone: 'warn',
        headline: 'Offline — showing saved data',
        detail: [status.message, retry].filter(Boolean).join(' ') || null,
      };
    case 'error':
      return {
        tone: 'error',
        headline: 'Sync failed',
        detail: [status.message ?? 'Try again with Sync now.', retry].filter(Boolean).join(' '),
      };
    case 'signedOut':
      return { tone: 'neutral', headline: 'Not syncing: signed out', detail: null };
  }
}

/** Renders the status (role="status", name "Sync status") and the "Sync now" button. */
export function SyncStatusIndicator() {
  const status = useSync((state) => state.status);
  const requesting = useSync((state) => state.requesting);
  const requestError = useSync((state) => state.requestError);
  const runNow = useSync((state) => state.runNow);
  const setOverlay = useUi((state) => state.setOverlay);
  const now = useNow(15_000);
  const pending = status?.pendingCount ?? 0;
  const { tone, headline, detail } = present(status, now);
  const canRun = status !== null && status.state !== 'syncing' && status.state !== 'signedOut';

  return (
    <div className={`sync-status sync-status-${tone}`}>
      <div role="status" aria-label="Sync status" className="sync-status-text">
        <span className="sync-status-dot" aria-hidden="true" />
        <span className="sync-status-headline">{headline}</span>
        {detail ? <span className="sync-status-detail">{detail}</span> : null}
        {requestError ? <span className="sync-status-detail">{requestError}</span> : null}
      </div>
      {pending > 0 || canRun ? (
        <div className="sync-status-actions">
          {pending > 0 ? (
            <button
              type="button"
              className="button button-small sync-status-pending"
              title="Show the changes made here that the service has not accepted yet (P)"
              onClick={() => setOverlay('pending')}
            >
              {pluralize(pending, 'pending change')}
            </button>
          ) : null}
          {canRun ? (
            <button
              type="button"
              className="button button-small sync-status-button"
              onClick={() => void runNow()}
              disabled={requesting}
            >
              {requesting ? 'Starting…' : 'Sync now'}
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
