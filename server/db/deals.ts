/** PSA deals: storage, lists by company, contact or category, and the most recently changed ones. */
import type { components } from '../../api/generated/schema';
import type { ContractAjv } from '../contract/ajv';
import type { ChangeFeed } from '../sync/feed';
import { type JsonPage, keysetPage, type SortSpec } from './paging';
import { type RecordBody, RecordTable } from './record-table';
import type { Db } from './schema';

/** The contract's Deal. */
export type Deal = components['schemas']['Deal'];
/** The contract's DealSort. */
export type DealSort = components['schemas']['DealSort'];
/** The contract's DealStage. */
export type DealStage = components['schemas']['DealStage'];
/** The contract's DealCategory. */
export type DealCategory = components['schemas']['DealCategory'];

const sorts: Record<DealSort, SortSpec> = {
  updatedAt: { name: 'updatedAt', columns: ['updated_at', 'id'], desc: false },
  '-updatedAt': { name: '-updatedAt', columns: ['updated_at', 'id'], desc: true },
  expectedCloseDate: { name: 'expectedCloseDate', columns: ['expected_close_date', 'id'], desc: false },
  '-expectedCloseDate': { name: '-expectedCloseDate', columns: ['expected_close_date', 'id'], desc: true },
  title: { name: 'title', columns: ['title', 'id'], desc: false },
  '-title': { name: '-title', columns: ['title', 'id'], desc: true },
};

/** A deal list: exactly one of the `companyId`, `contactId`, `category` scopes, an optional stage, paging. */
export interface DealListQuery {
  scope: { companyId: string } | { contactId: string } | { category: DealCategory };
  stage?: DealStage;
  sort?: DealSort;
  cursor?: string;
  limit: number;
}

/** Deals repository. */
export class DealRepo {
  readonly table: RecordTable<Deal>;
  private readonly db: Db;
  private readonly recentStmt;

  constructor(db: Db, feed: ChangeFeed, ajv: ContractAjv) {
    this.db = db;
    this.table = new RecordTable<Deal>(db, feed, ajv, {
      table: 'deals',
      schema: 'Deal',
      columnNames: [
        'company_id',
        'contact_id',
        'category',
        'stage',
        'title',
        'expected_close_date',
        'closed_at',
        'amount',
        'currency',
        'updated_at',
      ],
      columns: (r) => ({
        company_id: r.companyId,
        contact_id: r.contactId,
        category: r.category,
        stage: r.stage,
        title: r.title,
        expected_close_date: r.expectedCloseDate,
        closed_at: r.closedAt,
        amount: r.amount,
        currency: r.currency,
        updated_at: r.updatedAt,
      }),
    });
    this.recentStmt = db.prepare('SELECT data FROM deals ORDER BY updated_at DESC, id DESC LIMIT ?').pluck();
  }

  /** The deal, or undefined. */
  get(id: string): Deal | undefined {
    return this.table.get(id);
  }

  /** Creates or replaces a deal. Throws when the record does not match the contract. */
  save(id: string, body: RecordBody<Deal>, times?: { createdAt?: string; updatedAt?: string }): Deal {
    return this.table.write(id, body, undefined, times);
  }

  /** One page of deals (JSON texts) of one company, contact or category. */
  list(query: DealListQuery): JsonPage {
    const [[field, value]] = Object.entries(query.scope) as Array<[string, string]>;
    const column = { companyId: 'company_id', contactId: 'contact_id', category: 'category' }[field] as string;
    const where = [`${column} = ?`];
    const params: unknown[] = [value];
    if (query.stage !== undefined) {
      where.push('stage = ?');
      params.push(query.stage);
    }
    return keysetPage(this.db, {
      list: `deals:${field}`,
      table: 'deals',
      where,
      params,
      sort: sorts[query.sort ?? '-updatedAt'],
      cursor: query.cursor,
      limit: query.limit,
    });
  }

  /** The JSON texts of the `limit` most recently changed deals, newest first (ties by id). */
  recent(limit: number): string[] {
    return this.recentStmt.all(limit) as string[];
  }
}
