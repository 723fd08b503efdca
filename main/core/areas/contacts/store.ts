/**
 * Contact reads from the cache: windows of the list ordered by last name then first name, with
 * optional full-text search (FTS5, prefix per word; a phone number matches by any trailing part of
 * its digits) and filters by type, state and company, and one contact with its company. Search
 * picks its plan by how many contacts match, so broad and narrow queries both stay fast at 100k.
 */
import type { Database } from 'better-sqlite3';
import { buildPrefixQuery, phoneQueryDigits, queryWords } from '../../../../api/full-text-query';
import type {
  Company,
  ContactDetail,
  ContactRow,
  ContactState,
  ContactType,
  RowWindow,
} from '../../../../preload/contract';
import { createCountCache, createReadCache } from '../../cache/count-cache';
import { companyColumns } from '../companies/store';
import { cappedCount, type SearchWindow, searchWindow } from '../search/search-window';
import { asciiSearchWords, createListScan } from './list-scan';

/** Filters of the contact list; all optional. */
export interface ContactFilter {
  query?: string;
  type?: ContactType;
  state?: ContactState;
  companyId?: string;
}

/** Contact queries over the cache. */
export interface ContactsStore {
  /** Rows `offset`..`offset+limit` of the contacts matching `filter`, and how many match. */
  list(filter: ContactFilter, offset: number, limit: number): RowWindow<ContactRow>;
  get(id: string): ContactDetail | null;
  /** Contacts whose text matches `query`, best first (for global search); and how many match. */
  search(query: string, limit: number): SearchWindow<ContactRow>;
}

export const contactRowColumns = `c.id, c.first_name AS firstName, c.last_name AS lastName, c.email, c.phone, c.job_title AS jobTitle,
  c.company_id AS companyId, c.company_name AS companyName, c.type, c.state, c.city, c.country, c.updated_at AS updatedAt,
  coalesce(c.local_state, 'synced') AS syncState`;
const order = 'ORDER BY c.last_name COLLATE NOCASE, c.first_name COLLATE NOCASE, c.id';
/** How many name-index entries cost as much as sorting one match (measured at 100k contacts). */
const walkCostFactor = 16;
/**
 * The share of all contacts matching above which the name-index walk checks each entry against
 * the search index (`EXISTS`) instead of first collecting every match (`IN`): at 100k contacts,
 * a term in 95% of them took 4.1 ms against 12.7 ms, one in 50% 3.2 against 7.0, one in 38% 7.9
 * against 5.8 (docs/PERFORMANCE.md, row 3).
 */
const denseShare = 0.45;
/**
 * The most list rows a search window is expected to need when it is looked for by reading the list
 * in order and deciding each row from its text (list-scan.ts, about 2.5–5 µs a row); beyond, the
 * SQL plans below are faster. Measured at 100,000 contacts, windows of 100 rows: where up to about
 * 500 rows are needed (a fifth of the contacts or more match), reading took 1.1–3.2 ms against
 * 1.6–4.9 ms for the SQL plans; where more, 2.0–5.7 ms against 1.8–2.1 ms.
 */
const maxScanRows = 512;

/** Leading digits of an international number ("+1…", "0044…") that its saved national form lacks: a country code has 1–3 (ITU-T E.164). */
const maxCountryCodeDigits = 3;
/** The fewest digits left after dropping leading ones (shorter rests would match unrelated numbers). */
const minPhoneRestDigits = 7;

/**
 * How many leading digits of a typed phone number its saved form may lack: the "00" and the
 * country code of an international number ("+1 416…", "0049 30…", saved as "(416)…", "030…"), or
 * the trunk "0" of a national one ("030 1234567", saved as "+49 30 1234567").
 */
function droppableLeadingDigits(text: string): number {
  const typed = text.trim();
  if (typed.startsWith('+')) return maxCountryCodeDigits;
  if (typed.startsWith('00')) return 2 + maxCountryCodeDigits;
  return typed.startsWith('0') ? 1 : 0;
}

/**
 * The FTS5 query of what the user typed: every word as a prefix; when it looks like a phone
 * number, also its reversed digits against `phone_rev`, so any trailing part of a saved number
 * finds it, and the same digits without the leading ones its saved form may lack
 * (`droppableLeadingDigits`), so the international and national forms of a number find each
 * other. Null when it has no word (nothing matches: a search of punctuation alone finds nothing).
 */
export function contactMatch(text: string): string | null {
  const words = buildPrefixQuery(text);
  const digits = phoneQueryDigits(text);
  if (!digits) return words;
  const rests = [digits];
  const droppable = droppableLeadingDigits(text);
  for (let drop = 1; drop <= droppable && digits.length - drop >= minPhoneRestDigits; drop++) {
    rests.push(digits.slice(0, -drop));
  }
  const phone = rests.map((rest) => `phone_rev : "${rest}"*`).join(' OR ');
  return words ? `(${words}) OR ${phone}` : phone;
}

/**
 * Creates the ContactsStore over `db` (statements prepared once). `scanRows` is the most list rows
 * a search window is looked for in row by row (`maxScanRows`; 0 leaves it to the SQL plans).
 */
