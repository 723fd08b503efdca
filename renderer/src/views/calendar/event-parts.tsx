/**
 * How events look and are named on the grid. `EventContent` shows the title and the sync state in
 * words and tells screen readers the date, time and status; `useCalendarAria` makes month-view and
 * all-day events buttons. A "+N more" marker names the events it stands for. `AgendaEvent` makes
 * the agenda's event a button. (No custom `eventWrapper`: the drag-and-drop addon would nest it in
 * a component it re-creates on every render, which remounts every event in the middle of a click.)
 */
import { SyncStateBadge } from '../../components/sync-state-badge';
import { formatTimeRange } from '../../lib/format';
import { type CalendarItem, type EventItem, hiddenTitles } from './calendar-items';
import { statusLabel } from './event-labels';

/** The words screen readers get after the title: "on Thu, Nov 5, 2026 · 10:00 AM – 11:00 AM (tentative)". */
function whenWords(item: EventItem): string {
  const { startsAt, endsAt, allDay, status } = item.event;
  const state = status === 'confirmed' ? '' : ` (${statusLabel[status].toLowerCase()})`;
  return `on ${formatTimeRange(startsAt, endsAt, allDay)}${state}`;
}

/**
 * The `components.event`: the title with the sync state in words, and for screen readers the date,
 * time and status (in the time grid only the column shows the day). A "+N more" marker names the
 * events it stands for. The event's name comes from this content, so it always holds what is seen.
 */
export function EventContent({ event: item }: { event: CalendarItem; title?: string }) {
  if (item.kind === 'more') {
    const titles = hiddenTitles(item, ', ');
    return (
      <span className="event-more">
        +{item.count}{' '}
        <span className="visually-hidden">more events at this time: {titles}. Open the day to see them all.</span>
      </span>
    );
  }
  return (
    // The spaces between the parts keep the words apart in the name; a flex box does not draw them.
    <span className="event-content">
      <span className="event-title">{item.title}</span> <span className="visually-hidden">{whenWords(item)}</span>{' '}
      <SyncStateBadge state={item.event.syncState} />
    </span>
  );
}

/** The agenda's `components.event`: a button (the agenda selects on a click of the cell around it). */
export function AgendaEvent({ event: item }: { event: CalendarItem; title?: string }) {
  if (item.kind !== 'event') return null;
  const { status, syncState } = item.event;
  return (
    <button type="button" className={`agenda-event agenda-event-${status}`}>
      <span className="event-title">{item.title}</span>{' '}
      {status !== 'confirmed' ? <span className={`pill pill-${status}`}>{statusLabel[status]}</span> : null}{' '}
      <SyncStateBadge state={syncState} />
    </button>
  );
}

/** The week and day views' day header, without the sortable-column role react-big-calendar gives it by default. */
export function WeekDayHeader({ label }: { label: string }) {
  return <span>{label}</span>;
}
