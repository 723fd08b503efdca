/**
 * Checking a synced listing against the service's own list operation: the pages are read up to a
 * bound (`maxCheckedRecords`), the records listed are kept in the cache (`keepServiceRecords`: only
 * where newer, this machine's waiting edits laid over again), and the ids are compared with the ids
 * the cache keeps for the same range, folder or state. Kept records the service no longer lists are
 * reported, never deleted: the change feed decides (docs/ARCHITECTURE.md, "Listings checked against
 * the service").
 */
import {
  BridgeError,
  type ListingCheck,
  maxCheckedRecords,
  type NotListedRecord,
  type SyncedType,
} from '../../../preload/contract';
import { ServiceError } from '../errors';
import { allPages } from './all-pages';
import type { HandlerContext } from './context';
import { keepServiceRecords, type ServiceRecords } from './service-records';

/** One record a list operation answered, with its synced type. */
export interface ListedRecord {
  type: SyncedType;
  record: { id: string; version: number };
}

/** A page of a list operation, as a check reads it. */
export interface ListedPage {
  items: ListedRecord[];
  nextCursor: string | null;
  /** Records the answer carries that are kept but not counted (e.g. the folder itself). */
  alsoKeep?: ListedRecord[];
}

/** What one listing check needs: its words, how to read a page, and what the cache keeps for the same scope. */
export interface ListingSource {
  /** What is checked, in words ("the calendar events of this range"). */
  what: string;
  /** Reads one page (`cursor` undefined: the first) of at most `limit` records. */
  page(cursor: string | undefined, limit: number): Promise<ListedPage>;
  /** The records the cache keeps for the same range, folder or state. */
  keptInScope(): NotListedRecord[];
  /** Words for a 404 of the list operation (e.g. the folder is gone on the service). */
  notFound?: string;
}

/** Records asked per page (api/openapi.yaml `Limit`: at most 500); five pages make `maxCheckedRecords`. */
const pageLimit = 400;

/** The words of a check that could not reach the service. */
export function offlineCheckWords(what: string): string {
  return `The service cannot be reached now, so ${what} could not be checked. What you see is the copy on this computer; check again when the sync status says the service is back.`;
}

/**
 * Checks `source` against the service (see the file's comment). Never throws for the service's
 * reach or its refusals: those are an `unavailable` answer in words. Other failures are thrown.
 */
export async function checkListing(ctx: HandlerContext, source: ListingSource): Promise<ListingCheck> {
  const checkedAt = () => new Date().toISOString();
  if (!ctx.online()) return { outcome: 'unavailable', message: offlineCheckWords(source.what), checkedAt: checkedAt() };
  const before = source.keptInScope();
  const alsoKeep: ListedRecord[] = [];
  let read: { items: ListedRecord[]; complete: boolean };
  try {
    read = await allPages(async (cursor) => {
      const page = await source.page(cursor, pageLimit);
      alsoKeep.push(...(page.alsoKeep ?? []));
      return page;
    }, maxCheckedRecords);
    ctx.reachedService();
  } catch (err) {
    ctx.lostService(err);
    return { outcome: 'unavailable', message: refusalWords(err, source), checkedAt: checkedAt() };
  }
  const hasLocalWork = (id: string) => ctx.outbox.forRecord(id).length > 0;
  const newIds = read.items
    .filter(({ type, record }) => ctx.cache.applier.read(type, record.id) === null && !hasLocalWork(record.id))
    .map(({ record }) => record.id);
  keepServiceRecords(ctx, byType([...alsoKeep, ...read.items]));
  const listedIds = new Set(read.items.map(({ record }) => record.id));
  const notListed = read.complete ? before.filter((kept) => !listedIds.has(kept.id) && !hasLocalWork(kept.id)) : [];
  return {
    outcome: 'checked',
    listed: read.items.length,
    newHere: newIds.length,
    newIds,
    notListed,
    complete: read.complete,
    checkedAt: checkedAt(),
  };
}

/** The listed records grouped by type, as `keepServiceRecords` takes them. */
function byType(listed: readonly ListedRecord[]): ServiceRecords {
  const grouped: Partial<Record<SyncedType, { id: string; version: number }[]>> = {};
  for (const { type, record } of listed) {
    const list = grouped[type] ?? [];
    list.push(record);
    grouped[type] = list;
  }
  return grouped as ServiceRecords;
}

/** Words for a check the service could not answer (unreachable, 404, a refusal). */
function refusalWords(err: unknown, source: ListingSource): string {
  if (err instanceof ServiceError && err.status === 404 && source.notFound) return source.notFound;
  if (err instanceof BridgeError) {
    if (err.code === 'offline' || (err instanceof ServiceError && err.status === 0))
      return offlineCheckWords(source.what);
    return `The service did not answer the check of ${source.what}: ${err.message}`;
  }
  throw err;
}
