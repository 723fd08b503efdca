/**
 * The calendar's pure rules: the readable day layout (overlapping events side by side, never
 * narrower than `minEventPx`, the rest behind "+N more"), the times a drag produces, and how a
 * pasted list is split and matched to contacts.
 */
import { describe, expect, it } from 'vitest';
import type { ContactRow } from '../../preload/contract';
import { type EventItem, itemOfEvent } from '../../renderer/src/views/calendar/calendar-items';
import { timesFromDrop } from '../../renderer/src/views/calendar/event-times';
import { matchEntries, splitPastedList } from '../../renderer/src/views/calendar/pasted-list';
import {
  type Interval,
  minEventPx,
  moreMarkerPx,
  planDay,
  readableDayLayout,
} from '../../renderer/src/views/calendar/readable-day-layout';
import { eventAt } from './fakes-calendar';

const hour = 3_600_000;
const at = (h: number) => Date.UTC(2026, 10, 5) + h * hour;
const span = (from: number, to: number): Interval => ({ start: at(from), end: at(to) });
const four = [span(10, 11), span(10, 11), span(10, 11.5), span(10.5, 12)];

describe('the readable day layout', () => {
  it('puts overlapping events side by side when the day is wide enough', () => {
    const plan = planDay(four, 4 * minEventPx + 10);
    expect(plan.hidden).toEqual([]);
    expect(plan.shown.map((p) => p.column).sort()).toEqual([0, 1, 2, 3]);
    expect(plan.shown.every((p) => p.columns === 4 && p.share === 1 && p.span === 1)).toBe(true);
  });

  it('never draws an event narrower than the minimum: the rest go behind one "+N more" run', () => {
    const narrow = 85;
    const plan = planDay(four, narrow);
    expect(plan.shown).toHaveLength(1);
    const [shown] = plan.shown;
    expect(shown.share * narrow).toBeGreaterThanOrEqual(narrow - moreMarkerPx - 0.001);
    expect((shown.share * narrow) / shown.columns).toBeLessThan(narrow);
    expect(plan.hidden).toEqual([{ indexes: expect.any(Array), start: at(10), end: at(12), share: shown.share }]);
    expect(plan.hidden[0].indexes).toHaveLength(3);

    const wider = planDay(four, 200);
    expect(wider.shown).toHaveLength(2);
    expect((wider.shown[0].share * 200) / wider.shown[0].columns >= minEventPx).toBe(true);
    expect(wider.hidden.flatMap((run) => run.indexes)).toHaveLength(2);
  });

  it('stretches an event over the free columns to its right, and lays out separate groups on their own', () => {
    const plan = planDay([span(9, 12), span(9, 10), span(9, 10), span(10, 11), span(14, 15)], 1000);
    const byIndex = new Map(plan.shown.map((p) => [p.index, p]));
    expect(byIndex.get(3)).toMatchObject({ column: 1, span: 2, columns: 3 });
    expect(byIndex.get(0)).toMatchObject({ column: 0, span: 1 });
    expect(byIndex.get(4)).toMatchObject({ column: 0, span: 1, columns: 1 });
  });

  it('gives react-big-calendar percentages and a "+N more" item naming the hidden events', () => {
    const base = new Date(2026, 10, 5, 10);
    const items: EventItem[] = [0, 1, 2, 3].map((n) =>
      itemOfEvent(eventAt(n + 1, `Meeting ${n + 1}`, base, new Date(base.getTime() + hour))),
    );
    const slotMetrics = {
      getRange: (start: Date, end: Date) => ({
        top: start.getHours(),
        height: (end.getTime() - start.getTime()) / hour,
      }),
    };
    const styled = readableDayLayout(90)({ events: items, minimumStartDifference: 30, slotMetrics });
    const more = styled.find((s) => s.event.kind === 'more');
    expect(more?.event.kind === 'more' && more.event.hidden.map((h) => h.title)).toEqual([
      'Meeting 2',
      'Meeting 3',
      'Meeting 4',
    ]);
    expect(more?.event.title).toBe('+3 more');
    const shown = styled.filter((s) => s.event.kind === 'event');
    expect(shown).toHaveLength(1);
    expect(shown[0].style.width + (more?.style.width ?? 0)).toBeCloseTo(100);
    expect(more?.style.xOffset).toBeCloseTo(shown[0].style.width);
  });
});

describe('the times of a drag', () => {
  it('turns a timed event dropped in the all-day row into whole days, and an all-day event on a time into one hour', () => {
    const start = new Date(2026, 10, 5, 0, 0);
    expect(timesFromDrop({ start, end: new Date(2026, 10, 6, 0, 0), isAllDay: true }, false, false)).toEqual({
      startsAt: '2026-11-05T00:00:00.000Z',
      endsAt: '2026-11-06T00:00:00.000Z',
      allDay: true,
    });
    const slot = new Date(2026, 10, 5, 14, 0);
    expect(timesFromDrop({ start: slot, end: new Date(2026, 10, 6, 14, 0), isAllDay: false }, true, false)).toEqual({
      startsAt: slot.toISOString(),
      endsAt: new Date(2026, 10, 5, 15, 0).toISOString(),
      allDay: false,
    });
    const end = new Date(2026, 10, 5, 16, 30);
    expect(timesFromDrop({ start: slot, end }, false, true)).toEqual({
      startsAt: slot.toISOString(),
      endsAt: end.toISOString(),
      allDay: false,
    });
  });
});

describe('a pasted list', () => {
  it('splits on lines, commas and semicolons, and takes the address out of "Name <address>"', () => {
    expect(splitPastedList('Ada Lovelace <ada@example.com>; bob@example.com\n\nCarl Jung ,  ')).toEqual([
      'ada@example.com',
      'bob@example.com',
      'Carl Jung',
    ]);
  });

  it('matches an address exactly and a name when one contact has it; the rest stay with the reason', async () => {
    const row = (id: string, firstName: string, lastName: string, email: string) =>
      ({ id, firstName, lastName, email }) as ContactRow;
    const contacts = [
      row('1', 'Ada', 'Lovelace', 'ada@example.com'),
      row('2', 'Ada', 'Byron', 'byron@example.com'),
      row('3', 'Carl', 'Jung', 'carl@example.com'),
    ];
    const search = async (query: string) =>
      contacts.filter((c) => `${c.firstName} ${c.lastName} ${c.email}`.toLowerCase().includes(query.toLowerCase()));
    const outcome = await matchEntries(['ada@example.com', 'Carl Jung', 'Ada', 'nobody@example.com'], search);
    expect(outcome.matched.map(({ entry, contact }) => [entry, contact.id])).toEqual([
      ['ada@example.com', '1'],
      ['Carl Jung', '3'],
    ]);
    expect(outcome.unmatched).toEqual([
      { entry: 'Ada', reason: 'several contacts' },
      { entry: 'nobody@example.com', reason: 'not found' },
    ]);
  });
});
