/**
 * `SyncStateBadge`: where a record stands against the service, shown next to it in lists and on its
 * page: nothing when synced, "Pending" while an edit waits to be sent, "Conflict" when the service
 * changed it too, "Refused" when the service said no. The words are in the badge (not only its colour).
 */
import type { RecordSyncState } from '../../../preload/contract';

const labels: Record<Exclude<RecordSyncState, 'synced'>, { text: string; title: string }> = {
  pending: { text: 'Pending', title: 'Saved here; waiting to be sent to the service.' },
  conflict: { text: 'Conflict', title: 'Changed on the service too: open pending changes to choose what to keep.' },
  refused: { text: 'Refused', title: 'The service refused this change: open pending changes to fix or discard it.' },
};

/** Renders the badge for `state` (nothing for `synced` or undefined). */
export function SyncStateBadge({ state }: { state: RecordSyncState | undefined }) {
  if (!state || state === 'synced') return null;
  const { text, title } = labels[state];
  return (
    <span className={`sync-badge sync-badge-${state}`} title={title}>
      {text}
    </span>
  );
}
