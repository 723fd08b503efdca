/**
 * The pending-changes panel (overlay `pending`: the P key, the palette, the sync status's count):
 * every edit made on this machine that the service has not accepted yet, oldest first, with its
 * state in words, the service's words and field messages for a refused one, and per entry: open
 * its record, settle a conflict, send again, discard. Offline it says the edits are kept.
 */
import type { OutboxEntry } from '../../../../preload/contract';
import { Dialog } from '../../components/dialog';
import { EmptyState } from '../../components/empty-state';
import { ErrorBanner } from '../../components/error-banner';
import { LoadingState } from '../../components/loading-state';
import { formatAgo, pluralize } from '../../lib/format';
import { useNow } from '../../lib/use-now';
import { useOnline } from '../../lib/use-online';
import { useUi } from '../../stores/stores-context';
import { EntryActions } from './entry-actions';
import { EntryMessages } from './entry-messages';
import { entryStateLabel, explainEntry } from './outbox-words';
import { useOutboxEntries } from './use-outbox';
import './pending.css';

/** Renders the panel while the `pending` overlay is open. */
export function PendingPanel() {
  const open = useUi((state) => state.overlay === 'pending');
  const setOverlay = useUi((state) => state.setOverlay);
  return (
    <Dialog open={open} size="large" title="Pending changes" onClose={() => setOverlay(null)}>
      {open ? <PendingList /> : null}
    </Dialog>
  );
}

function PendingList() {
  const online = useOnline();
  const { data: entries, error, reload } = useOutboxEntries();
  const now = useNow(30_000);

  if (error && !entries)
    return <ErrorBanner message={`Pending changes could not be read: ${error}`} onRetry={reload} />;
  if (!entries) return <LoadingState label="Reading pending changes…" />;
  const attention = entries.filter((e) => e.state === 'conflict' || e.state === 'refused').length;
  return (
    <div className="pending">
      {online ? null : (
        <p className="pending-offline" role="note">
          <strong>You are offline.</strong> Your changes are kept on this machine and are sent by themselves when the
          service can be reached again.
        </p>
      )}
      {entries.length === 0 ? (
        <EmptyState title="No pending changes">Everything you changed has reached the service.</EmptyState>
      ) : (
        <>
          <p className="pending-summary" aria-live="polite">
            {pluralize(entries.length, 'change')} not yet accepted by the service
            {attention > 0 ? `; ${attention} ${attention === 1 ? 'needs' : 'need'} your decision` : ''}.
          </p>
          <ul className="pending-list" aria-label="Pending changes">
            {entries.map((entry) => (
              <PendingEntry key={entry.id} entry={entry} online={online} now={now} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

function PendingEntry({ entry, online, now }: { entry: OutboxEntry; online: boolean; now: number }) {
  const summaryId = `pending-${entry.id}`;
  return (
    <li className={`pending-entry pending-entry-${entry.state}`} aria-labelledby={summaryId}>
      <div className="pending-entry-head">
        <span className={`pending-state pending-state-${entry.state}`}>{entryStateLabel[entry.state]}</span>
        <span id={summaryId} className="pending-entry-summary">
          {entry.summary}
        </span>
        <span className="pending-entry-time">made {formatAgo(entry.createdAt, now)}</span>
      </div>
      <p className="pending-entry-explain">{explainEntry(entry, online)}</p>
      <EntryMessages entry={entry} />
      <EntryActions entry={entry} showOpen />
    </li>
  );
}
