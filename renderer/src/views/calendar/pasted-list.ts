/**
 * A pasted list of people for the recipient picker: split into names or e-mail addresses, and each
 * matched to one cached contact (an e-mail address exactly; a name when exactly one contact has it).
 */
import type { ContactRow } from '../../../../preload/contract';
import { fullName } from '../../lib/format';

/**
 * The entries of pasted text: one per line, comma or semicolon; "Ada Lovelace <ada@example.com>"
 * counts as its e-mail address. Blank entries are dropped.
 */
export function splitPastedList(text: string): string[] {
  return text
    .split(/[\n\r,;]+/)
    .map((entry) => {
      const angle = /<([^<>\s]+@[^<>\s]+)>/.exec(entry);
      return (angle ? angle[1] : entry).trim();
    })
    .filter((entry) => entry !== '');
}

/** An entry that matched no contact, or several, with the reason in words. */
export interface UnmatchedEntry {
  entry: string;
  reason: 'not found' | 'several contacts';
}

/** The outcome of matching entries: each matched entry with its contact, and the entries left over. */
export interface MatchOutcome {
  matched: Array<{ entry: string; contact: ContactRow }>;
  unmatched: UnmatchedEntry[];
}

/**
 * Matches each entry with `search` (a contacts search of the cache, first rows of the answer):
 * an e-mail address must equal a contact's (case-insensitive); a name must be the full name of
 * exactly one contact, or the search must find exactly one contact.
 */
export async function matchEntries(
  entries: readonly string[],
  search: (query: string) => Promise<ContactRow[]>,
): Promise<MatchOutcome> {
  const matched: MatchOutcome['matched'] = [];
  const unmatched: UnmatchedEntry[] = [];
  for (const entry of entries) {
    const rows = await search(entry);
    const wanted = entry.toLowerCase();
    let found: ContactRow[];
    if (entry.includes('@')) found = rows.filter((row) => row.email?.toLowerCase() === wanted);
    else {
      const exact = rows.filter((row) => fullName(row).toLowerCase() === wanted);
      found = exact.length > 0 ? exact : rows;
    }
    if (found.length === 1) matched.push({ entry, contact: found[0] });
    else unmatched.push({ entry, reason: found.length === 0 ? 'not found' : 'several contacts' });
  }
  return { matched, unmatched };
}
