/** Branches: storage, a company's branch list and the nearest-first locator. */
import { createHash } from 'node:crypto';
import type { components } from '../../api/generated/schema';
import type { ContractAjv } from '../contract/ajv';
import { boundingBox, haversineKm } from '../geo/great-circle';
import type { ChangeFeed } from '../sync/feed';
import { type JsonPage, keysetPage, type SortSpec } from './paging';
import { type RecordBody, RecordTable } from './record-table';
import type { Db } from './schema';

/** The contract's Branch. */
export type Branch = components['schemas']['Branch'];
/** The contract's BranchKind. */
export type BranchKind = components['schemas']['BranchKind'];
/** Sort orders of `getCompanyBranches`. */
export type BranchSort = 'name' | '-name' | 'updatedAt' | '-updatedAt';

const sorts: Record<BranchSort, SortSpec> = {
  name: { name: 'name', columns: ['name', 'id'], desc: false },
  '-name': { name: '-name', columns: ['name', 'id'], desc: true },
  updatedAt: { name: 'updatedAt', columns: ['updated_at', 'id'], desc: false },
  '-updatedAt': { name: '-updatedAt', columns: ['updated_at', 'id'], desc: true },
};

/** A locator search: a point (degrees), a radius (km), optional filters and paging. */
export interface BranchNearQuery {
  latitude: number;
  longitude: number;
  radiusKm: number;
  companyId?: string;
  kind?: BranchKind;
  cursor?: string;
  limit: number;
}

/** Branches repository. Registers the SQL function `brm_distance_km(lat1, lon1, lat2, lon2)` (haversine, km). */
export class BranchRepo {
  readonly table: RecordTable<Branch>;
  private readonly db: Db;
  private readonly headquartersStmt;

  constructor(db: Db, feed: ChangeFeed, ajv: ContractAjv) {
    this.db = db;
    db.function('brm_distance_km', { deterministic: true }, (lat1, lon1, lat2, lon2) =>
      haversineKm(Number(lat1), Number(lon1), Number(lat2), Number(lon2)),
    );
    this.table = new RecordTable<Branch>(db, feed, ajv, {
      table: 'branches',
      schema: 'Branch',
      columnNames: ['company_id', 'name', 'kind', 'latitude', 'longitude', 'updated_at'],
      columns: (r) => ({
        company_id: r.companyId,
        name: r.name,
        kind: r.kind,
        latitude: r.latitude,
        longitude: r.longitude,
        updated_at: r.updatedAt,
      }),
    });
    this.headquartersStmt = db
      .prepare("SELECT id FROM branches WHERE company_id = ? AND kind = 'headquarters'")
      .pluck();
  }

  /** The branch, or undefined. */
  get(id: string): Branch | undefined {
    return this.table.get(id);
  }

  /** Creates or replaces a branch (the caller checks the company and the one-headquarters rule). */
  save(id: string, body: RecordBody<Branch>, times?: { createdAt?: string; updatedAt?: string }): Branch {
    return this.table.write(id, body, undefined, times);
  }

  /** Deletes a branch; false when there was none. */
  remove(id: string): boolean {
    return this.table.remove(id, undefined);
  }

  /** The id of the company's headquarters branch, or undefined. */
  headquartersOf(companyId: string): string | undefined {
    return this.headquartersStmt.get(companyId) as string | undefined;
  }

  /** One page of a company's branches (JSON texts). */
  listOfCompany(query: { companyId: string; kind?: BranchKind; sort?: BranchSort; cursor?: string; limit: number }) {
    const where = ['company_id = ?'];
    const params: unknown[] = [query.companyId];
    if (query.kind !== undefined) {
      where.push('kind = ?');
      params.push(query.kind);
    }
    return keysetPage(this.db, {
      list: 'companyBranches',
      table: 'branches',
      where,
      params,
      sort: sorts[query.sort ?? 'name'],
      cursor: query.cursor,
      limit: query.limit,
    });
  }

  /**
   * One page of the branches within `radiusKm` of the point, nearest first (ties by id); each item
   * is a NearbyBranch JSON text `{ distanceKm, branch }` with the distance rounded to metres. The
   * position index narrows the rows to a bounding box; the exact haversine distance decides. A cursor
   * is bound to the point, radius and filters (another search's cursor is a 400).
   */
  near(query: BranchNearQuery): JsonPage {
    const box = boundingBox(query.latitude, query.longitude, query.radiusKm);
    const inner = ['latitude BETWEEN ? AND ?'];
    const params: unknown[] = [query.latitude, query.longitude, box.minLat, box.maxLat];
    inner.push(`(${box.lonRanges.map(() => 'longitude BETWEEN ? AND ?').join(' OR ')})`);
    for (const [min, max] of box.lonRanges) params.push(min, max);
    if (query.companyId !== undefined) {
      inner.push('company_id = ?');
      params.push(query.companyId);
    }
    if (query.kind !== undefined) {
      inner.push('kind = ?');
      params.push(query.kind);
    }
    const table = `(SELECT json_object('distanceKm', round(d, 3), 'branch', json(data)) AS data, id, d AS distance_km
      FROM (SELECT data, id, brm_distance_km(?, ?, latitude, longitude) AS d FROM branches WHERE ${inner.join(' AND ')}))`;
    const search = JSON.stringify([query.latitude, query.longitude, query.radiusKm, query.companyId, query.kind]);
    return keysetPage(this.db, {
      list: `branchLocator:${createHash('sha256').update(search).digest('base64url').slice(0, 16)}`,
      table,
      where: ['distance_km <= ?'],
      params: [...params, query.radiusKm],
      sort: { name: 'distance', columns: ['distance_km', 'id'], desc: false },
      cursor: query.cursor,
      cursorPointer: '/body/cursor',
      limit: query.limit,
    });
  }
}
