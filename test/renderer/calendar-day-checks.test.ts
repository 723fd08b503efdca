/**
 * The calendar's native-Date localizer checks (renderer/src/views/calendar/native-day-checks.ts) give
 * react-big-calendar's own answers: compared with the library's defaults on seeded events, among
 * them all-day ones, zero-length ones and ones starting or ending at midnight.
 */
import { format, getDay, parse, startOfWeek } from 'date-fns';
import { enUS } from 'date-fns/locale';
import { dateFnsLocalizer } from 'react-big-calendar';
import { describe, expect, it } from 'vitest';
import { dayMarkers } from '../../renderer/src/views/calendar/month-overflow';
import { nativeDayChecks } from '../../renderer/src/views/calendar/native-day-checks';

interface Checks {
  inEventRange(args: { event: Bounds; range: { start: Date; end: Date } }): boolean;
  sortEvents(args: { evtA: Bounds; evtB: Bounds }): number;
  isSameDate(a: Date, b: Date): boolean;
  daySpan(a: Date, b: Date): number;
}
interface Bounds {
  start: Date;
  end: Date;
  allDay?: boolean;
}

const library = dateFnsLocalizer({
  format,
  parse,
  startOfWeek,
  getDay,
  locales: { 'en-US': enUS },
}) as unknown as Checks;
const native = nativeDayChecks as Checks;

/** Seeded pseudo-random numbers in [0, 1) (mulberry32). */
function random(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Seeded events over three months: timed (15-minute steps), all-day (local midnights) and zero-length. */
function events(count: number, seed: number): Bounds[] {
  const next = random(seed);
  const base = new Date(2026, 9, 1);
  return Array.from({ length: count }, () => {
    const day = new Date(base.getFullYear(), base.getMonth(), base.getDate() + Math.floor(next() * 92));
    const kind = next();
    if (kind < 0.15) {
      return {
        start: day,
        end: new Date(day.getFullYear(), day.getMonth(), day.getDate() + 1 + Math.floor(next() * 3)),
        allDay: true,
      };
    }
    const start = new Date(day.getTime() + Math.floor(next() * 96) * 15 * 60_000);
    const minutes = kind < 0.25 ? 0 : 15 * (1 + Math.floor(next() * 12));
    return { start, end: new Date(start.getTime() + minutes * 60_000), allDay: false };
  });
}

describe('native day checks of the calendar localizer', () => {
  const sample = events(600, 20261124);
  const ranges = events(40, 7).map(({ start }) => {
    const from = new Date(start.getFullYear(), start.getMonth(), start.getDate());
    return { start: from, end: new Date(from.getFullYear(), from.getMonth(), from.getDate() + 6, 23, 59, 59, 999) };
  });

  it('find the same events in a range as the library', () => {
    for (const range of ranges)
      for (const event of sample)
        expect([event, native.inEventRange({ event, range })]).toEqual([event, library.inEventRange({ event, range })]);
  });

  it('order events as the library does', () => {
    const ours = [...sample].sort((evtA, evtB) => native.sortEvents({ evtA, evtB }));
    const theirs = [...sample].sort((evtA, evtB) => library.sortEvents({ evtA, evtB }));
    expect(ours).toEqual(theirs);
  });

  it('tell the same days apart and measure the same spans as the library', () => {
    for (let i = 1; i < sample.length; i++) {
      const a = sample[i - 1].start;
      const b = sample[i].end;
      expect(native.isSameDate(a, b)).toBe(library.isSameDate(a, b));
      expect(native.isSameDate(a, sample[i - 1].end)).toBe(library.isSameDate(a, sample[i - 1].end));
      expect(native.daySpan(sample[i].start, b)).toBe(library.daySpan(sample[i].start, b));
    }
  });
});

describe("the month view's day markers", () => {
  it('sort after every timed event of their day, so a cell draws them last', () => {
    const [marker] = dayMarkers([{ date: '2026-11-23', count: 1, titles: ['Intro call'] }]);
    const lunch = { start: new Date(2026, 10, 23, 12, 0), end: new Date(2026, 10, 23, 13, 0) };
    const lateCall = { start: new Date(2026, 10, 23, 22, 0), end: new Date(2026, 10, 23, 23, 30) };
    for (const checks of [library, nativeDayChecks as unknown as Checks]) {
      expect(checks.sortEvents({ evtA: marker, evtB: lunch })).toBeGreaterThan(0);
      expect(checks.sortEvents({ evtA: marker, evtB: lateCall })).toBeGreaterThan(0);
      expect(checks.isSameDate(marker.start, marker.end)).toBe(true);
    }
  });
});
