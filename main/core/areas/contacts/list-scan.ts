/**
 * A search plan for broad contact searches: read the list in its own order (the name index) and
 * keep the rows that match, deciding each row in JavaScript from its own text. A broad search
 * ("a", "an": a quarter to nearly all of 100,000 contacts) needs only the first few hundred rows
 * of the list for its first window; asking the FTS5 index about each of them cost about 10 µs a row
 * (a query of its own each time); reading the row's text and deciding from it, about 2.5 µs
 * (docs/PERFORMANCE.md, row 3).
 *
 * The decision is the FTS5 one, made exactly, for rows whose text is ASCII: the `unicode61`
 * tokenizer splits ASCII text into runs of letters and digits and folds their case
 * (https://sqlite.org/fts5.html §4.3.1), and a prefix query `"an"*` matches a row when some token of
 * some column starts with it. A row with any other character (diacritics, other scripts) is asked of
 * the FTS5 index, so folding rules stay the index's own.
 */
import type { Database } from 'better-sqlite3';
import type { ContactRow } from '../../../../preload/contract';

/** What the scan reads of a row: its key in the list's order, its rowid, then the text a search matches. */
type ScannedRow = [lastName: string, firstName: string, id: string, rowid: number, ...text: (string | null)[]];

/** Rows read from the name index at a time. */
const batchRows = 256;

/**
 * The words of a search when every one is ASCII letters and digits (already lower case, as
 * `buildPrefixQuery` makes them); null when a word has another character, so the row-by-row
 * decision would not be exact and the SQL plans are used instead.
 */
export function asciiSearchWords(words: readonly string[]): readonly string[] | null {
  return words.length > 0 && words.every((w) => /^[a-z0-9]+$/.test(w)) ? words : null;
}

/**
 * Whether ASCII `text` has, for every word, a token (a run of ASCII letters and digits) starting
 * with that word, case ignored: the FTS5 `unicode61` rule for a row of ASCII text.
 */
function matchesAll(text: string, words: readonly RegExp[]): boolean {
  for (const word of words) if (!word.test(text)) return false;
  return true;
}

/** Matches a token starting with `word` (lower-case ASCII letters and digits). */
function tokenStart(word: string): RegExp {
  return new RegExp(`(?<![a-z0-9])${word}`, 'i');
}

/** Reads windows of the contact list in name order and keeps the rows matching a search. */
export interface ListScan {
  /**
   * Rows `offset`..`offset+limit` of the contacts whose text matches every one of `words`
   * (`asciiSearchWords`), in the list's order; `match` is the same search as an FTS5 expression,
   * asked for rows with non-ASCII text. Reads at most `maxRows` rows (rounded up) of the list and returns null
   * when that was not enough (the caller uses another plan).
   */
  window(words: readonly string[], match: string, offset: number, limit: number, maxRows: number): ContactRow[] | null;
}

/**
 * Creates the ListScan over `db`; `columns` are the contact list's own (store.ts), and the order is
 * the name index's (last name, first name, case ignored, then id).
 */
export function createListScan(db: Database, columns: string): ListScan {
  // The key, the rowid, then the FTS5 table's columns; as arrays, since most rows are dropped.
  const select = `SELECT c.last_name, c.first_name, c.id, c.rowid,
    c.first_name, c.last_name, c.email, c.phone, c.company_name, c.phone_rev FROM contacts c INDEXED BY contacts_by_name`;
  const order = 'ORDER BY c.last_name COLLATE NOCASE, c.first_name COLLATE NOCASE, c.id LIMIT @size';
  const firstBatch = db.prepare(`${select} ${order}`).raw();
  // The rows after (last name, first name, id): a range of the index, then the rest of the key.
  const nextBatch = db
    .prepare(
      `${select} WHERE c.last_name >= @last COLLATE NOCASE AND (c.last_name > @last COLLATE NOCASE
       OR c.first_name > @first COLLATE NOCASE OR (c.first_name = @first COLLATE NOCASE AND c.id > @id)) ${order}`,
    )
    .raw();
  // better-sqlite3 binds a JS number as REAL, and FTS5 took `rowid = 1.0` as "the first match from
  // rowid 1 on" (a row that does not match was found matching): the CAST makes it an equality.
  const inIndex = db
    .prepare('SELECT 1 FROM contacts_fts WHERE contacts_fts MATCH ? AND rowid = CAST(? AS INTEGER)')
    .pluck();
  // The kept rows, whole, in one query (`json_each` of their rowids: https://sqlite.org/json1.html#jeach).
  const byRowids = db.prepare(
    `SELECT ${columns}, c.rowid AS ftsRowid FROM json_each(?) k JOIN contacts c ON c.rowid = k.value`,
  );

  /** Whether `row` matches: decided from its text when ASCII, else asked of the FTS5 index. */
  function matches(row: ScannedRow, patterns: readonly RegExp[], match: string): boolean {
    let text = '';
    for (let i = 4; i < row.length; i++) if (row[i] !== null) text += ` ${row[i] as string}`;
    // biome-ignore lint/suspicious/noControlCharactersInRegex: the ASCII range is the point.
    return /^[\x00-\x7f]*$/.test(text) ? matchesAll(text, patterns) : inIndex.get(match, row[3]) === 1;
  }

  /** The contact rows of `rowids`, in that order. */
  function rowsOf(rowids: number[]): ContactRow[] {
    const found = new Map<number, ContactRow>();
    for (const row of byRowids.all(JSON.stringify(rowids)) as (ContactRow & { ftsRowid?: number })[]) {
      found.set(row.ftsRowid as number, row);
      delete row.ftsRowid;
    }
    return rowids.flatMap((rowid) => found.get(rowid) ?? []);
  }

  return {
    window(words, match, offset, limit, maxRows) {
      if (limit <= 0) return [];
      const patterns = words.map(tokenStart);
      const kept: number[] = [];
      let skipped = 0;
      let last: ScannedRow | undefined;
      const most = Math.ceil(maxRows);
      for (let read = 0; read < most; ) {
        const size = Math.min(batchRows, most - read);
        const rows = (
          last ? nextBatch.all({ last: last[0], first: last[1], id: last[2], size }) : firstBatch.all({ size })
        ) as ScannedRow[];
        read += rows.length;
        for (const row of rows) {
          if (!matches(row, patterns, match)) continue;
          if (skipped < offset) {
            skipped++;
            continue;
          }
          kept.push(row[3]);
          if (kept.length === limit) return rowsOf(kept);
        }
        if (rows.length < size) return rowsOf(kept);
        last = rows.at(-1);
      }
      return null;
    },
  };
}
