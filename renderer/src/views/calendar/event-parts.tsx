/**
 * How events look and are named on the grid. `EventContent` shows the title and the sync state in
 * words, and tells screen readers the event's date, time and status (the time grid shows the time,
 * but only the column shows the day); month-view and all-day events become buttons through
 * `useCalendarAria`. A "+N more" marker says what it opens. `AgendaEvent` makes the agenda's event
 * a button. (No custom `eventWrapper`: the drag-and-drop addon would nest it in a component it
 * re-creates on every render, which remounts every event in the middle of a click.)
 */
import { SyncStateBadge } from '../../components/sync-state-badge';
import { formatTimeRange } from '../../lib/format';
import type { CalendarItem } from './calendar-items';
import { statusLabel } from './event-labels';

/** The `components.event`: the title with the sync state in words; a "+N more" marker says what it opens. */
export function EventContent({ event: item }: { event: CalendarItem; title?: string }) {
  if (item.kind === 'more') {
    return (
      <span className="event-more">
        +{item.hidden.length}
        <span className="visually-hidden"> more events at this time; open the day to see them all</span>
      </span>
    );
  }
  const { startsAt, endsAt, allDay, status, syncState } = item.event;
  return (
    <span className="event-content">
      <span className="event-title">{item.title}</span>
      <span className="visually-hidden">
        , {formatTimeRange(startsAt, endsAt, allDay)}
        {status === 'confirmed' ? '' : `, ${statusLabel[status].toLowerCase()}`}
        {syncState === 'synced' ? '' : `, ${syncState}`}
      </span>
      {/* The state is in the name above already; the badge shows it. */}
      <span aria-hidden="true">
        <SyncStateBadge state={syncState} />
      </span>
    </span>
  );
}

/** The agenda's `components.event`: a button (the agenda selects on a click of the cell around it). */
export function AgendaEvent({ event: item }: { event: CalendarItem; title?: string }) {
  if (item.kind !== 'event') return null;
  const { status, syncState } = item.event;
  return (
    <button type="button" className={`agenda-event agenda-event-${status}`}>
      <span className="event-title">{item.title}</span>
      {status !== 'confirmed' ? <span className={`pill pill-${status}`}>{statusLabel[status]}</span> : null}
      <SyncStateBadge state={syncState} />
    </button>
  );
}

/** The week and day views' day header, without the sortable-column role react-big-calendar gives it by default. */
export function WeekDayHeader({ label }: { label: string }) {
  return <span>{label}</span>;
}
