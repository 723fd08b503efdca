/**
 * Display formatting shared by every view: counts, byte sizes, dates and relative times.
 * Dates arrive as ISO 8601 UTC strings and are shown in the user's local time zone.
 */
import { differenceInSeconds, format, formatDistanceStrict, isSameDay, parseISO } from 'date-fns';

const numberFormat = new Intl.NumberFormat('en-US');

/** Formats an integer with thousands separators: 12345 → "12,345". */
export function formatCount(n: number): string {
  return numberFormat.format(n);
}

/** "1 contact" / "2 contacts": the count with the right noun form. */
export function pluralize(n: number, singular: string, plural = `${singular}s`): string {
  return `${formatCount(n)} ${n === 1 ? singular : plural}`;
}

/** How many records match a search, with the verb agreeing: `1 contact matches "ab"`, `3 contacts match "ab"`. */
export function matchSummary(n: number, singular: string, query: string): string {
  return `${pluralize(n, singular)} ${n === 1 ? 'matches' : 'match'} "${query}"`;
}

const byteUnits = ['KB', 'MB', 'GB', 'TB'];

/**
 * Human-readable size of `bytes` with SI units (1 KB = 1000 bytes, as file managers on macOS and
 * GNOME show them): 0 → "0 bytes", 1534 → "1.5 KB", 5_000_000 → "5 MB".
 */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '—';
  if (bytes < 1000) return pluralize(bytes, 'byte');
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < byteUnits.length - 1) {
    value /= 1000;
    unit += 1;
  }
  const rounded = value >= 100 ? Math.round(value) : Math.round(value * 10) / 10;
  return `${rounded} ${byteUnits[unit]}`;
}

/** Whole percent (0–100) of `done` out of `total`; 0 when the total is unknown or zero. */
export function percentOf(done: number, total: number): number {
  if (!(total > 0)) return 0;
  return Math.max(0, Math.min(100, Math.floor((done / total) * 100)));
}

/**
 * Relative time of an ISO 8601 instant against `now` (ms since epoch): "just now" up to 45 s
 * ago, "in a few seconds" up to 45 s ahead, otherwise "5 minutes ago" / "in 2 hours".
 */
export function formatRelative(iso: string, now: number = Date.now()): string {
  const date = parseISO(iso);
  if (Number.isNaN(date.getTime())) return 'at an unknown time';
  const seconds = differenceInSeconds(date, now);
  if (seconds > 0 && seconds < 45) return 'in a few seconds';
  if (Math.abs(seconds) < 45) return 'just now';
  return formatDistanceStrict(date, now, { addSuffix: true });
}

/**
 * Relative time of a past ISO 8601 instant ("Synced 5 minutes ago"): like `formatRelative`, but an
 * instant slightly in the future (clocks of core and page differ by a little) counts as "just now".
 */
export function formatAgo(iso: string, now: number = Date.now()): string {
  const time = parseISO(iso).getTime();
  return formatRelative(Number.isNaN(time) || time <= now ? iso : new Date(now).toISOString(), now);
}

/** Local date and time of an ISO 8601 instant: "Nov 22, 2026, 2:30 PM". */
export function formatDateTime(iso: string): string {
  const date = parseISO(iso);
  return Number.isNaN(date.getTime()) ? '—' : format(date, 'PPp');
}

/** Local date of an ISO 8601 instant: "Nov 22, 2026". */
export function formatDate(iso: string): string {
  const date = parseISO(iso);
  return Number.isNaN(date.getTime()) ? '—' : format(date, 'PP');
}

/** The calendar date of a UTC instant, as a local Date at midnight (an all-day bound names a date, not an instant). */
export function utcDateOf(date: Date): Date {
  return new Date(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate());
}

/**
 * Time range of a calendar event in local time:
 * "Mon, Nov 23, 2026 · 9:00 AM – 10:30 AM", "Mon, Nov 23, 2026 · All day", or, over several days,
 * "Nov 23, 2026, 9:00 AM – Nov 24, 2026, 5:00 PM". All-day bounds are 00:00 UTC with an exclusive
 * end (CalendarEventInput, api/openapi.yaml) and are shown as those dates in every time zone.
 */
export function formatTimeRange(startIso: string, endIso: string, allDay: boolean): string {
  const start = parseISO(startIso);
  const end = parseISO(endIso);
  if (Number.isNaN(start.getTime()) || Number.isNaN(end.getTime())) return '—';
  if (allDay) return formatDays(utcDateOf(start), utcDateOf(new Date(end.getTime() - 1)));
  if (isSameDay(start, end)) return `${format(start, 'EEE, PP')} · ${format(start, 'p')} – ${format(end, 'p')}`;
  return `${format(start, 'PPp')} – ${format(end, 'PPp')}`;
}

/** "Mon, Nov 23, 2026 · All day", or "Mon, Nov 23, 2026 – Tue, Nov 24, 2026 · All day" for the days `start`–`lastDay`. */
function formatDays(start: Date, lastDay: Date): string {
  if (lastDay <= start || isSameDay(start, lastDay)) return `${format(start, 'EEE, PP')} · All day`;
  return `${format(start, 'EEE, PP')} – ${format(lastDay, 'EEE, PP')} · All day`;
}

/** "Ada Lovelace" from first and last name, tolerating blanks. */
export function fullName(person: { firstName: string; lastName: string }): string {
  return `${person.firstName} ${person.lastName}`.trim();
}
