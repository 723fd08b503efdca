/**
 * The window of hits one type gives the global search (`search.global`), the same rule for every
 * store: matches are counted up to `countLimit` (the box says "1,000+" beyond), and ranked over
 * every match (bm25, or nearness in time) only when at most `rankLimit` match. Above that, the
 * first matches in an index's order are taken: at 100,000 contacts a one-letter prefix matches
 * up to 95,000 of them, and ranking those took 24–75 ms to order them hardly better
 * (docs/PERFORMANCE.md, row 29).
 */
import type { Database } from 'better-sqlite3';

/** Matches up to which hits are ranked over all of them. */
export const rankLimit = 1000;
/** Matches counted at most. */
export const countLimit = 1000;

/** One type's hits and how many match (at most `countLimit`; `more` when more do). */
export interface SearchWindow<R> {
  rows: R[];
  total: number;
  more: boolean;
}

/**
 * A statement counting the matches of an FTS5 table (its one param: the MATCH expression), up to
 * one more than `countLimit`. Prepare once per store.
 */
export function cappedCount(db: Database, ftsTable: string): (match: string) => number {
  const statement = db
    .prepare(`SELECT count(*) FROM (SELECT 1 FROM ${ftsTable} WHERE ${ftsTable} MATCH ? LIMIT ${countLimit + 1})`)
    .pluck();
  return (match) => statement.get(match) as number;
}

/**
 * Builds the window from the capped count of `match` (`count`), the hits ranked over every match
 * (`ranked`, used when at most `rankLimit` match) and the first hits in an index's order (`inOrder`).
 */
export function searchWindow<R>(
  match: string | null,
  count: (match: string) => number,
  ranked: (match: string) => R[],
  inOrder: (match: string) => R[],
): SearchWindow<R> {
  if (!match) return { rows: [], total: 0, more: false };
  const found = count(match);
  if (found === 0) return { rows: [], total: 0, more: false };
  return {
    rows: found > rankLimit ? inOrder(match) : ranked(match),
    total: Math.min(found, countLimit),
    more: found > countLimit,
  };
}
