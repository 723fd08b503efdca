/**
 * The age of deals fetched on demand and kept for offline use ("Deals as of 2 hours ago
 * (offline)."), shown when the service cannot be reached or the answer is old; nothing when fresh.
 */
import { formatDateTime } from '../../lib/format';
import { useNow } from '../../lib/use-now';
import { useOnline } from '../../lib/use-online';
import { keptAnswerAge } from '../companies/related-labels';

/** Renders "`subject` as of …" for an answer fetched at `fetchedAt` (ISO 8601; null: never). */
export function KeptAgeNote({ subject, fetchedAt }: { subject: string; fetchedAt: string | null }) {
  const online = useOnline();
  const now = useNow();
  const age = keptAnswerAge(fetchedAt, online, now);
  if (!age) return null;
  return (
    <p className="deals-age" title={fetchedAt ? `Fetched ${formatDateTime(fetchedAt)}` : undefined}>
      {subject} {age}.
    </p>
  );
}
