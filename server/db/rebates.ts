/**
 * Rebate agreements and their earnings. Earnings are never stored: they are computed in SQL from the
 * deals as they are now, by the rule the contract's `Rebate` schema states (closedWon deals of a
 * covered company and category, in the agreement's currency and period; the tier by deal amount;
 * earning = amount × rate / 10000 rounded half up, in minor units).
 */
import type { components } from '../../api/generated/schema';
import type { ContractAjv } from '../contract/ajv';
import type { ChangeFeed } from '../sync/feed';
import { type JsonPage, keysetPage } from './paging';
import { type RecordBody, RecordTable } from './record-table';
import type { Db } from './schema';

/** The contract's Rebate. */
export type Rebate = components['schemas']['Rebate'];
/** The contract's RebateSummaryQuery. */
export type RebateSummaryQuery = components['schemas']['RebateSummaryQuery'];
/** The contract's RebateTotals. */
export type RebateTotals = components['schemas']['RebateTotals'];

/**
 * SQL of the qualifying (agreement, deal) pairs with `rebate_id, rebate_name, deal_id, title,
 * company_id, category, closed_at, amount, currency, rate_bp, earning`. `rebateWhere` and
 * `dealWhere` are extra SQL conditions on the aliases `rb` (rebates) and `d` (deals).
 */
export function earningsSql(rebateWhere = '1', dealWhere = '1'): string {
  return `SELECT q.*, (q.amount * q.rate_bp + 5000) / 10000 AS earning FROM (
    SELECT rb.id AS rebate_id, rb.name AS rebate_name, d.id AS deal_id, d.title, d.company_id, d.category,
      d.closed_at, d.amount, d.currency,
      (SELECT t.rate_bp FROM rebate_tiers t WHERE t.rebate_id = rb.id AND t.min_amount <= d.amount
        ORDER BY t.min_amount DESC LIMIT 1) AS rate_bp
    FROM rebates rb
    JOIN rebate_companies rc ON rc.rebate_id = rb.id
    JOIN deals d ON d.company_id = rc.company_id AND d.stage = 'closedWon' AND d.currency = rb.currency
      AND d.closed_at >= rb.period_start AND d.closed_at < date(rb.period_end, '+1 day')
    WHERE (${rebateWhere}) AND (${dealWhere})
      AND (NOT EXISTS (SELECT 1 FROM rebate_categories c WHERE c.rebate_id = rb.id)
        OR d.category IN (SELECT c.category FROM rebate_categories c WHERE c.rebate_id = rb.id))
  ) q WHERE q.rate_bp IS NOT NULL`;
}

const quarterOf = "substr(e.closed_at, 1, 4) || '-Q' || ((CAST(substr(e.closed_at, 6, 2) AS INTEGER) + 2) / 3)";

/** Per grouping: the SQL of the group key and of its label (the key itself when omitted). */
const groupKeys: Record<RebateSummaryQuery['groupBy'], { key: string; label?: string }> = {
  rebate: { key: 'e.rebate_id', label: 'min(e.rebate_name)' },
  company: { key: 'e.company_id', label: 'coalesce(min(co.name), e.company_id)' },
  category: { key: 'e.category' },
  month: { key: 'substr(e.closed_at, 1, 7)' },
  quarter: { key: quarterOf },
  year: { key: 'substr(e.closed_at, 1, 4)' },
};

/** Rebate agreements repository. */
export class RebateRepo {
  readonly table: RecordTable<Rebate>;
  private readonly db: Db;
  private readonly clearStmts;
  private readonly companyStmt;
  private readonly categoryStmt;
  private readonly tierStmt;

  constructor(db: Db, feed: ChangeFeed, ajv: ContractAjv) {
    this.db = db;
    this.table = new RecordTable<Rebate>(db, feed, ajv, {
      table: 'rebates',
      schema: 'Rebate',
      columnNames: ['name', 'kind', 'currency', 'period_start', 'period_end', 'updated_at'],
      columns: (r) => ({
        name: r.name,
        kind: r.kind,
        currency: r.currency,
        period_start: r.periodStart,
        period_end: r.periodEnd,
        updated_at: r.updatedAt,
      }),
    });
    this.clearStmts = ['rebate_companies', 'rebate_categories', 'rebate_tiers'].map((t) =>
      db.prepare(`DELETE FROM ${t} WHERE rebate_id = ?`),
    );
    this.companyStmt = db.prepare('INSERT INTO rebate_companies (rebate_id, company_id) VALUES (?, ?)');
    this.categoryStmt = db.prepare('INSERT INTO rebate_categories (rebate_id, category) VALUES (?, ?)');
    this.tierStmt = db.prepare('INSERT INTO rebate_tiers (rebate_id, min_amount, rate_bp) VALUES (?, ?, ?)');
  }

