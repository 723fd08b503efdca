/**
 * The change feed's cursor (operation `getChanges`, see `docs/ARCHITECTURE.md`, "Sync protocol"):
 * base64url JSON `{ f, s, h, l }`, opaque to clients.
 * - `f`: the id (UUID) of the feed that issued it (`meta.feed_id`, made with the database);
 * - `s`: the sequence number of the last change delivered (0 before the first);
 * - `h`: the bootstrap horizon (the highest seq when the bootstrap started; 0 for a delta feed);
 * - `l`: the last change delivered as `[type, id, version]` (its seq is `s`), null before the first.
 * Cursors issued before feeds had ids hold only `{ s, h }`; they are read as "legacy" so that the
 * feed can answer that they belong to another feed.
 */
import { decodeCursor, encodeCursor } from '../http/cursor';

/** The last change a cursor delivered: the record's type, id and version, and the change's seq. */
export interface DeliveredChange {
  type: string;
  id: string;
  version: number;
  seq: number;
}

/** A change-feed cursor, decoded. */
export interface FeedCursor {
  /** The id (UUID) of the feed that issued the cursor. */
  feedId: string;
  /** The sequence number of the last change delivered; 0 before the first. */
  seq: number;
  /** The bootstrap horizon: tombstones at or below it are skipped while `seq` is below it; 0 for a delta feed. */
  horizon: number;
  /** The last change delivered (its `seq` equals the cursor's), null before the first. */
  last: DeliveredChange | null;
}

/** A decoded cursor, or one issued before feeds had ids (it can only have come from another feed). */
export type ReadCursor = { kind: 'current'; cursor: FeedCursor } | { kind: 'legacy' };

interface WireCursor {
  f: string;
  s: number;
  h: number;
  l: [type: string, id: string, version: number] | null;
}

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const seqOk = (n: unknown): n is number => Number.isSafeInteger(n) && (n as number) >= 0;

function isWireCursor(value: unknown): value is WireCursor {
  const v = value as WireCursor;
  if (typeof v !== 'object' || v === null || Object.keys(v).length !== 4) return false;
  if (typeof v.f !== 'string' || !uuid.test(v.f) || !seqOk(v.s) || !seqOk(v.h)) return false;
  if (v.l === null) return v.s === 0;
  return (
    Array.isArray(v.l) &&
    v.l.length === 3 &&
    typeof v.l[0] === 'string' &&
    /^[a-zA-Z]{1,30}$/.test(v.l[0]) &&
    typeof v.l[1] === 'string' &&
    v.l[1].length <= 100 &&
    Number.isSafeInteger(v.l[2]) &&
    v.l[2] >= 1 &&
    v.s >= 1
  );
}

function isLegacyCursor(value: unknown): value is { s: number; h: number } {
  const v = value as { s: number; h: number };
  return typeof v === 'object' && v !== null && Object.keys(v).length === 2 && seqOk(v.s) && seqOk(v.h);
}

/** Encodes a feed cursor (base64url JSON, about 200 characters). */
export function encodeFeedCursor(cursor: FeedCursor): string {
  const wire: WireCursor = {
    f: cursor.feedId,
    s: cursor.seq,
    h: cursor.horizon,
    l: cursor.last ? [cursor.last.type, cursor.last.id, cursor.last.version] : null,
  };
  return encodeCursor(wire);
}

/**
 * Reads a cursor of `getChanges`. Answers `legacy` for a cursor issued before feeds had ids. Throws
 * a 400 validation problem at `/query/cursor` when the text is no feed cursor at all.
 */
export function decodeFeedCursor(text: string): ReadCursor {
  const value = decodeCursor(
    text,
    '/query/cursor',
    (v): v is WireCursor | { s: number; h: number } => isWireCursor(v) || isLegacyCursor(v),
  );
  if (!('f' in value)) return { kind: 'legacy' };
  const last = value.l ? { type: value.l[0], id: value.l[1], version: value.l[2], seq: value.s } : null;
  return { kind: 'current', cursor: { feedId: value.f, seq: value.s, horizon: value.h, last } };
}
