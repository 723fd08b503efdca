/**
 * Whether a change-feed cursor may resume on this feed (`docs/ARCHITECTURE.md`, "Sync protocol").
 *
 * The feed is compacted: every change of a record replaces the record's row at a new, higher
 * sequence number with a higher version, and rows only leave the feed when their tombstone is
 * purged (which raises the purge horizon). So a cursor issued by this feed finds the record of the
 * last change it delivered at the same seq with the same version, or at a higher seq with a higher
 * version (changed or deleted since), or gone with its tombstone at the purge horizon. Anything
 * else means the feed is not the one that issued the cursor any more: the service's database was
 * restored from an earlier copy (same feed id, earlier state) or replaced (another feed id).
 *
 * Known limit: a restored feed whose rows after the copy happen to include a newer change of that
 * very record (higher seq, higher version) passes; the other checks catch every other case.
 */
import type { FeedCursor } from './feed-cursor';

/** The feed as the check needs it. */
export interface FeedFacts {
  /** The feed's id (UUID). */
  feedId: string;
  /** The highest sequence number the feed ever issued (never lowered by a purge). */
  highestSeq: number;
  /** The highest seq of a purged tombstone (0 when none was purged). */
  purgeHorizon: number;
  /** The seq and version of the record's row in the feed now, or undefined when it has none. */
  rowOf(type: string, id: string): { seq: number; version: number } | undefined;
}

/**
 * The verdict on a cursor: `ok` to resume; `another-feed` (issued by a different feed id),
 * `rewound` (this feed went back to an earlier state) or `purged` (older than the purge horizon):
 * all three mean "discard the local copy and bootstrap again" (410).
 */
export type CursorVerdict = 'ok' | 'another-feed' | 'rewound' | 'purged';

/** Checks `cursor` against the feed's facts. Pure; reads one row through `feed.rowOf`. */
export function checkFeedCursor(cursor: FeedCursor, feed: FeedFacts): CursorVerdict {
  if (cursor.feedId !== feed.feedId) return 'another-feed';
  if (feed.purgeHorizon > Math.max(cursor.seq, cursor.horizon)) return 'purged';
  if (cursor.seq > Math.max(feed.highestSeq, feed.purgeHorizon)) return 'rewound';
  const last = cursor.last;
  if (!last) return 'ok';
  const row = feed.rowOf(last.type, last.id);
  // Gone: only a purged tombstone leaves the feed, and one above the cursor was answered 'purged'
  // above, so the row may only be missing when the last change delivered was the newest purged tombstone.
  if (!row) return feed.purgeHorizon === last.seq ? 'ok' : 'rewound';
  if (row.seq < last.seq) return 'rewound';
  if (row.seq === last.seq) return row.version === last.version ? 'ok' : 'rewound';
  return row.version > last.version ? 'ok' : 'rewound';
}
