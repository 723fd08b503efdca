/**
 * Native-Date versions of the checks react-big-calendar's localizer runs per event and per day
 * column (`inEventRange`, `sortEvents`, `isSameDate`, `daySpan`), with the library's results: day
 * starts in local time and whole minutes, as its defaults compute them. The defaults go through
 * generic date arithmetic (a copy of the date per unit and per comparison); at the design scale's
 * ~1,800 events of a week (docs/PERFORMANCE.md) they took ~35 ms of each render of the week view.
 * Handed to the localizer in calendar-range.ts (the library's DateLocalizer takes them in its spec).
 */

type DateLike = Date | number | string;

/** The start of `date`'s local day, epoch ms (01:00 where a DST change skips midnight, as the library). */
function dayStart(date: DateLike): number {
  const copy = new Date(date);
  copy.setHours(0, 0, 0, 0);
  return copy.getTime();
}

/** `date` in whole minutes since the epoch. */
const minute = (date: DateLike) => Math.floor(+new Date(date) / 60_000);

/** The library's `daySpan`: the difference of the two dates' days of the month (its `duration` in days). */
function daySpan(start: DateLike, end: DateLike): number {
  return Math.abs(new Date(start).getDate() - new Date(end).getDate());
}

interface Bounds {
  start: Date;
  end: Date;
  allDay?: boolean;
}

/** True when the event touches the range (the library's `inEventRange`; a zero-length event at the range's start counts). */
function inEventRange({ event, range }: { event: Bounds; range: { start: Date; end: Date } }): boolean {
  const eventDay = dayStart(event.start);
  const startsBeforeEnd = eventDay <= dayStart(range.end);
  const endMinute = minute(event.end);
  const rangeStartMinute = minute(range.start);
  const endsAfterStart = minute(eventDay) !== endMinute ? endMinute > rangeStartMinute : endMinute >= rangeStartMinute;
  return startsBeforeEnd && endsAfterStart;
}

/** The library's event order: start day, longer spans first, all-day first, then start and end times. */
function sortEvents({ evtA, evtB }: { evtA: Bounds; evtB: Bounds }): number {
  return (
    dayStart(evtA.start) - dayStart(evtB.start) ||
    daySpan(evtB.start, evtB.end) - daySpan(evtA.start, evtA.end) ||
    Number(!!evtB.allDay) - Number(!!evtA.allDay) ||
    +evtA.start - +evtB.start ||
    +evtA.end - +evtB.end
  );
}

/** True when both dates are on the same local day. */
function isSameDate(a: DateLike, b: DateLike): boolean {
  return dayStart(a) === dayStart(b);
}

/** The checks to put in react-big-calendar's localizer in place of its defaults. */
export const nativeDayChecks = { inEventRange, sortEvents, isSameDate, daySpan };
