/** The selected calendar event: time range, location, description, organizer and recipients with their responses. */
import type { CalendarEventDetail } from '../../../../preload/contract';
import { EmptyState } from '../../components/empty-state';
import { ErrorBanner } from '../../components/error-banner';
import { FieldList } from '../../components/field-list';
import { LoadingState } from '../../components/loading-state';
import { formatAgo, formatDateTime, formatTimeRange, pluralize } from '../../lib/format';
import { responseLabel } from '../../lib/labels';
import { useBridgeQuery } from '../../lib/use-bridge-query';
import { useNow } from '../../lib/use-now';
import { useSync } from '../../stores/stores-context';

const statusLabel: Record<CalendarEventDetail['status'], string> = {
  confirmed: 'Confirmed',
  tentative: 'Tentative',
  cancelled: 'Cancelled',
};

/** Renders event `id`'s details (re-read when calendar events change), or a hint when none is selected. */
export function EventDetail({ id }: { id: string | null }) {
  const { data: event, error, reload } = useBridgeQuery('calendar.getEvent', id ? { id } : null, ['calendarEvent']);

  if (!id) {
    return (
      <EmptyState title="No event selected" size="compact">
        Click an event, or move to it with Tab and press Enter, to see its details and who is invited.
      </EmptyState>
    );
  }
  if (error && !event) return <ErrorBanner message={`The event could not be loaded: ${error}`} onRetry={reload} />;
  if (event === undefined) return <LoadingState label="Loading event…" />;
  if (event === null) {
    return (
      <EmptyState title="This event no longer exists" size="compact">
        It was deleted or moved on the server. Pick another event in the calendar.
      </EmptyState>
    );
  }

  return (
    <article className="detail">
      <header className="detail-header-stacked">
        <h2>{event.title}</h2>
        <p className="detail-subline">
          {event.status !== 'confirmed' ? (
            <span className={`pill pill-${event.status}`}>{statusLabel[event.status]}</span>
          ) : null}
          <span className="muted">{formatTimeRange(event.startsAt, event.endsAt, event.allDay)}</span>
        </p>
      </header>
      <FieldList
        fields={[
          { label: 'When', value: formatTimeRange(event.startsAt, event.endsAt, event.allDay) },
          { label: 'Location', value: event.location },
          { label: 'Organizer', value: event.organizerName ?? 'Unknown organizer' },
          { label: 'Status', value: statusLabel[event.status] },
        ]}
      />
      {event.description ? <p className="detail-description">{event.description}</p> : null}
      <Recipients event={event} />
    </article>
  );
}

function Recipients({ event }: { event: CalendarEventDetail }) {
  const syncState = useSync((state) => state.status?.state);
  const now = useNow();
  const fromSavedData = syncState === 'offline' || syncState === 'error';
  const count = Math.max(event.recipients.length, event.recipientCount);

  return (
    <section className="recipients" aria-label="Recipients">
      <h3>Recipients ({count})</h3>
      {event.recipientsAsOf === null ? (
        <p className="note">
          The recipient list has not been fetched yet{fromSavedData ? ' and you are offline' : ''}. It appears once BRM
          Desktop can reach the server.
        </p>
      ) : fromSavedData ? (
        <p className="note">
          As of {formatDateTime(event.recipientsAsOf)} ({formatAgo(event.recipientsAsOf, now)}): saved data, because the
          server cannot be reached right now.
        </p>
      ) : null}
      {event.recipients.length > 0 ? (
        <ul className="recipient-list">
          {event.recipients.map((recipient) => (
            <li key={`${recipient.email}-${recipient.contactId ?? ''}`} className="recipient">
              <div className="recipient-text">
                <span className="recipient-name">{recipient.name}</span>
                <span className="muted">{recipient.email}</span>
              </div>
              <span className={`pill pill-${recipient.response}`}>{responseLabel[recipient.response]}</span>
            </li>
          ))}
        </ul>
      ) : event.recipientsAsOf !== null ? (
        <p className="muted">{pluralize(0, 'recipient')}: only the organizer attends.</p>
      ) : null}
    </section>
  );
}
