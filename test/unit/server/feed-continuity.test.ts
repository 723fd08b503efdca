/**
 * Whether a change-feed cursor may resume (server/sync/feed-continuity.ts): the cases of a feed that
 * moved on normally, and of one that was replaced or restored from an earlier copy. Plus the
 * cursor's own encoding (server/sync/feed-cursor.ts).
 */
import { describe, expect, it } from 'vitest';
import { checkFeedCursor, type FeedFacts } from '../../../server/sync/feed-continuity';
import { decodeFeedCursor, encodeFeedCursor, type FeedCursor } from '../../../server/sync/feed-cursor';

const feedId = '6f1d2c3b-4a59-4e6f-8a7b-1c2d3e4f5a6b';
const otherFeedId = '0a1b2c3d-4e5f-4a6b-9c7d-8e9f0a1b2c3d';
const recordId = '11111111-2222-4333-8444-555555555555';

/** A cursor that delivered `contact recordId` at seq 50 with version 3 (a delta feed). */
const cursor: FeedCursor = {
  feedId,
  seq: 50,
  horizon: 0,
  last: { type: 'contact', id: recordId, version: 3, seq: 50 },
};

/** A feed whose highest seq is 80 and whose only row of interest is the record's, as given. */
function feed(row: { seq: number; version: number } | undefined, facts: Partial<FeedFacts> = {}): FeedFacts {
  return {
    feedId,
    highestSeq: 80,
    purgeHorizon: 0,
    rowOf: (type, id) => (type === 'contact' && id === recordId ? row : undefined),
    ...facts,
  };
}

describe('a feed that moved on normally', () => {
  it('resumes when nothing changed since the cursor', () => {
    expect(checkFeedCursor(cursor, feed({ seq: 50, version: 3 }, { highestSeq: 50 }))).toBe('ok');
  });

  it('resumes when other records changed since the cursor', () => {
    expect(checkFeedCursor(cursor, feed({ seq: 50, version: 3 }))).toBe('ok');
  });

  it('resumes when the record changed since (its row moved to a higher seq with a higher version)', () => {
    expect(checkFeedCursor(cursor, feed({ seq: 72, version: 4 }))).toBe('ok');
  });

  it('resumes when the record was deleted since and its tombstone is kept', () => {
    expect(checkFeedCursor(cursor, feed({ seq: 75, version: 4 }))).toBe('ok');
  });

  it('resumes when the last change delivered was the newest tombstone, purged since', () => {
    expect(checkFeedCursor(cursor, feed(undefined, { purgeHorizon: 50 }))).toBe('ok');
  });

  it('resumes a cursor that delivered nothing yet', () => {
    const empty: FeedCursor = { feedId, seq: 0, horizon: 40, last: null };
    expect(checkFeedCursor(empty, feed(undefined, { highestSeq: 40 }))).toBe('ok');
  });

  it('resumes when purges removed the top rows (the highest seq ever issued still counts)', () => {
    expect(checkFeedCursor(cursor, feed({ seq: 50, version: 3 }, { highestSeq: 50 }))).toBe('ok');
  });

  it('resumes a bootstrap cursor below its horizon', () => {
    const bootstrap: FeedCursor = { ...cursor, horizon: 70 };
    expect(checkFeedCursor(bootstrap, feed({ seq: 50, version: 3 }))).toBe('ok');
  });
});

describe('a feed that cannot resume the cursor', () => {
  it('refuses a cursor of another feed id (the data was replaced)', () => {
    expect(checkFeedCursor(cursor, feed({ seq: 50, version: 3 }, { feedId: otherFeedId }))).toBe('another-feed');
  });

  it('refuses a cursor older than the purge horizon (a tombstone after it was purged)', () => {
    expect(checkFeedCursor(cursor, feed(undefined, { purgeHorizon: 75 }))).toBe('purged');
  });

  it('refuses when the record’s row now has a lower seq (restored from an earlier copy)', () => {
    expect(checkFeedCursor(cursor, feed({ seq: 20, version: 2 }))).toBe('rewound');
  });

  it('refuses when the same seq holds another version (restored, then written again)', () => {
    expect(checkFeedCursor(cursor, feed({ seq: 50, version: 2 }))).toBe('rewound');
  });

  it('refuses when the record’s row moved up without a newer version (restored, then changed again)', () => {
    expect(checkFeedCursor(cursor, feed({ seq: 60, version: 3 }))).toBe('rewound');
  });

  it('refuses when the cursor is past the feed’s highest seq', () => {
    expect(checkFeedCursor(cursor, feed({ seq: 20, version: 2 }, { highestSeq: 30 }))).toBe('rewound');
  });

  it('refuses when the record is missing and no purge explains it (created after the restored copy)', () => {
    expect(checkFeedCursor(cursor, feed(undefined))).toBe('rewound');
    expect(checkFeedCursor(cursor, feed(undefined, { purgeHorizon: 30 }))).toBe('rewound');
  });
});

describe('the cursor text', () => {
  it('round-trips and stays well under the contract’s 512 characters', () => {
    const text = encodeFeedCursor({ ...cursor, last: { ...cursor.last!, type: 'calendarEvent' } });
    expect(text.length).toBeLessThan(200);
    expect(decodeFeedCursor(text)).toEqual({
      kind: 'current',
      cursor: { ...cursor, last: { ...cursor.last!, type: 'calendarEvent' } },
    });
  });

  it('reads a cursor from before feed ids as legacy', () => {
    const legacy = Buffer.from(JSON.stringify({ s: 120, h: 0 })).toString('base64url');
    expect(decodeFeedCursor(legacy)).toEqual({ kind: 'legacy' });
  });

  it('refuses text that is no feed cursor with a 400 at /query/cursor', () => {
    for (const payload of [
      { s: -1, h: 0 },
      { f: 'not-a-uuid', s: 1, h: 0, l: ['contact', recordId, 1] },
      { f: feedId, s: 0, h: 0, l: ['contact', recordId, 1] },
      { f: feedId, s: 3, h: 0, l: null },
      { l: 'companies', s: '-name', k: ['A'] },
    ]) {
      const text = Buffer.from(JSON.stringify(payload)).toString('base64url');
      expect(() => decodeFeedCursor(text)).toThrow(
        expect.objectContaining({ status: 400, errors: [expect.objectContaining({ pointer: '/query/cursor' })] }),
      );
    }
  });
});
