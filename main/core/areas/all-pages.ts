/** Following a paged list operation's cursors (api/openapi.yaml: `limit`/`cursor`, `nextCursor`). */

/**
 * The items a paged operation answers, page after page, up to `max` items: `complete` is false
 * when more pages were left unread. Errors of `fetchPage` are thrown as they come.
 */
export async function allPages<T>(
  fetchPage: (cursor: string | undefined) => Promise<{ items: T[]; nextCursor: string | null }>,
  max: number,
): Promise<{ items: T[]; complete: boolean }> {
  const items: T[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await fetchPage(cursor);
    items.push(...page.items);
    if (page.nextCursor === null) return { items, complete: true };
    if (items.length >= max) return { items: items.slice(0, max), complete: false };
    cursor = page.nextCursor;
  }
}
