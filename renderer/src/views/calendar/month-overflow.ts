/**
 * The month view's events, capped per day by the core (`calendar.listMonth`,
 * main/core/areas/calendar/month-days.ts): react-big-calendar lays out every event it is given,
 * with date arithmetic per event and per week row, though a day cell shows only a few; at the
 * design's 20,000 events over three months (hundreds a day) that took 200 ms and more per month
 * shown (docs/PERFORMANCE.md). The core keeps each day's first events; the rest of a day is one
 * "+N more" marker (a `MoreItem`, drawn last in the cell), which opens the day like the week
 * view's markers.
 */
import { addDays, format } from 'date-fns';
import type { CalendarDayMore } from '../../../../preload/contract';
import type { CalendarItem, MoreItem } from './calendar-items';

/** Events kept per day of the month view: more than a day cell shows at any usual window height. */
export const monthEventsPerDay = 10;

/** The `calendar.listMonth` input for the days from `from` (local midnight) to `to` (exclusive). */
export function monthQuery(from: Date, to: Date) {
  const midnights: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) midnights.push(day.toISOString());
  return { midnights, firstDate: format(from, 'yyyy-MM-dd'), perDay: monthEventsPerDay };
}

/**
 * The markers of the days with events left out: each the minute before the day's last one, so the
 * grid sorts it after the day's events. It ends before midnight: a marker ending at the next day's
 * midnight spans two dates in the grid's order (longer spans first) and was drawn among the day's
 * first events.
 */
export function dayMarkers(more: readonly CalendarDayMore[]): MoreItem[] {
  return more.map(({ date, count, titles }) => {
    const [year, month, day] = date.split('-').map(Number);
    const midnight = new Date(year, month - 1, day + 1).getTime();
    return {
      kind: 'more',
      hidden: [],
      count,
      titles,
      title: `+${count} more`,
      start: new Date(midnight - 120_000),
      end: new Date(midnight - 60_000),
      allDay: false,
    };
  });
}

/**
 * How many events a react-big-calendar "+N more" link of the month view stands for: its remaining
 * items, each marker counting the events it stands for.
 */
export function remainingCount(remaining: readonly CalendarItem[]): number {
  return remaining.reduce((sum, item) => sum + (item.kind === 'more' ? item.count : 1), 0);
}
