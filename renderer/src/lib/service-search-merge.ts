/**
 * How a list merges the service's search answer with the cache's own results (pure functions, used
 * by `useServiceSearch`): every row gets where it was found, the records the service found that
 * the cache's search does not list come first in the service's order, and the status line says
 * what the service found. Rule: docs/ARCHITECTURE.md, "The service's search beside the local one".
 */
import type { RowWindow, ServiceSearchAnswer, ServiceSearchHit } from '../../../preload/contract';
import { formatCount } from './format';

/**
 * Where a row was found: `both` (this computer's search and the service's), `here` (only this
 * computer's: the service answered all its matches, or the row waits to be sent), `service` (the
 * service found it; the cache had not matched it or did not have it yet), `unchecked` (this
 * computer's, beyond the first page the service answered).
 */
export type SearchSource = 'both' | 'here' | 'service' | 'unchecked';

/** A list row with where it was found (absent until the service answered). */
export type Sourced<T> = T & { foundWhere?: SearchSource };

/** The words of each mark (shown in the row; never colour alone). */
export const searchSourceLabels: Record<SearchSource, string> = {
  both: 'Here and on the service',
  here: 'Only on this computer',
  service: 'Found by the service',
  unchecked: 'On this computer',
};

type Row = { id: string; syncState?: string };

/** Where `row`, listed by the cache's search, was found, given the service's `hits` (by id). */
export function sourceOf(
  row: Row,
  hits: ReadonlyMap<string, ServiceSearchHit<unknown>>,
  complete: boolean,
): SearchSource {
  const hit = hits.get(row.id);
  if (hit) return hit.matchedHere ? 'both' : 'service';
  if (row.syncState !== undefined && row.syncState !== 'synced') return 'here';
  return complete ? 'here' : 'unchecked';
}

/**
 * The window [offset, offset + limit) of the merged list: the service's hits the cache's search
 * does not list (first, in the service's order), then the cache's rows (`fetchLocal`), each marked.
 * With no answer the cache's rows are given unchanged.
 */
export async function mergedWindow<T extends Row>(
  fetchLocal: (offset: number, limit: number) => Promise<RowWindow<T>>,
  answer: ServiceSearchAnswer<T> | null,
  offset: number,
  limit: number,
): Promise<RowWindow<Sourced<T>>> {
  if (answer?.state !== 'answered') return fetchLocal(offset, limit);
  const hits = new Map(answer.hits.map((hit) => [hit.row.id, hit as ServiceSearchHit<unknown>]));
  const extras: Sourced<T>[] = answer.hits
    .filter((hit) => !hit.listedHere)
    .map((hit) => ({ ...hit.row, foundWhere: 'service' as const }));
  const fromExtras = extras.slice(offset, offset + limit);
  const localOffset = Math.max(0, offset - extras.length);
  const localLimit = Math.max(1, limit - fromExtras.length);
  const local = await fetchLocal(localOffset, localLimit);
  const marked = local.rows.map((row) => ({ ...row, foundWhere: sourceOf(row, hits, answer.complete) }));
  const rows = [...fromExtras, ...marked].slice(0, limit);
  return { rows, total: local.total + extras.length };
}

/** The status line of an answer: what the service found, or why it could not search, in words. */
export function serviceSearchWords(answer: ServiceSearchAnswer<unknown>, limit: number): string {
  if (answer.state !== 'answered') return answer.message;
  const found = answer.hits.length;
  const fresh = answer.hits.filter((hit) => !hit.matchedHere).length;
  if (found === 0) return "The service found none; only this computer's matches are listed.";
  const counted = answer.complete
    ? `The service found ${formatCount(found)}`
    : `The service found more than ${formatCount(limit)} (its first ${formatCount(found)} are compared)`;
  if (fresh === 0) return `${counted}; all were on this computer already.`;
  const were = fresh === 1 ? 'was' : 'were';
  return `${counted}; ${formatCount(fresh)} ${were} not on this computer yet.`;
}
