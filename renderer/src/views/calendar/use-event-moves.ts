/**
 * `useEventMoves`: moving and resizing events by dragging. The new times are drawn at once (marked
 * pending) and saved through `calendar.saveEvent`, which applies them to the cache and queues them
 * for the service; the drawn times give way to the cache's as soon as the calendar has re-read it.
 * A move the contract refuses (over 31 days…) is undone on screen and said in a message.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CalendarEvent, CalendarEventSave } from '../../../../preload/contract';
import { calendarEventSaveSchema } from '../../../../preload/contract';
import { errorMessage } from '../../lib/errors';
import { useBridge, useDataVersion, useUi } from '../../stores/stores-context';
import type { EventItem } from './calendar-items';
import { type EventTimes, timesFromDrop } from './event-times';

/** A drop or resize as react-big-calendar reports it (local Dates; `isAllDay` when dropped in the all-day row). */
export interface DropArgs {
  start: Date | string;
  end: Date | string;
  isAllDay?: boolean;
}

interface Override extends EventTimes {
  /** The data version when the save finished; once the calendar re-read after it, the cache's times count. */
  savedAt?: string;
}

function sameTimes(event: CalendarEvent, times: EventTimes): boolean {
  return (
    event.allDay === times.allDay &&
    Date.parse(event.startsAt) === Date.parse(times.startsAt) &&
    Date.parse(event.endsAt) === Date.parse(times.endsAt)
  );
}

/** The save body of `event` with new times. */
function moved(event: CalendarEvent, times: EventTimes): CalendarEventSave {
  const { id, title, description, location, status } = event;
  return { id, title, description, location, status, ...times };
}

/** The drawn moves and the function that makes one. */
export interface EventMoves {
  /** `events` with the moves still on their way drawn at their new times, marked pending. */
  apply(events: readonly CalendarEvent[]): CalendarEvent[];
  /** Saves `item` at the dropped times (`resized`: its end or start was dragged). */
  move(item: EventItem, drop: DropArgs, resized: boolean): void;
}

/** Keeps the moves of the calendar whose current answer is `events` (re-read while `loading`). */
export function useEventMoves(events: readonly CalendarEvent[] | undefined, loading: boolean): EventMoves {
  const bridge = useBridge();
  const pushToast = useUi((state) => state.pushToast);
  const version = useDataVersion(['calendarEvent']);
  const versionNow = useRef(version);
  versionNow.current = version;
  const [overrides, setOverrides] = useState<ReadonlyMap<string, Override>>(new Map());

  const forget = useCallback((id: string) => {
    setOverrides((current) => {
      if (!current.has(id)) return current;
      const next = new Map(current);
      next.delete(id);
      return next;
    });
  }, []);

  // Drop a drawn move once the cache's answer shows it, or once the calendar re-read after the save.
  useEffect(() => {
    if (!events || overrides.size === 0) return;
    for (const [id, override] of overrides) {
      const event = events.find((e) => e.id === id);
      const reread = override.savedAt !== undefined && override.savedAt !== version && !loading;
      if (!event || sameTimes(event, override) || reread) forget(id);
    }
  }, [events, loading, version, overrides, forget]);

  const move = useCallback(
    (item: EventItem, drop: DropArgs, resized: boolean) => {
      const { event } = item;
      const times = timesFromDrop(
        { start: new Date(drop.start), end: new Date(drop.end), isAllDay: drop.isAllDay },
        event.allDay,
        resized,
      );
      if (sameTimes(event, times)) return;
      const body = moved(event, times);
      const checked = calendarEventSaveSchema.safeParse(body);
      if (!checked.success) {
        pushToast({
          title: `“${event.title}” was not ${resized ? 'resized' : 'moved'}`,
          body: checked.error.issues[0]?.message ?? 'Those times are not allowed.',
        });
        return;
      }
      setOverrides((current) => new Map(current).set(event.id, times));
      bridge.call('calendar.saveEvent', { event: checked.data }).then(
        () =>
          setOverrides((current) => {
            const override = current.get(event.id);
            return override ? new Map(current).set(event.id, { ...override, savedAt: versionNow.current }) : current;
          }),
        (reason: unknown) => {
          forget(event.id);
          pushToast({ title: `“${event.title}” was not ${resized ? 'resized' : 'moved'}`, body: errorMessage(reason) });
        },
      );
    },
    [bridge, pushToast, forget],
  );

  const apply = useCallback(
    (list: readonly CalendarEvent[]) =>
      list.map((event) => {
        const override = overrides.get(event.id);
        if (!override) return event;
        const { startsAt, endsAt, allDay } = override;
        return { ...event, startsAt, endsAt, allDay, syncState: 'pending' as const };
      }),
    [overrides],
  );

  return { apply, move };
}
