/**
 * Following the cursor of an aggregate operation (`Rebate Summary Data`, `Query Spend` in
 * api/openapi.yaml): rows page after page, with the totals of the last page read.
 */

/** One page of an aggregate operation, its rows under the name the caller maps them to. */
export interface AggregatePage<Row, Total> {
  rows: Row[];
  totals: Total[];
  nextCursor: string | null;
}

/**
 * Reads up to `maxPages` pages through `fetchPage` (`cursor` null for the first one) and returns
 * their rows, the totals of the last page, and `complete`: false when more pages were left unread.
 * Errors of `fetchPage` are thrown as they come.
 */
export async function aggregatePages<Row, Total>(
  fetchPage: (cursor: string | null) => Promise<AggregatePage<Row, Total>>,
  maxPages: number,
): Promise<{ rows: Row[]; totals: Total[]; complete: boolean }> {
  const rows: Row[] = [];
  let totals: Total[] = [];
  let cursor: string | null = null;
  for (let page = 0; page < maxPages; page++) {
    const answer: AggregatePage<Row, Total> = await fetchPage(cursor);
    rows.push(...answer.rows);
    totals = answer.totals;
    cursor = answer.nextCursor;
    if (!cursor) return { rows, totals, complete: true };
  }
  return { rows, totals, complete: false };
}
