/**
 * `NotesTimeline`: the notes on a record (contact, company, event or document), newest first, with
 * the form that writes one. Notes come from the service when it can be reached and are kept for
 * offline with their age; notes written here show as pending until the service has them. A note
 * the access rules let the user delete (`deleteComment`: its author or an administrator;
 * lib/use-access.ts) has Delete (asked first); on the others it is not shown at all, since a
 * refused Delete beside every colleague's note would crowd the timeline. Re-read whenever the
 * outbox changes, so a note appears at once and turns from pending to written by itself.
 */
import { useState } from 'react';
import type { Note, NoteRecordType } from '../../../../preload/contract';
import { errorMessage } from '../../lib/errors';
import { formatAgo, formatBytes, formatDateTime } from '../../lib/format';
import { useAccessJudge } from '../../lib/use-access';
import { useBridgeQuery } from '../../lib/use-bridge-query';
import { useNow } from '../../lib/use-now';
import { useOnline } from '../../lib/use-online';
import { useBridge } from '../../stores/stores-context';
import { ConfirmDialog } from '../confirm-dialog';
import { ErrorBanner } from '../error-banner';
import { SyncStateBadge } from '../sync-state-badge';
import { NoteForm } from './note-form';
import './notes.css';

export interface NotesTimelineProps {
  recordType: NoteRecordType;
  recordId: string;
}

/** Renders the notes section of a record page. */
export function NotesTimeline({ recordType, recordId }: NotesTimelineProps) {
  const bridge = useBridge();
  const online = useOnline();
  const now = useNow(60_000);
  const judge = useAccessJudge();
  const { data, error, reload } = useBridgeQuery('comments.list', { recordType, recordId }, ['outbox']);
  const [deleting, setDeleting] = useState<Note | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);

  async function confirmDelete() {
    if (!deleting) return;
    const note = deleting;
    setDeleting(null);
    try {
      await bridge.call('comments.delete', { id: note.id });
      setDeleteError(null);
    } catch (reason) {
      setDeleteError(errorMessage(reason));
    }
  }

  const notes = data?.value ?? [];
  let age: string | null = null;
  if (data && !online) {
    age = data.fetchedAt
      ? `Offline: notes as of ${formatAgo(data.fetchedAt, now)}.`
      : 'Offline: the notes written elsewhere show once the service can be reached.';
  }

  return (
    <section className="notes" aria-label="Notes">
      <h3 className="notes-title">Notes{notes.length ? ` (${notes.length})` : ''}</h3>
      <NoteForm recordType={recordType} recordId={recordId} />
      {age ? <p className="notes-age">{age}</p> : null}
      {error && !data ? <ErrorBanner message={`Notes could not be loaded: ${error}`} onRetry={reload} /> : null}
      {deleteError ? <ErrorBanner message={deleteError} /> : null}
      {data && notes.length === 0 ? <p className="muted">No notes yet. The first one goes above.</p> : null}
      {notes.length > 0 ? (
        <ol className="notes-list">
          {notes.map((note) => (
            <li key={note.id} className="note">
              <div className="note-meta">
                <span className="note-author">{note.authorName ?? 'Someone'}</span>
                <time dateTime={note.createdAt} title={formatDateTime(note.createdAt)}>
                  {formatAgo(note.createdAt, now)}
                </time>
                <SyncStateBadge state={note.pending ? 'pending' : 'synced'} />
                {judge('deleteComment', note).allowed ? (
                  <button
                    type="button"
                    className="link-button note-delete"
                    aria-label={`Delete the note of ${formatDateTime(note.createdAt)}`}
                    onClick={() => setDeleting(note)}
                  >
                    Delete
                  </button>
                ) : null}
              </div>
              <p className="note-text breakable">{note.text}</p>
              {note.attachments.length > 0 ? (
                <ul className="note-files" aria-label="Attached files">
                  {note.attachments.map((file) => (
                    <li key={file.id ?? `${file.name}-${file.size}`}>
                      {file.name} ({formatBytes(file.size)}){file.id ? '' : ' · waiting to upload'}
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this note?"
        message="The note and its files are deleted for everyone who can see this record. This cannot be undone."
        confirmLabel="Delete note"
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      />
    </section>
  );
}
