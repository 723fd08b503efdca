/**
 * Calendar: day, week, month and agenda views (react-big-calendar) of the events in the visible
 * range, read from the core and re-read when calendar events change; the selected event's details
 * on the right. Events are created (a slot, the toolbar, N or the palette), edited, moved and
 * resized by dragging, deleted (asked first) and their recipients changed; every edit is applied
 * to the cache at once and queued for the service, so all of it works offline. What the access
 * rules refuse on an event (`saveCalendar`, `deleteCalendar`, `addRecipients`: lib/use-access.ts)
 * is not offered: its buttons say why, its keys say it in a toast, and it cannot be dragged.
 */
import { addDays } from 'date-fns';
import { useCallback, useDeferredValue, useEffect, useMemo, useRef, useState } from 'react';
import type { CalendarEventDetail, ContactRow } from '../../../../preload/contract';
import { ConfirmDialog } from '../../components/confirm-dialog';
import { DetailPane } from '../../components/detail-pane';
import { ErrorBanner } from '../../components/error-banner';
import { errorMessage } from '../../lib/errors';
import { fullName, pluralize } from '../../lib/format';
import { type OperationId, useAccessJudge } from '../../lib/use-access';
import { useBridgeQuery } from '../../lib/use-bridge-query';
import { useOnline } from '../../lib/use-online';
import { useRefusalGuard } from '../../lib/use-refusal-guard';
import { useSelectedRecord, useViewAction } from '../../lib/use-view-state';
import { useBridge, useUi } from '../../stores/stores-context';
import { CalendarGrid } from './calendar-grid';
import { type EventItem, itemOfEvent } from './calendar-items';
import { useCalendarKeys } from './calendar-keys';
import { type CalendarViewName, periodHeading, periodNoun, step, visibleRange } from './calendar-range';
import { CalendarRangeCheck } from './calendar-range-check';
import { CalendarShare } from './calendar-share';
import { CalendarToolbar, CalendarViewSwitch } from './calendar-toolbar';
import { EventDetail } from './event-detail';
import { EventDialog, type EventDialogRequest } from './event-dialog';
import { defaultNewBounds, displayBounds } from './event-times';
import { RecipientPicker } from './recipient-picker';
import { dayMarkers, monthQuery } from './month-overflow';
import { useEventMoves } from './use-event-moves';
import './calendar.css';

type OpenDialog =
  | { kind: 'event'; request: EventDialogRequest; seq: number }
  | { kind: 'delete'; event: CalendarEventDetail }
  | { kind: 'invite'; event: CalendarEventDetail };

const noSelection = {
  title: 'No event selected',
  body: 'Click an event, or move to it with Tab and press Enter, then try again.',
};

