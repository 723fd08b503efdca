/**
 * Spend records (money spent per company, category and month, in minor units) and their sums,
 * computed in SQL: one row per group key and currency, keyset-paged like every other list.
 */
import type { components } from '../../api/generated/schema';
import type { ContractAjv } from '../contract/ajv';
import type { ChangeFeed } from '../sync/feed';
import { type JsonPage, keysetPage, type SortSpec } from './paging';
import { type RecordBody, RecordTable } from './record-table';
import type { Db } from './schema';

/** The contract's Spend record. */
export type Spend = components['schemas']['Spend'];
/** The contract's SpendQuery (body of `Query Spend`). */
export type SpendQuery = components['schemas']['SpendQuery'];
/** The contract's SpendTotal. */
export type SpendTotal = components['schemas']['SpendTotal'];
/** Sort orders of `getSpend`. */
export type SpendSort = 'period' | '-period' | 'amount' | '-amount';

/** The spend table: at most one record per company, direction, category, month and currency. */
export const spendDdl = `
CREATE TABLE spend (
  id TEXT PRIMARY KEY, company_id TEXT NOT NULL REFERENCES companies (id) ON DELETE CASCADE,
  direction TEXT NOT NULL, category TEXT NOT NULL, period TEXT NOT NULL, amount INTEGER NOT NULL,
  currency TEXT NOT NULL, version INTEGER NOT NULL, data TEXT NOT NULL,
  UNIQUE (company_id, direction, category, period, currency));
CREATE INDEX spend_company_period ON spend (company_id, period, category, id);
CREATE INDEX spend_period ON spend (period);
CREATE INDEX spend_category ON spend (category, period);
`;

const sorts: Record<SpendSort, SortSpec> = {
  period: { name: 'period', columns: ['period', 'category', 'id'], desc: false },
  '-period': { name: '-period', columns: ['period', 'category', 'id'], desc: true },
  amount: { name: 'amount', columns: ['amount', 'id'], desc: false },
  '-amount': { name: '-amount', columns: ['amount', 'id'], desc: true },
};

/** Filters and paging of one company's spend. Periods are `YYYY-MM`, inclusive. */
export interface SpendListQuery {
  companyId: string;
  from?: string;
  to?: string;
  category?: Spend['category'];
  sort?: SpendSort;
  cursor?: string;
  limit: number;
}

/** SQL of each `groupBy`: the key and the row's typed fields (null outside the dimension). */
const dimensions: Record<SpendQuery['groupBy'], { key: string; companyId: string; category: string; period: string }> =
  {
    company: { key: 'company_id', companyId: 'company_id', category: 'NULL', period: 'NULL' },
    category: { key: 'category', companyId: 'NULL', category: 'category', period: 'NULL' },
    period: { key: 'period', companyId: 'NULL', category: 'NULL', period: 'period' },
    none: { key: "'all'", companyId: 'NULL', category: 'NULL', period: 'NULL' },
  };

const aggregateSorts: Record<NonNullable<SpendQuery['sort']>, Omit<SortSpec, 'name'>> = {
  key: { columns: ['k', 'cur'], desc: false },
  '-key': { columns: ['k', 'cur'], desc: true },
  amount: { columns: ['total', 'k', 'cur'], desc: false },
  '-amount': { columns: ['total', 'k', 'cur'], desc: true },
};

/** The filters of a spend query (absent or undefined: no condition). */
type SpendFilters = {
  [K in 'companyIds' | 'categories' | 'direction' | 'currency' | 'from' | 'to']?: SpendQuery[K] | undefined;
};

/** The WHERE conditions and parameters of a spend query's filters. */
function filters(query: SpendFilters): { where: string[]; params: unknown[] } {
  const where: string[] = [];
  const params: unknown[] = [];
  const add = (sql: string, value: unknown) => {
    where.push(sql);
    params.push(value);
  };
  if (query.companyIds) add('company_id IN (SELECT value FROM json_each(?))', JSON.stringify(query.companyIds));
  if (query.categories) add('category IN (SELECT value FROM json_each(?))', JSON.stringify(query.categories));
  if (query.direction) add('direction = ?', query.direction);
  if (query.currency) add('currency = ?', query.currency);
  if (query.from) add('period >= ?', query.from);
  if (query.to) add('period <= ?', query.to);
  return { where, params };
}

/** ` WHERE a AND b`, or nothing. */
function whereClause(conditions: string[]): string {
  return conditions.length ? ` WHERE ${conditions.join(' AND ')}` : '';
}

/** Spend repository. */
export class SpendRepo {
  readonly table: RecordTable<Spend>;
  private readonly db: Db;

  constructor(db: Db, feed: ChangeFeed, ajv: ContractAjv) {
    this.db = db;
    this.table = new RecordTable<Spend>(db, feed, ajv, {
      table: 'spend',
      schema: 'Spend',
      columnNames: ['company_id', 'direction', 'category', 'period', 'amount', 'currency'],
      columns: (r) => ({
        company_id: r.companyId,
        direction: r.direction,
        category: r.category,
        period: r.period,
        amount: r.amount,
        currency: r.currency,
      }),
    });
  }

  /** Creates or replaces a spend record. Throws when it does not match the contract or duplicates a month's record. */
  save(id: string, body: RecordBody<Spend>, times?: { createdAt?: string; updatedAt?: string }): Spend {
    return this.table.write(id, body, undefined, times);
  }

  /** One page of a company's spend records (JSON texts). */
  list(query: SpendListQuery): JsonPage {
    const { where, params } = filters({
      companyIds: [query.companyId],
      categories: query.category ? [query.category] : undefined,
      from: query.from,
      to: query.to,
    });
    return keysetPage(this.db, {
      list: 'spend',
      table: 'spend',
      where,
      params,
      sort: sorts[query.sort ?? '-period'],
      cursor: query.cursor,
      limit: query.limit,
    });
  }

  /**
   * One page of sums per `groupBy` key and currency (rows as JSON texts of SpendAggregateRow), sorted
   * by key or amount; the cursor belongs to the `groupBy` and sort it was made with.
   */
  aggregate(query: SpendQuery): JsonPage {
    const dim = dimensions[query.groupBy];
    const sortName = query.sort ?? 'key';
    const { where, params } = filters(query);
    const inner = `(SELECT ${dim.key} AS k, currency AS cur, SUM(amount) AS total, json_object('key', ${dim.key},
      'companyId', ${dim.companyId}, 'category', ${dim.category}, 'period', ${dim.period}, 'currency', currency,
      'amount', SUM(amount), 'count', COUNT(*)) AS data FROM spend${whereClause(where)} GROUP BY k, cur)`;
    return keysetPage(this.db, {
      list: `spend:${query.groupBy}`,
      table: inner,
      params,
      sort: { name: sortName, ...aggregateSorts[sortName] },
      cursor: query.cursor,
      cursorPointer: '/body/cursor',
      limit: query.limit ?? 50,
    });
  }

  /** Sums of every record matching the filters, per currency (alphabetical). */
  totals(query: SpendFilters): SpendTotal[] {
    const { where, params } = filters(query);
    return this.db
      .prepare(
        `SELECT currency, SUM(amount) AS amount, COUNT(*) AS count FROM spend${whereClause(where)}
         GROUP BY currency ORDER BY currency`,
      )
      .all(...params) as SpendTotal[];
  }
}
