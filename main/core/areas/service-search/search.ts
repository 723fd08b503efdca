/**
 * The service's own search beside the cache's, one piece for Contacts, Companies and Documents:
 * asks the area's operation for its first page of matches (short timeout), notes which of them the
 * cache's search had matched before, writes the answered records into the cache with
 * `keepServiceRecords` (so each opens on its record page, and the cache's search finds it from now
 * on), and answers the hits in the service's order with the rows as the cache now holds them.
 * Offline, or when the service refuses, the answer says so in words and nothing is thrown. The last
 * answer per (area, query) is reused for `keptForMs` (a user going back and forth between two texts
 * does not ask again). Rule: docs/ARCHITECTURE.md, "The service's search beside the local one".
 */
import {
  offlineSearchWords,
  type ServiceSearchAnswer,
  type ServiceSearchHit,
  type SyncedType,
} from '../../../../preload/contract';
import { ServiceError } from '../../errors';
import type { HandlerContext } from '../context';
import { keepServiceRecords } from '../service-records';
import type { RecordOf } from '../tables';

/** How long the service may take to answer a search, ms; a search is worth less than a slow answer. */
export const serviceSearchTimeoutMs = 5_000;
/** How long an answer is reused for the same area and text, ms. */
export const keptForMs = 20_000;

/** What one area gives the shared search. */
export interface SearchArea<T extends { id: string }, Type extends SyncedType> {
  /** The synced type of the records answered. */
  type: Type;
  /** Key of the answer among those kept: the area and everything that narrows the search. */
  key: string;
  /** Asks the service (first page); answers its records and whether it found more. Throws ServiceError. */
  ask(timeoutMs: number): Promise<{ records: RecordOf[Type][]; more: boolean }>;
  /** Of `ids`, those the cache's own search for this text lists now (in the view's scope). */
  listedHere(ids: readonly string[]): Set<string>;
  /** The row of `id` as the cache holds it now (waiting edits applied), or null. */
  row(id: string): T | null;
  /** Whether an answered record belongs in the view's answer (e.g. a document in the folder searched). */
  belongs?(record: RecordOf[Type]): boolean;
  /** Words for a refusal particular to the area (e.g. an unknown folder), or null for the general words. */
  refusal?(err: ServiceError): string | null;
}

interface KeptSearch {
  ids: string[];
  matchedHere: Set<string>;
  complete: boolean;
  answeredAt: string;
  keptAtMs: number;
}

/** Answers kept per core (keyed by its freshness map, which lives as long as the core). */
const keptSearches = new WeakMap<object, Map<string, KeptSearch>>();

function keptOf(ctx: HandlerContext): Map<string, KeptSearch> {
  let kept = keptSearches.get(ctx.freshness);
  if (!kept) {
    kept = new Map();
    keptSearches.set(ctx.freshness, kept);
  }
  return kept;
}

/**
 * Runs the service's search for `area` and answers it as the view needs it (see the file's
 * docstring). Never throws for the service's state: offline and refusals are answers in words.
 */
export async function searchService<T extends { id: string; syncState?: string }, Type extends SyncedType>(
  ctx: HandlerContext,
  area: SearchArea<T, Type>,
): Promise<ServiceSearchAnswer<T>> {
  const kept = keptOf(ctx);
  const last = kept.get(area.key);
  if (last && Date.now() - last.keptAtMs < keptForMs) return answer(area, last);
  if (!ctx.online()) return { state: 'offline', message: offlineSearchWords };
  let found: { records: RecordOf[Type][]; more: boolean };
  try {
    found = await area.ask(serviceSearchTimeoutMs);
    ctx.reachedService();
  } catch (err) {
    ctx.lostService(err);
    if (err instanceof ServiceError && err.code === 'offline') return { state: 'offline', message: offlineSearchWords };
    const words = err instanceof ServiceError ? area.refusal?.(err) : null;
    return {
      state: 'failed',
      message:
        words ??
        `The service could not search now (${err instanceof Error ? err.message : String(err)}). Only this computer's records are shown; type again to retry.`,
    };
  }
  const records = found.records.filter((record) => area.belongs?.(record) ?? true);
  const ids = records.map((record) => record.id);
  const matchedHere = area.listedHere(ids);
  keepServiceRecords(ctx, { [area.type]: found.records });
  const search: KeptSearch = {
    ids,
    matchedHere,
    complete: !found.more,
    answeredAt: new Date().toISOString(),
    keptAtMs: Date.now(),
  };
  kept.set(area.key, search);
  return answer(area, search);
}

/** The hits of `search` with their rows as the cache holds them now. */
function answer<T extends { id: string; syncState?: string }, Type extends SyncedType>(
  area: SearchArea<T, Type>,
  search: KeptSearch,
): ServiceSearchAnswer<T> {
  const listed = area.listedHere(search.ids);
  const hits: ServiceSearchHit<T>[] = [];
  for (const id of search.ids) {
    const row = area.row(id);
    // Gone here (a waiting delete), or a waiting edit took it out of this search: this machine's edit wins.
    if (!row || (!listed.has(id) && row.syncState !== undefined && row.syncState !== 'synced')) continue;
    hits.push({ row, matchedHere: search.matchedHere.has(id), listedHere: listed.has(id) });
  }
  return { state: 'answered', hits, complete: search.complete, answeredAt: search.answeredAt };
}
