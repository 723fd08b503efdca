/**
 * The age of an answer read on demand and kept for offline use, in words ("Rebates as of 2 hours
 * ago (offline)."), with a Refresh button that needs the service. Nothing shows while the answer is
 * fresh and the service can be reached (see `keptAnswerAge`).
 */
import { useEffect, useRef } from 'react';
import { formatDateTime } from '../../lib/format';
import { useNow } from '../../lib/use-now';
import { needsServiceMessage, useOnline } from '../../lib/use-online';
import { keptAnswerAge } from '../companies/related-labels';

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

/** Renders the age line and the Refresh button; asks again by itself when the service is back. */
export function KeptAge({ subject, fetchedAt, loading, reload, refreshLabel }: KeptAgeProps) {
  const online = useOnline();
  const now = useNow();
  // Back online: ask the service again, so the kept answer is replaced by today's.
  const wasOnline = useRef(online);
  useEffect(() => {
    if (online && !wasOnline.current) reload();
    wasOnline.current = online;
  }, [online, reload]);
  const age = fetchedAt === undefined ? null : keptAnswerAge(fetchedAt, online, now);
  return (
    <div className="kept-age">
      {age ? (
        <p className="kept-age-text" title={fetchedAt ? formatDateTime(fetchedAt) : undefined}>
          {subject} {age}.
        </p>
      ) : null}
      <button
        type="button"
        className="button button-small button-quiet"
        disabled={!online || loading}
        title={online ? undefined : needsServiceMessage}
        onClick={reload}
      >
        {loading && fetchedAt !== undefined ? 'Refreshing…' : refreshLabel}
      </button>
    </div>
  );
}
