/**
 * Calendar: month and week views (react-big-calendar) of the events in the visible range, read
 * from the core and re-read when calendar events change; the selected event's details on the right.
 */
import { parseISO } from 'date-fns';
import { type SyntheticEvent, useCallback, useMemo, useRef, useState } from 'react';
import { Calendar, type EventPropGetter } from 'react-big-calendar';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import { DetailPane } from '../../components/detail-pane';
import { ErrorBanner } from '../../components/error-banner';
import { useBridgeQuery } from '../../lib/use-bridge-query';
import { type CalendarViewName, localizer, periodHeading, step, visibleRange } from './calendar-range';
import { CalendarToolbar, CalendarViewSwitch } from './calendar-toolbar';
import { EventDetail } from './event-detail';
import { AccessibleEventWrapper, type CalendarItem, WeekDayHeader } from './event-wrapper';
import { useCalendarAria } from './use-calendar-aria';
import './calendar.css';

const components = { eventWrapper: AccessibleEventWrapper, week: { header: WeekDayHeader } };
const views: CalendarViewName[] = ['month', 'week'];
const scrollToTime = new Date(1970, 0, 1, 8, 0, 0);

const eventProps: EventPropGetter<CalendarItem> = (item, _start, _end, selected) => ({
  className: [`event-${item.event.status}`, selected ? 'event-selected' : ''].join(' '),
});

/** Renders the calendar view. */
export function CalendarView() {
  const [view, setView] = useState<CalendarViewName>('month');
  const [date, setDate] = useState(() => new Date());
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const body = useRef<HTMLDivElement>(null);
  useCalendarAria(body);

  const range = useMemo(() => visibleRange(date, view), [date, view]);
  const { data, error, loading, reload } = useBridgeQuery(
    'calendar.listEvents',
    { from: range.from.toISOString(), to: range.to.toISOString() },
    ['calendarEvent'],
  );

  const items = useMemo<CalendarItem[]>(
    () =>
      (data ?? []).map((event) => ({
        event,
        title: event.title,
        start: parseISO(event.startsAt),
        end: parseISO(event.endsAt),
        allDay: event.allDay,
      })),
    [data],
  );
  const selected = useMemo(() => items.find((item) => item.event.id === selectedId), [items, selectedId]);

  const select = useCallback((item: CalendarItem) => setSelectedId(item.event.id), []);
  const selectByKey = useCallback((item: CalendarItem, event: SyntheticEvent<HTMLElement>) => {
    const key = (event as unknown as KeyboardEvent).key;
    if (key === 'Enter' || key === ' ') {
      event.preventDefault();
      setSelectedId(item.event.id);
    }
  }, []);

  const period = view === 'month' ? 'this month' : 'this week';
  let note: string | null = null;
  if (loading && !data) note = 'Loading events…';
  else if (data && data.length === 0) note = `No events ${period}`;
  else if (data) note = `${data.length} ${data.length === 1 ? 'event' : 'events'}`;

  return (
    // The detail follows the visible range: an event selected in another week or month is not shown.
    <DetailPane detailLabel="Event details" detail={<EventDetail id={selected ? selectedId : null} />}>
      <header className="view-header view-header-row view-header-compact">
        <h1>Calendar</h1>
        <CalendarViewSwitch view={view} onView={setView} />
      </header>
      <CalendarToolbar
        heading={periodHeading(date, view)}
        view={view}
        note={note}
        onToday={() => setDate(new Date())}
        onStep={(direction) => setDate((current) => step(current, view, direction))}
      />
      {error ? <ErrorBanner message={`Events could not be loaded: ${error}`} onRetry={reload} /> : null}
      <div className="calendar-body" ref={body}>
        <Calendar<CalendarItem>
          localizer={localizer}
          culture="en-US"
          events={items}
          view={view}
          views={views}
          onView={(next) => setView(next === 'week' ? 'week' : 'month')}
          date={date}
          onNavigate={setDate}
          toolbar={false}
          drilldownView={null}
          popup
          selected={selected}
          onSelectEvent={select}
          onKeyPressEvent={selectByKey}
          eventPropGetter={eventProps}
          components={components}
          scrollToTime={scrollToTime}
          style={{ height: '100%' }}
        />
      </div>
    </DetailPane>
  );
}