  /** The agreement, or undefined. */
  get(id: string): Rebate | undefined {
    return this.table.get(id);
  }

  /** Creates or replaces an agreement with its covered companies, categories and tiers (one transaction). */
  save(id: string, body: RecordBody<Rebate>, times?: { createdAt?: string; updatedAt?: string }): Rebate {
    return this.db.transaction(() => {
      const rebate = this.table.write(id, body, undefined, times);
      for (const stmt of this.clearStmts) stmt.run(id);
      for (const companyId of rebate.companyIds) this.companyStmt.run(id, companyId);
      for (const category of rebate.categories) this.categoryStmt.run(id, category);
      for (const tier of rebate.tiers) this.tierStmt.run(id, tier.minAmount, tier.rateBasisPoints);
      return rebate;
    })();
  }

  /** One page of an agreement's deal earnings (RebateDealEarning JSON texts) by `closedAt`. */
  dealEarnings(query: { rebateId: string; desc: boolean; cursor?: string; limit: number }): JsonPage {
    const table = `(SELECT json_object('rebateId', rebate_id, 'dealId', deal_id, 'dealTitle', title,
      'companyId', company_id, 'category', category, 'closedAt', closed_at, 'dealAmount', amount,
      'currency', currency, 'rateBasisPoints', rate_bp, 'earning', earning) AS data, closed_at, deal_id
      FROM (${earningsSql('rb.id = ?')}))`;
    const name = query.desc ? '-closedAt' : 'closedAt';
    return keysetPage(this.db, {
      list: `rebateDealEarnings:${query.rebateId}`,
      table,
      params: [query.rebateId],
      sort: { name, columns: ['closed_at', 'deal_id'], desc: query.desc },
      cursor: query.cursor,
      limit: query.limit,
    });
  }

  /**
   * Totals of the qualifying pairs that pass the query's filters: one page of rows by group key and
   * currency (RebateSummaryRow JSON texts), and the totals per currency over every row.
   */
  summary(query: RebateSummaryQuery): { page: JsonPage; totals: RebateTotals[] } {
    const rebateWhere: string[] = ['1'];
    const dealWhere: string[] = ['1'];
    const params: unknown[] = [];
    if (query.rebateIds !== undefined) {
      rebateWhere.push('rb.id IN (SELECT value FROM json_each(?))');
      params.push(JSON.stringify(query.rebateIds));
    }
    if (query.kind !== undefined) {
      rebateWhere.push('rb.kind = ?');
      params.push(query.kind);
    }
    if (query.companyId !== undefined) {
      dealWhere.push('d.company_id = ?');
      params.push(query.companyId);
    }
    if (query.from !== undefined) {
      dealWhere.push('d.closed_at >= ?');
      params.push(query.from);
    }
    if (query.to !== undefined) {
      dealWhere.push("d.closed_at < date(?, '+1 day')");
      params.push(query.to);
    }
    const earnings = earningsSql(rebateWhere.join(' AND '), dealWhere.join(' AND '));
    const group = groupKeys[query.groupBy];
    const table = `(SELECT json_object('key', ${group.key}, 'label', ${group.label ?? group.key}, 'currency', e.currency,
      'earningCount', count(*), 'dealAmount', sum(e.amount), 'earning', sum(e.earning)) AS data,
      ${group.key} AS group_key, e.currency AS currency
      FROM (${earnings}) e LEFT JOIN companies co ON co.id = e.company_id
      GROUP BY group_key, e.currency)`;
    const page = keysetPage(this.db, {
      list: `rebateSummary:${query.groupBy}`,
      table,
      params,
      sort: { name: 'key', columns: ['group_key', 'currency'], desc: false },
      cursor: query.cursor,
      cursorPointer: '/body/cursor',
      limit: query.limit ?? 100,
    });
    const totals = this.db
      .prepare(
        `SELECT currency, count(*) AS earningCount, sum(amount) AS dealAmount, sum(earning) AS earning
         FROM (${earnings}) GROUP BY currency ORDER BY currency`,
      )
      .all(...params) as RebateTotals[];
    return { page, totals };
  }
}
