/**
 * `CalendarGrid`: react-big-calendar with its drag-and-drop addon, configured for the app: day,
 * week, month and agenda views; a click or a drag on empty time picks a slot for a new event;
 * events move and resize by dragging; overlapping events stay readable (`readable-day-layout.ts`);
 * every event is a keyboard-reachable button named with its time and state.
 */
import { type SyntheticEvent, useCallback, useMemo, useRef } from 'react';
import { Calendar, type EventPropGetter, type SlotInfo } from 'react-big-calendar';
import dragAndDropAddon, { type EventInteractionArgs } from 'react-big-calendar/lib/addons/dragAndDrop';
import 'react-big-calendar/lib/css/react-big-calendar.css';
import 'react-big-calendar/lib/addons/dragAndDrop/styles.css';
import { type CalendarItem, type EventItem, hiddenTitles, isEventItem } from './calendar-items';
import { agendaDays, type CalendarViewName, calendarViews, localizer } from './calendar-range';
import { AgendaEvent, EventContent, WeekDayHeader } from './event-parts';
import { remainingCount } from './month-overflow';
import { readableDayLayout } from './readable-day-layout';
import { useCalendarAria } from './use-calendar-aria';
import { useDayColumnWidth } from './use-day-column-width';
import type { DropArgs } from './use-event-moves';

// The addon is CommonJS (`exports.default`): the production bundle hands over the exports object,
// the test runner the function itself.
const withDragAndDrop =
  (dragAndDropAddon as unknown as { default?: typeof dragAndDropAddon }).default ?? dragAndDropAddon;
const DragAndDropCalendar = withDragAndDrop<CalendarItem>(Calendar);

const components = {
  event: EventContent,
  week: { header: WeekDayHeader },
  day: { header: WeekDayHeader },
  agenda: { event: AgendaEvent },
};
const scrollToTime = new Date(1970, 0, 1, 8, 0, 0);
/**
 * Rows of all-day events above the week and day grids; more go behind "+N more" (the day's list in
 * a popup), so a busy week keeps its hours in sight.
 */
const allDayRows = 3;
/** Day headers read "Sun 22"; agenda days "Sun, Nov 22" (date-fns patterns). */
const formats = { dayFormat: 'EEE d', agendaDateFormat: 'EEE, MMM d' };
const messages = {
  noEventsInRange: `No events in these ${agendaDays} days. Press N to add one.`,
  // The month view's day markers (month-overflow.ts) count the events they stand for.
  showMore: (_count: number, remaining: CalendarItem[]) => `+${remainingCount(remaining)} more`,
};

const eventProps: EventPropGetter<CalendarItem> = (item, _start, _end, selected) => ({
  className:
    item.kind === 'more'
      ? 'event-more-marker'
      : [`event-${item.event.status}`, `event-sync-${item.event.syncState}`, selected ? 'event-selected' : ''].join(
          ' ',
        ),
});

const tooltip = (item: CalendarItem) => (item.kind === 'more' ? hiddenTitles(item, '\n') : item.title);

/** What the grid shows (local dates) and whom it tells about clicks, slots and drops. */
export interface CalendarGridProps {
  view: CalendarViewName;
  date: Date;
  /** The events, and in the month view the days' "+N more" markers (month-overflow.ts). */
  items: CalendarItem[];
  selected: EventItem | undefined;
  onView(view: CalendarViewName): void;
  onNavigate(date: Date): void;
  onSelect(item: EventItem): void;
  /** A "+N more" marker was chosen: show the whole day. */
  onOpenDay(date: Date): void;
  /** Empty time was clicked or dragged over: local bounds of a new event. */
  onPickSlot(start: Date, end: Date): void;
  onMove(item: EventItem, drop: DropArgs, resized: boolean): void;
  /** False for an event the user may not move or resize (it is not draggable). */
  canMove(item: EventItem): boolean;
}

/** Renders the calendar grid. */
export function CalendarGrid(props: CalendarGridProps) {
  const { view, date, items, selected, onView, onNavigate, onSelect, onOpenDay, onPickSlot, onMove, canMove } = props;
  const movable = useCallback((item: CalendarItem) => isEventItem(item) && canMove(item), [canMove]);
  const body = useRef<HTMLDivElement>(null);
  useCalendarAria(body);
  const columnWidth = useDayColumnWidth(body, view);
  const dayLayoutAlgorithm = useMemo(() => readableDayLayout(columnWidth), [columnWidth]);

  const choose = (item: CalendarItem) => (isEventItem(item) ? onSelect(item) : onOpenDay(item.start));
  const chooseByKey = (item: CalendarItem, event: SyntheticEvent<HTMLElement>) => {
    const key = (event as unknown as KeyboardEvent).key;
    if (key === 'Enter' || key === ' ') {
      event.preventDefault();
      choose(item);
    }
  };
  // In the time grid a drop names no `isAllDay`: there it means a time of day. In the month view the kind stays.
  const drop = (resized: boolean) => (args: EventInteractionArgs<CalendarItem>) => {
    if (!isEventItem(args.event)) return;
    const isAllDay = args.isAllDay ?? (view === 'month' ? undefined : false);
    onMove(args.event, { start: args.start, end: args.end, isAllDay }, resized);
  };

  return (
    <div className="calendar-body" ref={body}>
      <DragAndDropCalendar
        localizer={localizer}
        culture="en-US"
        events={items}
        view={view}
        views={[...calendarViews]}
        onView={(next) => onView(calendarViews.find((name) => name === next) ?? 'month')}
        date={date}
        onNavigate={onNavigate}
        toolbar={false}
        drilldownView="day"
        length={agendaDays}
        popup
        allDayMaxRows={allDayRows}
        selectable
        onSelectSlot={(slot: SlotInfo) => onPickSlot(new Date(slot.start), new Date(slot.end))}
        selected={selected}
        onSelectEvent={choose}
        onKeyPressEvent={chooseByKey}
        onEventDrop={drop(false)}
        onEventResize={drop(true)}
        resizable
        draggableAccessor={movable}
        resizableAccessor={movable}
        dayLayoutAlgorithm={dayLayoutAlgorithm}
        eventPropGetter={eventProps}
        tooltipAccessor={tooltip}
        components={components}
        messages={messages}
        formats={formats}
        scrollToTime={scrollToTime}
        style={{ height: '100%' }}
      />
    </div>
  );
}
