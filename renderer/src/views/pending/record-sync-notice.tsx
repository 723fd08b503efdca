/**
 * `RecordSyncNotice`: on a record's page, what stands between the record and the service when it
 * needs the user: a refused edit (the service's words, its field messages, "Fix it", send again,
 * discard) or a conflict (choose versions). Nothing while the record is synced or only waiting.
 */
import type { RecordSyncState } from '../../../../preload/contract';
import { EntryActions } from './entry-actions';
import { explainEntry } from './outbox-words';
import { EntryMessages } from './entry-messages';
import { useRecordOutbox } from './use-outbox';
import { useOnline } from '../../lib/use-online';

export interface RecordSyncNoticeProps {
  recordId: string;
  syncState: RecordSyncState;
  /** Opens the record's form to fix a refused edit. */
  onFix?: () => void;
}

/** Renders the notice for the record's refused or conflicting entries. */
export function RecordSyncNotice({ recordId, syncState, onFix }: RecordSyncNoticeProps) {
  const needsUser = syncState === 'refused' || syncState === 'conflict';
  const online = useOnline();
  const entries = useRecordOutbox(needsUser ? recordId : null).filter(
    (entry) => entry.state === 'refused' || entry.state === 'conflict',
  );
  if (!needsUser || entries.length === 0) return null;
  return (
    <section className={`record-sync-notice record-sync-notice-${syncState}`} aria-label="Changes not accepted">
      {entries.map((entry) => (
        <div key={entry.id} className="record-sync-notice-entry">
          <p className="record-sync-notice-title">
            {entry.state === 'conflict' ? 'Changed on the service too' : 'The service refused a change'}:{' '}
            {entry.summary}
          </p>
          <p>{explainEntry(entry, online)}</p>
          <EntryMessages entry={entry} />
          <EntryActions entry={entry} onFix={onFix} />
        </div>
      ))}
    </section>
  );
}
