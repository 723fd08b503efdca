/**
 * Every branch this computer has read from the service, kept for offline use (the Branch Locator
 * searches them when the service cannot be reached, and lists the last answer to a search from them
 * while it asks again). Branches are not in the change feed (api/openapi.yaml, ChangeType), so this
 * is the client's whole knowledge of them: one row per branch in cache.db's `kept_branches`
 * (cache/migrations/007-kept-branches.ts), written only for the branches an answer names, and read
 * by id, by company or by a bounding box around a search point, so a search parses only the
 * branches it lists.
 */
import { type Located, nearestFirst } from '../../../../api/geo-distance';
import type { Branch, LocatorQuery } from '../../../../preload/contract';
import type { HandlerContext } from '../context';
import { boundingBox } from './bounding-box';
import { keptBranchesTable as table } from './kept-table';

/** A kept branch's position and id: what a search reads before it knows which branches it lists. */
export interface KeptPosition extends Located {
  kind: Branch['kind'];
}

/** What the view shows of the kept branches: how many, and when one was last read (ISO 8601 UTC; null when never). */
export interface KeptFigures {
  keptCount: number;
  keptAt: string | null;
}

/**
 * Which kept branches an answer shows no longer exist, besides those it names: `ids` (a 404),
 * every branch of `companyId` (a company's full list), or every branch within the radius of a
 * search of that kind (a complete locator answer).
 */
export type GoneScope = { ids: string[] } | { companyId: string } | { around: LocatorQuery };

const parse = (json: string) => JSON.parse(json) as Branch;

/** The kept branch `id`, or null when this computer never read it (or read that it is gone). */
export function keptBranch(ctx: HandlerContext, id: string): Branch | null {
  const json = ctx.cache.db.prepare(`SELECT branch FROM ${table} WHERE id = ?`).pluck().get(id) as string | undefined;
  return json === undefined ? null : parse(json);
}

/** The kept branches of `ids` (those kept; any order), by id. */
export function keptBranchesById(ctx: HandlerContext, ids: readonly string[]): Map<string, Branch> {
  const found = new Map<string, Branch>();
  if (ids.length === 0) return found;
  const rows = ctx.cache.db
    .prepare(`SELECT branch FROM ${table} WHERE id IN (SELECT value FROM json_each(?))`)
    .pluck()
    .all(JSON.stringify(ids)) as string[];
  for (const json of rows) {
    const branch = parse(json);
    found.set(branch.id, branch);
  }
  return found;
}

/**
 * The positions of the kept branches of `query.kind` (any kind when absent) in a box that holds
 * the search's radius (bounding-box.ts); some are outside the radius: `nearestFirst` decides.
 */
export function keptPositions(ctx: HandlerContext, query: LocatorQuery): KeptPosition[] {
  const box = boundingBox(query, query.radiusKm);
  const longitudes = box.longitudes.map(() => 'longitude BETWEEN ? AND ?').join(' OR ');
  const kind = query.kind === undefined ? '' : ' AND kind = ?';
  return ctx.cache.db
    .prepare(
      `SELECT id, latitude, longitude, kind FROM ${table} WHERE latitude BETWEEN ? AND ? AND (${longitudes})${kind}`,
    )
    .all(
      box.minLatitude,
      box.maxLatitude,
      ...box.longitudes.flat(),
      ...(query.kind === undefined ? [] : [query.kind]),
    ) as KeptPosition[];
}

/** The ids of the kept branches of company `companyId`. */
function idsOfCompany(ctx: HandlerContext, companyId: string): string[] {
  return ctx.cache.db.prepare(`SELECT id FROM ${table} WHERE company_id = ?`).pluck().all(companyId) as string[];
}

/** How many branches are kept and when the last was read. */
export function keptFigures(ctx: HandlerContext): KeptFigures {
  const row = ctx.cache.db.prepare(`SELECT count(*) AS keptCount, max(read_at) AS keptAt FROM ${table}`).get() as {
    keptCount: number;
    keptAt: string | null;
  };
  return { keptCount: row.keptCount, keptAt: row.keptAt };
}

/** The kept branches `scope` covers that are not in `kept` (see `GoneScope`). */
function goneIds(ctx: HandlerContext, scope: GoneScope, kept: ReadonlySet<string>): string[] {
  const inScope =
    'ids' in scope
      ? scope.ids
      : 'companyId' in scope
        ? idsOfCompany(ctx, scope.companyId)
        : nearestFirst(keptPositions(ctx, scope.around), scope.around, scope.around.radiusKm).map((n) => n.item.id);
  return inScope.filter((id) => !kept.has(id));
}

/**
 * Records what the service just answered, in one transaction: the `read` branches are kept
 * (replacing older copies), and the kept branches `gone` covers that `read` does not name are
 * deleted (see `GoneScope`). Only those rows are written. Throws SQLite's errors (nothing is
 * written then).
 */
export function keepBranches(ctx: HandlerContext, read: readonly Branch[], gone?: GoneScope): void {
  const { db } = ctx.cache;
  const readAt = new Date().toISOString();
  db.transaction(() => {
    if (gone) {
      const ids = goneIds(ctx, gone, new Set(read.map((b) => b.id)));
      if (ids.length > 0)
        db.prepare(`DELETE FROM ${table} WHERE id IN (SELECT value FROM json_each(?))`).run(JSON.stringify(ids));
    }
    const upsert = db.prepare(
      `INSERT INTO ${table} (id, company_id, latitude, longitude, kind, branch, read_at) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET company_id = excluded.company_id, latitude = excluded.latitude,
         longitude = excluded.longitude, kind = excluded.kind, branch = excluded.branch, read_at = excluded.read_at`,
    );
    for (const b of read) upsert.run(b.id, b.companyId, b.latitude, b.longitude, b.kind, JSON.stringify(b), readAt);
  })();
}
