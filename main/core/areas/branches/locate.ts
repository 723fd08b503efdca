/**
 * `branches.locate`: the branches within a radius of a point, nearest first, ties by id (the rule of
 * the service's `Branch Locator`, api/openapi.yaml, shared as api/geo-distance.ts `nearestFirst`).
 * - A search the service answered before (same point, radius and kind; remembered in the query
 *   cache) is listed at once from the kept branches, and the service is asked again in the
 *   background (kept.ts `refreshInBackground`: once at a time, not again within its quiet time;
 *   `answers.refreshed` names 'branches' when it ends): source 'lastAnswer'.
 * - Any other search waits for the service when it can be reached: source 'service'.
 * - When it cannot: the same rule over every branch this computer has read: source 'kept'.
 * Every answer keeps the branches it names, and a complete one deletes the kept branches of that
 * kind within the radius it no longer names (kept-branches.ts). Queued edits show over the
 * service's branches (queued.ts); a branch whose delete waits is left out.
 */
import { nearestFirst } from '../../../../api/geo-distance';
import {
  type Branch,
  type BranchRow,
  BridgeError,
  type LocatedBranch,
  type LocatorAnswer,
  type LocatorQuery,
  maxLocated,
} from '../../../../preload/contract';
import { allPages } from '../all-pages';
import type { HandlerContext } from '../context';
import { refreshInBackground } from '../kept';
import { keepBranches, keptBranchesById, keptFigures, keptPositions } from './kept-branches';
import { pageSize, timeoutMs } from './paging';
import { queuedBranchEntries, withQueued } from './queued';

/** What is remembered of the service's last answer to one search (the query cache, beside its time). */
interface Answered {
  /** False when more branches were within the radius than the service listed. */
  complete: boolean;
}

/** A search's branches, nearest first: the first `maxLocated` with their rows, and how many in all. */
interface Found {
  listed: Array<{ distanceKm: number; row: BranchRow }>;
  total: number;
}

/** The query-cache key of one search (point, radius and kind). */
function searchKey(query: LocatorQuery): string {
  return `branchLocator:${query.latitude}:${query.longitude}:${query.radiusKm}:${query.kind ?? ''}`;
}

/** Name of company `companyId` from the cache, or null (one read per company). */
export function companyNameOf(ctx: HandlerContext, companyId: string): string | null {
  return ctx.stores.companies.get(ctx.writes.currentId(companyId))?.name ?? null;
}

/**
 * Asks the service for the search (every page, up to `maxLocated`), keeps the branches it names
 * (deleting the kept ones it shows gone) and remembers that it answered. Throws the API client's
 * errors (nothing is kept then).
 */
async function askService(
  ctx: HandlerContext,
  query: LocatorQuery,
): Promise<{ branches: Branch[]; complete: boolean }> {
  const found = await allPages(
    (cursor) => ctx.session.api().call('branchLocator', { body: { ...query, limit: pageSize, cursor }, timeoutMs }),
    maxLocated,
  );
  const branches = found.items.map((item) => item.branch);
  keepBranches(ctx, branches, found.complete ? { around: query } : undefined);
  ctx.cache.state.putCached(
    searchKey(query),
    { complete: found.complete } satisfies Answered,
    new Date().toISOString(),
  );
  ctx.reachedService();
  return { branches, complete: found.complete };
}

/** The rows of the service's answer (with queued edits and branches created here), nearest first. */
function fromService(ctx: HandlerContext, query: LocatorQuery, branches: Branch[]): Found {
  const ofKind = (b: Branch) => query.kind === undefined || b.kind === query.kind;
  const rows = withQueued(ctx, branches, ofKind).filter((row) => row.queued?.kind !== 'delete');
  const located = nearestFirst(
    rows.map((row) => ({ id: row.branch.id, latitude: row.branch.latitude, longitude: row.branch.longitude, row })),
    query,
    query.radiusKm,
  );
  return {
    listed: located.slice(0, maxLocated).map(({ distanceKm, item }) => ({ distanceKm, row: item.row })),
    total: located.length,
  };
}

/**
 * The kept branches within the radius, nearest first, with queued edits: positions are read by a
 * bounding box and only the listed branches are parsed; a branch with a queued edit is placed where
 * the edit puts it.
 */
function fromKept(ctx: HandlerContext, query: LocatorQuery): Found {
  const ofKind = (b: Branch) => query.kind === undefined || b.kind === query.kind;
  const entries = queuedBranchEntries(ctx);
  const edited = withQueued(ctx, [...keptBranchesById(ctx, [...entries.keys()]).values()], ofKind).filter(
    (row) => ofKind(row.branch) && row.queued?.kind !== 'delete',
  );
  const points: Array<{ id: string; latitude: number; longitude: number; row: BranchRow | null }> = [];
  for (const { id, latitude, longitude } of keptPositions(ctx, query)) {
    if (!entries.has(id)) points.push({ id, latitude, longitude, row: null });
  }
  for (const row of edited) {
    points.push({ id: row.branch.id, latitude: row.branch.latitude, longitude: row.branch.longitude, row });
  }
  const located = nearestFirst(points, query, query.radiusKm);
  const listed = located.slice(0, maxLocated);
  const read = keptBranchesById(
    ctx,
    listed.filter((n) => n.item.row === null).map((n) => n.item.id),
  );
  return {
    listed: listed.flatMap(({ distanceKm, item }) => {
      const branch = read.get(item.id);
      const row = item.row ?? (branch ? { branch, queued: null } : null);
      return row ? [{ distanceKm, row }] : [];
    }),
    total: located.length,
  };
}

/** The answer the view gets: the listed branches with their companies' names and the kept figures. */
function answer(
  ctx: HandlerContext,
  found: Found,
  complete: boolean,
  source: LocatorAnswer['source'],
  refreshing = false,
): LocatorAnswer {
  const names = new Map<string, string | null>();
  const nameOf = (companyId: string) => {
    if (!names.has(companyId)) names.set(companyId, companyNameOf(ctx, companyId));
    return names.get(companyId) ?? null;
  };
  const items: LocatedBranch[] = found.listed.map(({ distanceKm, row }) => ({
    distanceKm,
    row,
    companyName: nameOf(row.branch.companyId),
  }));
  return {
    items,
    source,
    ...(refreshing ? { refreshing: true } : {}),
    ...keptFigures(ctx),
    complete: complete && found.total <= maxLocated,
  };
}

/**
 * Answers `branches.locate` (see the module docs). Throws the service's refusals other than
 * "offline" and "server error" when it was asked and could not answer.
 */
export async function locate(ctx: HandlerContext, query: LocatorQuery): Promise<LocatorAnswer> {
  const key = searchKey(query);
  const answered = ctx.cache.state.getCached<Answered>(key);
  if (answered && ctx.online()) {
    const refreshing = refreshInBackground(ctx, 'branches', key, () =>
      askService(ctx, query).catch((err: unknown) => {
        ctx.lostService(err);
        throw err;
      }),
    );
    return answer(ctx, fromKept(ctx, query), answered.value.complete, 'lastAnswer', refreshing);
  }
  if (ctx.online()) {
    try {
      const found = await askService(ctx, query);
      return answer(ctx, fromService(ctx, query, found.branches), found.complete, 'service');
    } catch (err) {
      ctx.lostService(err);
      if (err instanceof BridgeError && err.code !== 'offline' && err.code !== 'server_error') throw err;
    }
  }
  return answer(ctx, fromKept(ctx, query), true, 'kept');
}
