/** Companies: storage, search and keyset lists. */
import type { components } from '../../api/generated/schema';
import type { ContractAjv } from '../contract/ajv';
import type { ChangeFeed } from '../sync/feed';
import { type JsonPage, keysetPage, prefixMatch, type SortSpec } from './paging';
import { type RecordBody, RecordTable } from './record-table';
import type { Db } from './schema';

/** The contract's Company. */
export type Company = components['schemas']['Company'];
/** Sort orders of `getCompanies`. */
export type CompanySort = 'name' | '-name' | 'updatedAt' | '-updatedAt';

const sorts: Record<CompanySort, SortSpec> = {
  name: { name: 'name', columns: ['name', 'id'], desc: false },
  '-name': { name: '-name', columns: ['name', 'id'], desc: true },
  updatedAt: { name: 'updatedAt', columns: ['updated_at', 'id'], desc: false },
  '-updatedAt': { name: '-updatedAt', columns: ['updated_at', 'id'], desc: true },
};

/** Filters and paging of a company list. */
export interface CompanyListQuery {
  q?: string;
  sort?: CompanySort;
  cursor?: string;
  limit: number;
}

/** Companies repository. */
export class CompanyRepo {
  readonly table: RecordTable<Company>;
  private readonly db: Db;

  constructor(db: Db, feed: ChangeFeed, ajv: ContractAjv) {
    this.db = db;
    this.table = new RecordTable<Company>(db, feed, ajv, {
      table: 'companies',
      type: 'company',
      schema: 'Company',
      columnNames: ['name', 'updated_at'],
      columns: (r) => ({ name: r.name, updated_at: r.updatedAt }),
      search: { table: 'company_search', text: (r) => r.name },
    });
  }

  /** The company, or undefined. */
  get(id: string): Company | undefined {
    return this.table.get(id);
  }

  /** Creates or replaces a company. */
  save(id: string, body: RecordBody<Company>, times?: { createdAt?: string; updatedAt?: string }): Company {
    return this.table.write(id, body, undefined, times);
  }

  /** Deletes a company (tombstone in the feed). Returns false when there was none. */
  delete(id: string): boolean {
    return this.table.remove(id, undefined);
  }

  /** One page of companies (JSON texts). */
  list(query: CompanyListQuery): JsonPage {
    const where: string[] = [];
    const params: unknown[] = [];
    if (query.q !== undefined) {
      const match = prefixMatch(query.q);
      if (match === null) return { items: [], nextCursor: null };
      where.push('rowid IN (SELECT rowid FROM company_search WHERE company_search MATCH ?)');
      params.push(match);
    }
    return keysetPage(this.db, {
      list: 'companies',
      table: 'companies',
      where,
      params,
      sort: sorts[query.sort ?? 'name'],
      cursor: query.cursor,
      limit: query.limit,
    });
  }

  /** Number of companies. */
  count(): number {
    return this.db.prepare('SELECT COUNT(*) FROM companies').pluck().get() as number;
  }
}