export function createContactsStore(db: Database, scanRows = maxScanRows): ContactsStore {
  const scan = createListScan(db, contactRowColumns);
  const everyone = db.prepare(`SELECT ${contactRowColumns} FROM contacts c ${order} LIMIT ? OFFSET ?`);
  const countAll = db.prepare('SELECT count(*) FROM contacts').pluck();
  // Three plans for a search window (see `list`): read the list and decide each row (list-scan.ts),
  // sort the matches, or walk the name index and keep matches.
  const sortMatches = db.prepare(
    `SELECT ${contactRowColumns} FROM contacts_fts f JOIN contacts c ON c.rowid = f.rowid WHERE contacts_fts MATCH ? ${order} LIMIT ? OFFSET ?`,
  );
  const walkNameIndex = db.prepare(
    `SELECT ${contactRowColumns} FROM contacts c INDEXED BY contacts_by_name
     WHERE c.rowid IN (SELECT rowid FROM contacts_fts WHERE contacts_fts MATCH ?) ${order} LIMIT ? OFFSET ?`,
  );
  const walkNameIndexDense = db.prepare(
    `SELECT ${contactRowColumns} FROM contacts c INDEXED BY contacts_by_name
     WHERE EXISTS (SELECT 1 FROM contacts_fts WHERE contacts_fts MATCH ? AND rowid = c.rowid) ${order} LIMIT ? OFFSET ?`,
  );
  const countMatching = db.prepare('SELECT count(*) FROM contacts_fts WHERE contacts_fts MATCH ?').pluck();
  const byRank = db.prepare(
    `SELECT ${contactRowColumns} FROM contacts_fts f JOIN contacts c ON c.rowid = f.rowid WHERE contacts_fts MATCH ? ORDER BY f.rank LIMIT ?`,
  );
  const byId = db.prepare(`SELECT ${contactRowColumns} FROM contacts c WHERE c.id = ?`);
  const companyById = db.prepare(`SELECT ${companyColumns} FROM companies WHERE id = ?`);
  const counts = createCountCache(db);
  // The windows of the last searches (typed again after a backspace, or scrolled back to).
  const windows = createReadCache<ContactRow[]>(db, 16);

  /** A filtered window (type, state, company), with or without a match. */
  function filtered(filter: ContactFilter, match: string | null, offset: number, limit: number): RowWindow<ContactRow> {
    const where: string[] = [];
    const params: (string | number)[] = [];
    if (match) {
      where.push('c.rowid IN (SELECT rowid FROM contacts_fts WHERE contacts_fts MATCH ?)');
      params.push(match);
    }
    for (const [column, value] of [
      ['c.type', filter.type],
      ['c.state', filter.state],
      ['c.company_id', filter.companyId],
    ] as const) {
      if (value) {
        where.push(`${column} = ?`);
        params.push(value);
      }
    }
    const clause = `WHERE ${where.join(' AND ')}`;
    const key = `${clause} ${params.join(' ')}`;
    const total = counts.get(
      key,
      () => db.prepare(`SELECT count(*) FROM contacts c ${clause}`).pluck().get(params) as number,
    );
    const rows = db
      .prepare(`SELECT ${contactRowColumns} FROM contacts c ${clause} ${order} LIMIT ? OFFSET ?`)
      .all(...params, limit, offset);
    return { rows: rows as ContactRow[], total };
  }

  const countSome = cappedCount(db, 'contacts_fts');
  const store: ContactsStore = {
    list(filter, offset, limit) {
      const query = filter.query?.trim();
      const match = query ? contactMatch(query) : null;
      if (query && !match) return { rows: [], total: 0 };
      if (filter.type || filter.state || filter.companyId) return filtered(filter, match, offset, limit);
      if (!match) {
        return {
          rows: everyone.all(limit, offset) as ContactRow[],
          total: counts.get('', () => countAll.get() as number),
        };
      }
      const total = counts.get(match, () => countMatching.get(match) as number);
      if (total === 0) return { rows: [], total };
      const contacts = counts.get('', () => countAll.get() as number);
      // List rows passed, on average, before the window's last match: what reading the list costs.
      const listRows = ((offset + limit) * contacts) / total;
      const rows = windows.get(`${match}\u0000${offset}\u0000${limit}`, () => {
        const words = query && !phoneQueryDigits(query) ? asciiSearchWords(queryWords(query)) : null;
        const scanned =
          words && listRows <= scanRows
            ? scan.window(words, match, offset, limit, Math.min(2 * listRows + 256, 2 * scanRows))
            : null;
        if (scanned) return scanned;
        // Sorting costs about one row lookup per match; walking the name index costs about
        // `listRows` index entries, each much cheaper (measured factor ~16).
        const walker = total >= denseShare * contacts ? walkNameIndexDense : walkNameIndex;
        return (listRows < walkCostFactor * total ? walker : sortMatches).all(match, limit, offset) as ContactRow[];
      });
      return { rows, total };
    },
    get(id) {
      const row = byId.get(id) as ContactRow | undefined;
      if (!row) return null;
      const company = row.companyId ? ((companyById.get(row.companyId) as Company | undefined) ?? null) : null;
      return { ...row, company };
    },
    search: (query, limit) =>
      searchWindow(
        contactMatch(query),
        countSome,
        (match) => byRank.all(match, limit) as ContactRow[],
        // Many matches: the first in name order, as the list shows them (the name-index walk).
        () => store.list({ query }, 0, limit).rows,
      ),
  };
  return store;
}
