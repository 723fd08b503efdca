/**
 * The age of an answer read on demand and kept for offline use, in words ("Rebates as of 2 hours
 * ago (offline)."), and the Refresh button that asks the service again. The age shows only when the
 * service cannot be reached or the answer is old (`keptAnswerAge`, views/companies/related-labels.ts).
 */
import { formatDateTime } from '../lib/format';
import { useNow } from '../lib/use-now';
import { needsServiceMessage, useOnline } from '../lib/use-online';
import { useReloadOnReconnect } from '../lib/use-reload-on-reconnect';
import { keptAnswerAge } from '../views/companies/related-labels';
import './kept-age.css';

/** Props of `KeptAgeNote`. */
export interface KeptAgeNoteProps {
  /** What the answer is, capitalised ("Rebates", "Deal details"). */
  subject: string;
  /** When the answer was fetched (ISO 8601 UTC), null when never; undefined while loading. */
  fetchedAt: string | null | undefined;
  /** Class of the line (default `kept-age-text`). */
  className?: string;
}

/** Renders "`subject` as of …." for a kept answer, or nothing while it is fresh or still loading. */
export function KeptAgeNote({ subject, fetchedAt, className = 'kept-age-text' }: KeptAgeNoteProps) {
  const online = useOnline();
  const now = useNow();
  const age = fetchedAt === undefined ? null : keptAnswerAge(fetchedAt, online, now);
  if (!age) return null;
  return (
    <p className={className} title={fetchedAt ? `Fetched ${formatDateTime(fetchedAt)}` : undefined}>
      {subject} {age}.
    </p>
  );
}

/** Props of `RefreshButton`. */
export interface RefreshButtonProps {
  /** Words of the button ("Refresh rebates"). */
  label: string;
  /** True while a request is under way. */
  loading: boolean;
  /** True once an answer is shown, so a request under way is a refresh ("Refreshing…"). */
  hasAnswer: boolean;
  reload(): void;
}

/** Renders the Refresh button of a kept answer: disabled, saying why, while the service cannot be reached. */
export function RefreshButton({ label, loading, hasAnswer, reload }: RefreshButtonProps) {
  const online = useOnline();
  return (
    <button
      type="button"
      className="button button-small button-quiet"
      disabled={!online || loading}
      title={online ? undefined : needsServiceMessage}
      onClick={reload}
    >
      {loading && hasAnswer ? 'Refreshing…' : label}
    </button>
  );
}

/** Props of `KeptAge`. */
export interface KeptAgeProps {
  /** What the answer is, capitalised ("Rebates", "Terms"). */
  subject: string;
  /** When the answer was fetched (ISO 8601 UTC), null when never; undefined while loading. */
  fetchedAt: string | null | undefined;
  loading: boolean;
  reload(): void;
  /** Words of the Refresh button ("Refresh rebates"). */
  refreshLabel: string;
}

/** Renders the age line and the Refresh button side by side; asks again by itself when the service is back. */
export function KeptAge({ subject, fetchedAt, loading, reload, refreshLabel }: KeptAgeProps) {
  useReloadOnReconnect(reload);
  return (
    <div className="kept-age">
      <KeptAgeNote subject={subject} fetchedAt={fetchedAt} />
      <RefreshButton label={refreshLabel} loading={loading} hasAnswer={fetchedAt !== undefined} reload={reload} />
    </div>
  );
}
