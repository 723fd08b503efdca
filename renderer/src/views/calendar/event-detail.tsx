/**
 * The selected calendar event: its sync state, time range, location, description, organizer and
 * status, the actions on it (edit, delete, invite; as the access rules allow: lib/use-access.ts),
 * its recipients with their responses, and its notes.
 */
import type { CalendarEventDetail } from '../../../../preload/contract';
import { ActionButton } from '../../components/action-button';
import { EmptyState } from '../../components/empty-state';
import { ErrorBanner } from '../../components/error-banner';
import { FieldList } from '../../components/field-list';
import { LoadingState } from '../../components/loading-state';
import { NotesTimeline } from '../../components/notes/notes-timeline';
import { SyncStateBadge } from '../../components/sync-state-badge';
import { formatTimeRange } from '../../lib/format';
import { useAccessJudge } from '../../lib/use-access';
import type { QueryState } from '../../lib/use-bridge-query';
import { statusLabel } from './event-labels';
import { EventRecipients } from './event-recipients';

/** The selected event and the actions the detail offers on it. */
export interface EventDetailProps {
  /** The selected event's id (null: none). */
  id: string | null;
  /** The answer of `calendar.getEvent` for `id`. */
  query: QueryState<CalendarEventDetail | null>;
  onEdit(event: CalendarEventDetail): void;
  onDelete(event: CalendarEventDetail): void;
  onInvite(event: CalendarEventDetail): void;
}

const syncHint: Partial<Record<CalendarEventDetail['syncState'], string>> = {
  pending: 'Saved on this computer; sent to the service at the next sync.',
  conflict: 'Changed on the service too. Press P (pending changes) to choose what to keep.',
  refused: 'The service refused the last change. Press P (pending changes) to fix or discard it.',
};

/** Renders the selected event's details, or a hint when none is selected. */
export function EventDetail({ id, query, onEdit, onDelete, onInvite }: EventDetailProps) {
  const { data: event, error, reload } = query;
  const judge = useAccessJudge();
  if (!id) {
    return (
      <EmptyState title="No event selected" size="compact">
        Click an event, or move to it with Tab and press Enter, to see its details and who is invited. Press N for a new
        event.
      </EmptyState>
    );
  }
  if (error && !event) return <ErrorBanner message={`The event could not be loaded: ${error}`} onRetry={reload} />;
  if (event === undefined) return <LoadingState label="Loading event…" />;
  if (event === null) {
    return (
      <EmptyState title="This event no longer exists" size="compact">
        It was deleted here or on the server. Pick another event in the calendar.
      </EmptyState>
    );
  }

  const when = formatTimeRange(event.startsAt, event.endsAt, event.allDay);
  const hint = syncHint[event.syncState];
  const editing = judge('saveCalendar', event);
  const deleting = judge('deleteCalendar', event);
  return (
    <article className="detail">
      <header className="detail-header-stacked">
        <h2>{event.title}</h2>
        <p className="detail-subline">
          <SyncStateBadge state={event.syncState} />
          {event.status !== 'confirmed' ? (
            <span className={`pill pill-${event.status}`}>{statusLabel[event.status]}</span>
          ) : null}
          <span className="muted">{when}</span>
        </p>
        {hint ? <p className="note">{hint}</p> : null}
      </header>
      <div className="button-row">
        <ActionButton
          className="button"
          onClick={() => onEdit(event)}
          title="Edit (E)"
          aria-keyshortcuts="E"
          refusal={editing.reason}
        >
          Edit
        </ActionButton>
        <ActionButton
          className="button button-danger"
          onClick={() => onDelete(event)}
          title="Delete (Delete)"
          aria-keyshortcuts="Delete"
          refusal={deleting.reason}
        >
          Delete
        </ActionButton>
      </div>
      <FieldList
        fields={[
          { label: 'When', value: when },
          { label: 'Location', value: event.location },
          { label: 'Organizer', value: event.organizerName ?? 'Unknown organizer' },
          { label: 'Status', value: statusLabel[event.status] },
        ]}
      />
      {event.description ? <p className="detail-description">{event.description}</p> : null}
      <EventRecipients event={event} onInvite={() => onInvite(event)} />
      <NotesTimeline recordType="calendarEvent" recordId={event.id} />
    </article>
  );
}
