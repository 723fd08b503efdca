/**
 * Builds FTS5 MATCH expressions from what a user types. Every word becomes a quoted prefix term
 * (`"dan"* "rey"*`), so FTS5 operators, quotes, column filters and parentheses in the input are
 * plain text (https://sqlite.org/fts5.html §3.1: a quoted string is a single phrase). Words are
 * split like the unicode61 tokenizer splits them: runs of letters, marks and digits.
 */

/** The most words a query keeps; more add little and cost time. */
export const maxQueryWords = 8;

/**
 * Turns free text into an FTS5 query that matches rows containing, for each word, a token that
 * starts with it (all words must match, in any column). Returns null when the text has no word.
 */
export function buildPrefixQuery(text: string): string | null {
  const words = text.normalize('NFC').match(/[\p{L}\p{M}\p{N}\p{Co}]+/gu);
  if (!words) return null;
  const unique = [...new Set(words.map((w) => w.toLowerCase()))].slice(0, maxQueryWords);
  return unique.map((w) => `"${w}"*`).join(' ');
}
