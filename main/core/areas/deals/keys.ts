/** Keys of the deals' answers kept for offline use (the query cache; see `kept.ts`). */

/** The key of deal `id`'s kept answer (`deals.get`); notes on a deal need it read once. */
export function dealAnswerKey(id: string): string {
  return `deal:${id}`;
}
