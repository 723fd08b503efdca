/**
 * The month view's events capped per day (`calendar.listMonth`, preload/contract/calendar.ts). A
 * month cell shows a few events and "+N more"; the design scale (docs/PERFORMANCE.md: 20,000 events
 * over three months) has hundreds a day, and handing all of them to the renderer's grid cost over
 * 150 ms per month shown. Each day keeps its first `perDay` events in the grid's order (earlier
 * start day, longer span, all-day first, then by start and end time, as react-big-calendar sorts a
 * week row); an event spanning several days is kept when it is among the first on any of them. The
 * rest of each day is counted, with the first titles, for its "+N more" marker.
 */
import type { CalendarDayMore, CalendarEvent } from '../../../../preload/contract';
import type { EventSlot } from './store';

const dayMs = 86_400_000;
/** Titles listed per day left out (the marker's tooltip and its words for screen readers). */
const titlesPerDay = 20;

/** The days of a month view: the instants bounding them (local midnights, epoch ms) and the first day's date. */
export interface MonthDays {
  midnights: readonly number[];
  /** The first day's local date, YYYY-MM-DD. */
  firstDate: string;
}

interface Placed {
  slot: EventSlot;
  startDay: number;
  firstDay: number;
  lastDay: number;
}

/** The days' first events (`kept`, in the grid's order), what each fuller day leaves out, and how many events the days hold. */
export interface CappedDays {
  kept: EventSlot[];
  more: CalendarDayMore[];
  total: number;
}

/** Where `event` lies (its bounds as epoch ms). */
export function slotOf(event: CalendarEvent): EventSlot {
  const { id, title, allDay } = event;
  return { id, title, allDay, startMs: Date.parse(event.startsAt), endMs: Date.parse(event.endsAt) };
}

/**
 * Caps `slots` (any order; those outside the days are left out) to `perDay` a day. Timed events
 * fall on the days their instants do; all-day events on the days of their UTC dates (their bounds
 * are UTC midnights, end exclusive), as the renderer draws them (renderer/src/views/calendar/event-times.ts).
 */
export function capEventsPerDay(slots: readonly EventSlot[], days: MonthDays, perDay: number): CappedDays {
  const { midnights } = days;
  const dayCount = midnights.length - 1;
  const firstUtcDay = Date.parse(`${days.firstDate}T00:00:00Z`) / dayMs;
  const dayOf = (time: number) => {
    let low = 0;
    let high = midnights.length;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (midnights[middle] <= time) low = middle + 1;
      else high = middle;
    }
    return low - 1;
  };
  const placed: Placed[] = [];
  for (const slot of slots) {
    const { startMs, endMs } = slot;
    let startDay: number;
    let endDay: number;
    if (slot.allDay) {
      startDay = Math.floor(startMs / dayMs) - firstUtcDay;
      endDay = Math.max(startDay, Math.ceil(endMs / dayMs) - firstUtcDay - 1);
    } else {
      startDay = dayOf(startMs);
      endDay = endMs > startMs ? dayOf(endMs - 1) : startDay;
    }
    const firstDay = Math.max(0, startDay);
    const lastDay = Math.min(dayCount - 1, endDay);
    if (firstDay <= lastDay) placed.push({ slot, startDay, firstDay, lastDay });
  }
  placed.sort(
    (a, b) =>
      a.startDay - b.startDay ||
      b.lastDay - b.startDay - (a.lastDay - a.startDay) ||
      Number(b.slot.allDay) - Number(a.slot.allDay) ||
      a.slot.startMs - b.slot.startMs ||
      a.slot.endMs - b.slot.endMs,
  );
  const shownOn = new Array<number>(dayCount).fill(0);
  const more = Array.from(
    { length: dayCount },
    (_, day): CalendarDayMore => ({
      date: new Date((firstUtcDay + day) * dayMs).toISOString().slice(0, 10),
      count: 0,
      titles: [],
    }),
  );
  const kept: EventSlot[] = [];
  for (const entry of placed) {
    let fits = false;
    for (let day = entry.firstDay; day <= entry.lastDay && !fits; day++) fits = shownOn[day] < perDay;
    for (let day = entry.firstDay; day <= entry.lastDay; day++) {
      if (fits) shownOn[day] += 1;
      else {
        more[day].count += 1;
        if (more[day].titles.length < titlesPerDay) more[day].titles.push(entry.slot.title);
      }
    }
    if (fits) kept.push(entry.slot);
  }
  return { kept, more: more.filter((day) => day.count > 0), total: placed.length };
}
