/**
 * A day-column layout for react-big-calendar's week and day views (its `dayLayoutAlgorithm`) that
 * keeps overlapping events readable. Events that overlap in time sit side by side in columns (like
 * the library's "no-overlap" layout, each stretched over free columns to its right), but never
 * narrower than `minEventPx`: when a group needs more columns than the day is wide enough for, the
 * columns that fit are shown and the rest are summed up by a "+N more" marker at the column's right
 * edge, over the time those events take. The marker opens the day view, where the day has the
 * whole width.
 */
import type { CalendarItem, EventItem, MoreItem } from './calendar-items';

/** The narrowest an event is drawn, px: about ten characters of its title at the grid's 12 px. */
export const minEventPx = 64;
/** The width of a "+N more" marker, px. */
export const moreMarkerPx = 24;

/** One event's interval, ms since epoch. */
export interface Interval {
  start: number;
  end: number;
}

/**
 * Where an interval goes: its column, how many columns it spans, how many columns its group has,
 * and the share of the day's width (0–1) those columns take (less than 1 beside a "+N more" marker).
 */
export interface ColumnPlacement {
  index: number;
  column: number;
  span: number;
  columns: number;
  share: number;
}

/** A run of events that did not fit, by their indexes, with the time they cover; its marker starts at `share`. */
export interface HiddenRun {
  indexes: number[];
  start: number;
  end: number;
  share: number;
}

/** The plan of one day column. */
export interface DayPlan {
  shown: ColumnPlacement[];
  hidden: HiddenRun[];
}

function overlaps(a: Interval, b: Interval): boolean {
  return a.start < b.end && b.start < a.end;
}

/** Groups of transitively overlapping intervals (indexes in start order, longer first on ties). */
function clusters(intervals: readonly Interval[]): number[][] {
  const order = intervals
    .map((_, index) => index)
    .sort((a, b) => intervals[a].start - intervals[b].start || intervals[b].end - intervals[a].end);
  const groups: number[][] = [];
  let groupEnd = Number.NEGATIVE_INFINITY;
  for (const index of order) {
    if (intervals[index].start >= groupEnd) groups.push([]);
    groups[groups.length - 1].push(index);
    groupEnd = Math.max(groupEnd, intervals[index].end);
  }
  return groups;
}

/** Runs of time-overlapping intervals among `indexes` (already in start order). */
function runs(intervals: readonly Interval[], indexes: readonly number[], share: number): HiddenRun[] {
  const result: HiddenRun[] = [];
  for (const index of indexes) {
    const { start, end } = intervals[index];
    const last = result[result.length - 1];
    if (last && start < last.end) {
      last.indexes.push(index);
      last.end = Math.max(last.end, end);
    } else result.push({ indexes: [index], start, end, share });
  }
  return result;
}

/**
 * Plans one day column of `widthPx`: the column of each interval, or the "+N more" runs of those
 * that do not fit. Intervals should already be widened to their drawn height (see `visualIntervals`).
 */
export function planDay(intervals: readonly Interval[], widthPx: number): DayPlan {
  const fitting = Math.max(1, Math.floor(widthPx / minEventPx));
  const shown: ColumnPlacement[] = [];
  const hidden: HiddenRun[] = [];
  for (const group of clusters(intervals)) {
    const lastEnds: number[] = [];
    const columnOf = new Map<number, number>();
    for (const index of group) {
      let column = lastEnds.findIndex((end) => end <= intervals[index].start);
      if (column === -1) column = lastEnds.length;
      lastEnds[column] = intervals[index].end;
      columnOf.set(index, column);
    }
    let columns = lastEnds.length;
    let share = 1;
    if (columns > fitting) {
      columns = Math.max(1, Math.floor((widthPx - moreMarkerPx) / minEventPx));
      share = Math.max(0, (widthPx - moreMarkerPx) / widthPx);
      hidden.push(
        ...runs(
          intervals,
          group.filter((index) => (columnOf.get(index) ?? 0) >= columns),
          share,
        ),
      );
    }
    const visible = group.filter((index) => (columnOf.get(index) ?? 0) < columns);
    for (const index of visible) {
      const column = columnOf.get(index) ?? 0;
      let span = 1;
      while (
        column + span < columns &&
        !visible.some((other) => columnOf.get(other) === column + span && overlaps(intervals[other], intervals[index]))
      )
        span += 1;
      shown.push({ index, column, span, columns, share });
    }
  }
  return { shown, hidden };
}

/** The parts of react-big-calendar's layout arguments this layout reads. */
export interface DayLayoutArgs {
  events: CalendarItem[];
  /** Minutes: events shorter than this are drawn at least this tall. */
  minimumStartDifference: number;
  slotMetrics: { getRange(start: Date, end: Date): { top: number; height: number } };
}

/** An item with its position in the column (percentages of the column, as react-big-calendar expects). */
export interface StyledItem {
  event: CalendarItem;
  style: { top: number; height: number; width: number; xOffset: number };
}

/** The events' intervals as drawn: at least `minimumMinutes` long, so short events still get their own column. */
function visualIntervals(items: readonly EventItem[], minimumMinutes: number): Interval[] {
  return items.map((item) => {
    const start = item.start.getTime();
    return { start, end: Math.max(item.end.getTime(), start + minimumMinutes * 60_000) };
  });
}

/** The "+N more" marker of a run of hidden events. */
function moreItem(hidden: EventItem[], run: HiddenRun): MoreItem {
  return {
    kind: 'more',
    hidden,
    count: hidden.length,
    titles: hidden.map((item) => item.title),
    title: `+${hidden.length} more`,
    start: new Date(run.start),
    end: new Date(run.end),
    allDay: false,
  };
}

/** The `dayLayoutAlgorithm` for day columns `widthPx` wide. */
export function readableDayLayout(widthPx: number): (args: DayLayoutArgs) => StyledItem[] {
  return ({ events, minimumStartDifference, slotMetrics }) => {
    const items = events.filter((item): item is EventItem => item.kind === 'event');
    const plan = planDay(visualIntervals(items, minimumStartDifference), widthPx);
    const styled: StyledItem[] = plan.shown.map(({ index, column, span, columns, share }) => {
      const { top, height } = slotMetrics.getRange(items[index].start, items[index].end);
      const columnWidth = (share * 100) / columns;
      return { event: items[index], style: { top, height, width: columnWidth * span, xOffset: columnWidth * column } };
    });
    for (const run of plan.hidden) {
      const item = moreItem(
        run.indexes.map((index) => items[index]),
        run,
      );
      const { top, height } = slotMetrics.getRange(item.start, item.end);
      styled.push({ event: item, style: { top, height, width: 100 - run.share * 100, xOffset: run.share * 100 } });
    }
    return styled;
  };
}
