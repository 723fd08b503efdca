/**
 * Company reads from the cache: windows of the list ordered by name, with optional full-text
 * search over name, industry and city, and one company with how many cached contacts it has.
 */
import type { Database } from 'better-sqlite3';
import { buildPrefixQuery } from '../../../../api/full-text-query';
import type { CompanyRow, RowWindow } from '../../../../preload/contract';
import { createCountCache } from '../../cache/count-cache';
import { cappedCount, type SearchWindow, searchWindow } from '../search/search-window';

/** The columns of a `Company` (bridge shape) from the companies table. */
export const companyColumns = `id, name, industry, website, phone, street, city, postal_code AS postalCode, country, updated_at AS updatedAt`;
const rowColumns = `co.id, co.name, co.industry, co.website, co.phone, co.street, co.city, co.postal_code AS postalCode, co.country,
  co.updated_at AS updatedAt, coalesce(co.local_state, 'synced') AS syncState,
  (SELECT count(*) FROM contacts c WHERE c.company_id = co.id) AS contactCount`;
const order = 'ORDER BY co.name COLLATE NOCASE, co.id';

/** Company queries over the cache. */
export interface CompaniesStore {
  list(query: string | undefined, offset: number, limit: number): RowWindow<CompanyRow>;
  get(id: string): CompanyRow | null;
  /** Companies matching `query`, best first (global search; see search/search-window.ts). */
  search(query: string, limit: number): SearchWindow<CompanyRow>;
}

/** Creates the CompaniesStore over `db`. */
export function createCompaniesStore(db: Database): CompaniesStore {
  const all = db.prepare(`SELECT ${rowColumns} FROM companies co ${order} LIMIT ? OFFSET ?`);
  const countAll = db.prepare('SELECT count(*) FROM companies').pluck();
  const matching = db.prepare(
    `SELECT ${rowColumns} FROM companies co WHERE co.rowid IN (SELECT rowid FROM companies_fts WHERE companies_fts MATCH ?) ${order} LIMIT ? OFFSET ?`,
  );
  const byRank = db.prepare(
    `SELECT ${rowColumns} FROM companies_fts f JOIN companies co ON co.rowid = f.rowid WHERE companies_fts MATCH ? ORDER BY f.rank LIMIT ?`,
  );
  const countMatching = db.prepare('SELECT count(*) FROM companies_fts WHERE companies_fts MATCH ?').pluck();
  const firstMatching = db.prepare(
    `SELECT ${rowColumns} FROM companies_fts f JOIN companies co ON co.rowid = f.rowid WHERE companies_fts MATCH ? LIMIT ?`,
  );
  const countSome = cappedCount(db, 'companies_fts');
  const byId = db.prepare(`SELECT ${rowColumns} FROM companies co WHERE co.id = ?`);
  const counts = createCountCache(db);
  return {
    list(query, offset, limit) {
      const text = query?.trim();
      if (!text)
        return { rows: all.all(limit, offset) as CompanyRow[], total: counts.get('', () => countAll.get() as number) };
      const match = buildPrefixQuery(text);
      if (!match) return { rows: [], total: 0 };
      return {
        rows: matching.all(match, limit, offset) as CompanyRow[],
        total: counts.get(match, () => countMatching.get(match) as number),
      };
    },
    get: (id) => (byId.get(id) as CompanyRow | undefined) ?? null,
    search: (query, limit) =>
      searchWindow(
        buildPrefixQuery(query),
        countSome,
        (match) => byRank.all(match, limit) as CompanyRow[],
        (match) => firstMatching.all(match, limit) as CompanyRow[],
      ),
  };
}
