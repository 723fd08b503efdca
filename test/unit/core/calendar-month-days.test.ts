/**
 * The month view's events capped per day (main/core/areas/calendar/month-days.ts): each day keeps
 * its first events in the grid's order, the rest are counted with their first titles for the day's
 * "+N more", and an event spanning days is kept when it is among the first on any of them.
 */
import { describe, expect, it } from 'vitest';
import { capEventsPerDay } from '../../../main/core/areas/calendar/month-days';
import type { EventSlot } from '../../../main/core/areas/calendar/store';

const hour = 3_600_000;
const day = 24 * hour;
/** A week of days bounded by UTC midnights (the test's "local" midnights). */
const start = Date.parse('2026-11-01T00:00:00Z');
const days = { midnights: Array.from({ length: 8 }, (_, i) => start + i * day), firstDate: '2026-11-01' };

let serial = 0;
function event(title: string, startMs: number, endMs: number, allDay = false): EventSlot {
  serial += 1;
  return { id: `event-${serial}`, title, startMs, endMs, allDay };
}

describe('capEventsPerDay', () => {
  it('keeps the first events of a full day by start time and counts the rest with their titles', () => {
    const monday = start + day;
    const events = Array.from({ length: 30 }, (_, i) =>
      event(`Meeting ${String(i).padStart(2, '0')}`, monday + 8 * hour + (29 - i) * 60_000, monday + 9 * hour),
    );
    const month = capEventsPerDay(events, days, 4);
    expect(month.total).toBe(30);
    expect(month.kept.map((e) => e.title)).toEqual(['Meeting 29', 'Meeting 28', 'Meeting 27', 'Meeting 26']);
    expect(month.more).toHaveLength(1);
    expect(month.more[0].date).toBe('2026-11-02');
    expect(month.more[0].count).toBe(26);
    expect(month.more[0].titles).toHaveLength(20);
    expect(month.more[0].titles[0]).toBe('Meeting 25');
  });

  it('puts all-day events first, keeps one spanning days when it fits on its first day, and counts it on every day it is left out', () => {
    const tuesday = start + 2 * day;
    const fair = event('Trade fair', tuesday, tuesday + 2 * day, true);
    const busyWednesday = Array.from({ length: 3 }, (_, i) =>
      event(`Call ${i}`, tuesday + day + 10 * hour + i * hour, tuesday + day + 10 * hour + (i + 1) * hour),
    );
    const lateFair = event('Late fair', tuesday + day, tuesday + 2 * day, true);
    const month = capEventsPerDay([...busyWednesday, lateFair, fair], days, 2);
    // Tuesday: the fair. Wednesday: the fair (kept on Tuesday), the late fair (all-day first), then no room.
    expect(month.kept.map((e) => e.title)).toEqual(['Trade fair', 'Late fair']);
    expect(month.more).toEqual([{ date: '2026-11-04', count: 3, titles: ['Call 0', 'Call 1', 'Call 2'] }]);
    expect(month.total).toBe(5);
  });

  it('leaves out events outside the days and keeps one that starts before them on the days it covers', () => {
    const before = event('Before', start - 2 * hour, start - hour);
    const across = event('Across midnight', start - hour, start + hour);
    const after = event('After', start + 7 * day, start + 7 * day + hour);
    const month = capEventsPerDay([before, across, after], days, 3);
    expect(month.kept.map((e) => e.title)).toEqual(['Across midnight']);
    expect(month.total).toBe(1);
    expect(month.more).toEqual([]);
  });
});
