/**
 * Contact reads from the cache: windows of the list ordered by last name then first name, with
 * optional full-text search (FTS5, prefix per word), and one contact with its company. Search picks
 * its plan by how many contacts match, so broad and narrow queries both stay fast at 100k contacts.
 */
import type { Database } from 'better-sqlite3';
import type { Company, ContactDetail, ContactRow, RowWindow } from '../../../preload/contract';
import { createCountCache } from './count-cache';
import { buildPrefixQuery } from '../../../api/full-text-query';

/** Contact queries over the cache. */
export interface ContactsStore {
  /** Rows `offset`..`offset+limit` of the contacts matching `query` (all when empty), and how many match. */
  list(query: string | undefined, offset: number, limit: number): RowWindow<ContactRow>;
  get(id: string): ContactDetail | null;
}

const rowColumns = `c.id, c.first_name AS firstName, c.last_name AS lastName, c.email, c.phone, c.job_title AS jobTitle,
  c.company_id AS companyId, c.company_name AS companyName, c.type, c.state, c.city, c.country, c.updated_at AS updatedAt`;
const order = 'ORDER BY c.last_name COLLATE NOCASE, c.first_name COLLATE NOCASE, c.id';
/** How many name-index entries cost as much as sorting one match (measured at 100k contacts). */
const walkCostFactor = 16;
const companyColumns = `id, name, industry, website, phone, street, city, postal_code AS postalCode, country, updated_at AS updatedAt`;

/** Creates the ContactsStore over `db` (statements prepared once). */
export function createContactsStore(db: Database): ContactsStore {
  const everyone = db.prepare(`SELECT ${rowColumns} FROM contacts c ${order} LIMIT ? OFFSET ?`);
  const countAll = db.prepare('SELECT count(*) FROM contacts').pluck();
  // Two plans for a search window (see `list`): sort the matches, or walk the name index and keep matches.
  const sortMatches = db.prepare(
    `SELECT ${rowColumns} FROM contacts_fts f JOIN contacts c ON c.rowid = f.rowid WHERE contacts_fts MATCH ? ${order} LIMIT ? OFFSET ?`,
  );
  const walkNameIndex = db.prepare(
    `SELECT ${rowColumns} FROM contacts c INDEXED BY contacts_by_name
     WHERE c.rowid IN (SELECT rowid FROM contacts_fts WHERE contacts_fts MATCH ?) ${order} LIMIT ? OFFSET ?`,
  );
  const countMatching = db.prepare('SELECT count(*) FROM contacts_fts WHERE contacts_fts MATCH ?').pluck();
  const byId = db.prepare(`SELECT ${rowColumns} FROM contacts c WHERE c.id = ?`);
  const companyById = db.prepare(`SELECT ${companyColumns} FROM companies WHERE id = ?`);
  const counts = createCountCache(db);

  return {
    list(query, offset, limit) {
      const match = query ? buildPrefixQuery(query) : null;
      if (!match) {
        return {
          rows: everyone.all(limit, offset) as ContactRow[],
          total: counts.get('', () => countAll.get() as number),
        };
      }
      const total = counts.get(match, () => countMatching.get(match) as number);
      if (total === 0) return { rows: [], total };
      // Sorting costs about one row lookup per match; walking the name index costs about
      // (offset + limit) · all / matches index entries, each much cheaper (measured factor ~16).
      const contacts = counts.get('', () => countAll.get() as number);
      const walk = ((offset + limit) * contacts) / total < walkCostFactor * total;
      return { rows: (walk ? walkNameIndex : sortMatches).all(match, limit, offset) as ContactRow[], total };
    },
    get(id) {
      const row = byId.get(id) as ContactRow | undefined;
      if (!row) return null;
      const company = row.companyId ? ((companyById.get(row.companyId) as Company | undefined) ?? null) : null;
      return { ...row, company };
    },
  };
}