/** Renders the calendar view. */
export function CalendarView() {
  const bridge = useBridge();
  const online = useOnline();
  const pushToast = useUi((state) => state.pushToast);
  const [view, setView] = useState<CalendarViewName>('month');
  const [date, setDate] = useState(() => new Date());
  const [selectedId, select] = useSelectedRecord('calendar');
  const [dialog, setDialog] = useState<OpenDialog | null>(null);
  const dialogSeq = useRef(0);

  const range = useMemo(() => visibleRange(date, view), [date, view]);
  // The month view asks the core for each day's first events (month-overflow.ts); the others for
  // every event of the range. All-day events are drawn on their UTC date: a day more on each side.
  const month = view === 'month';
  const listed = useBridgeQuery(
    'calendar.listEvents',
    month ? null : { from: addDays(range.from, -1).toISOString(), to: addDays(range.to, 1).toISOString() },
    ['calendarEvent'],
  );
  const monthInput = useMemo(() => (month ? monthQuery(range.from, range.to) : null), [month, range]);
  const monthly = useBridgeQuery('calendar.listMonth', monthInput, ['calendarEvent']);
  const { error, loading, reload } = month ? monthly : listed;
  const data = month ? monthly.data?.events : listed.data;
  const moves = useEventMoves(data, loading);
  const items = useMemo(() => moves.apply(data ?? []).map(itemOfEvent), [data, moves.apply]);
  const gridItems = useMemo(
    () => (month && monthly.data ? [...items, ...dayMarkers(monthly.data.more)] : items),
    [items, month, monthly.data],
  );
  // The grid lays out a new period's events (up to ~1,800 a week at the design scale) in a render
  // React may split, so stepping quickly through weeks leaves no long task (docs/PERFORMANCE.md).
  // Never another view's events meanwhile: after a switch of view the grid waits for its own.
  const gridOfView = useMemo(() => ({ view, items: gridItems }), [view, gridItems]);
  const deferredGrid = useDeferredValue(gridOfView);
  const shownItems = deferredGrid.view === view ? deferredGrid.items : gridItems;
  const shownCount =
    month && monthly.data
      ? monthly.data.total
      : items.filter((item) => item.end > range.from && item.start < range.to).length;
  const selected = items.find((item) => item.event.id === selectedId);
  const detail = useBridgeQuery('calendar.getEvent', selectedId ? { id: selectedId } : null, [
    'calendarEvent',
    'outbox',
  ]);
  const event = detail.data ?? null;

  // An event selected elsewhere (the palette, a notification, a new event) brings the calendar to its date,
  // once. An event created here keeps its local id until the service has it: the selection follows its new id.
  const broughtInto = useRef<string | null>(null);
  useEffect(() => {
    if (!event || !selectedId) return;
    if (event.id !== selectedId) {
      if (broughtInto.current === selectedId) broughtInto.current = event.id;
      select(event.id);
      return;
    }
    if (broughtInto.current === event.id) return;
    broughtInto.current = event.id;
    const { start } = displayBounds(event);
    if (start < range.from || start >= range.to) setDate(start);
  }, [event, selectedId, select, range]);

  function newEvent(start?: Date, end?: Date) {
    const bounds = start && end ? { start, end } : defaultNewBounds(date);
    setDialog({ kind: 'event', request: { mode: 'new', ...bounds }, seq: ++dialogSeq.current });
  }

  const judge = useAccessJudge();
  const guard = useRefusalGuard();
  // Stable while the user is, so the grid's drag-and-drop does not draw every event again.
  const canMove = useCallback((item: EventItem) => judge('saveCalendar', item.event).allowed, [judge]);
  function withEvent(operation: OperationId, open: (event: CalendarEventDetail) => void) {
    if (event && event.id === selectedId) guard(judge(operation, event), () => open(event));
    else pushToast(noSelection);
  }

  useViewAction('calendar', 'new', () => newEvent());
  useCalendarKeys({
    edit: () =>
      withEvent('saveCalendar', (e) =>
        setDialog({ kind: 'event', request: { mode: 'edit', event: e }, seq: ++dialogSeq.current }),
      ),
    remove: () => withEvent('deleteCalendar', (e) => setDialog({ kind: 'delete', event: e })),
    invite: () => withEvent('addRecipients', (e) => setDialog({ kind: 'invite', event: e })),
    today: () => setDate(new Date()),
    step: (direction) => setDate((current) => step(current, view, direction)),
    view: setView,
  });

  function saved(savedEvent: CalendarEventDetail, created: boolean) {
    setDialog(null);
    select(savedEvent.id);
    pushToast({
      title: created ? `“${savedEvent.title}” added` : `“${savedEvent.title}” saved`,
      body: online
        ? 'It is sent to the service with the next sync.'
        : 'You are offline: it is sent once the service can be reached.',
    });
  }

  async function confirmDelete(target: CalendarEventDetail) {
    setDialog(null);
    try {
      await bridge.call('calendar.deleteEvent', { id: target.id });
      select(null);
      pushToast({
        title: `“${target.title}” deleted`,
        body: online
          ? 'It is removed from the service with the next sync.'
          : 'You are offline: it is removed from the service once it can be reached.',
      });
    } catch (reason) {
      pushToast({ title: `“${target.title}” was not deleted`, body: errorMessage(reason) });
    }
  }

  function invited(target: CalendarEventDetail, contacts: ContactRow[], done: boolean) {
    if (done) setDialog(null);
    detail.reload();
    const names = contacts.slice(0, 3).map(fullName).join(', ');
    pushToast({
      title: `Invited ${pluralize(contacts.length, 'person', 'people')} to “${target.title}”`,
      body: `${names}${contacts.length > 3 ? ` and ${contacts.length - 3} more` : ''}.${online ? '' : ' You are offline: the invitations go out once the service can be reached.'}`,
    });
  }

  let note: string | null = null;
  if (loading && !data) note = 'Loading events…';
  else if (data && shownCount === 0) note = `No events this ${periodNoun[view]}`;
  else if (data) note = pluralize(shownCount, 'event');

  return (
    <DetailPane
      detailLabel="Event details"
      detail={
        <EventDetail
          id={selectedId}
          query={detail}
          onEdit={(e) => setDialog({ kind: 'event', request: { mode: 'edit', event: e }, seq: ++dialogSeq.current })}
          onDelete={(e) => setDialog({ kind: 'delete', event: e })}
          onInvite={(e) => setDialog({ kind: 'invite', event: e })}
        />
      }
    >
      <header className="view-header view-header-row view-header-compact">
        <h1>Calendar</h1>
        <CalendarViewSwitch view={view} onView={setView} />
        <CalendarShare />
      </header>
      <CalendarToolbar
        heading={periodHeading(date, view)}
        view={view}
        note={note}
        onToday={() => setDate(new Date())}
        onStep={(direction) => setDate((current) => step(current, view, direction))}
        onNew={() => newEvent()}
      />
      <CalendarRangeCheck from={range.from} to={range.to} />
      {error ? <ErrorBanner message={`Events could not be loaded: ${error}`} onRetry={reload} /> : null}
      <CalendarGrid
        view={view}
        date={date}
        items={shownItems}
        selected={selected}
        onView={setView}
        onNavigate={setDate}
        onSelect={(item) => select(item.event.id)}
        onOpenDay={(day) => {
          setDate(day);
          setView('day');
        }}
        onPickSlot={newEvent}
        canMove={canMove}
        onMove={(item, drop, resized) =>
          guard(judge('saveCalendar', item.event), () => moves.move(item, drop, resized))
        }
      />
      {dialog?.kind === 'event' ? (
        <EventDialog
          key={dialog.seq}
          request={dialog.request}
          onClose={() => setDialog(null)}
          onSaved={(savedEvent) => saved(savedEvent, dialog.request.mode === 'new')}
        />
      ) : null}
      <ConfirmDialog
        open={dialog?.kind === 'delete'}
        title="Delete event?"
        message={
          dialog?.kind === 'delete'
            ? `“${dialog.event.title}” is removed from your calendar now and from the service with the next sync, for everyone invited.`
            : ''
        }
        confirmLabel="Delete event"
        onConfirm={() => dialog?.kind === 'delete' && void confirmDelete(dialog.event)}
        onCancel={() => setDialog(null)}
      />
      {dialog?.kind === 'invite' ? (
        <RecipientPicker
          event={dialog.event}
          onClose={() => setDialog(null)}
          onInvited={(contacts, done) => invited(dialog.event, contacts, done)}
        />
      ) : null}
    </DetailPane>
  );
}
