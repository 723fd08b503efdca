/**
 * Builds FTS5 MATCH expressions from what a user types: the one word-splitting rule used by the
 * client's cache search and by the reference service's `q` parameters, so a search matches the same
 * records offline and online. Every word becomes a quoted prefix term
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
  const words = queryWords(text);
  return words.length > 0 ? words.map((w) => `"${w}"*`).join(' ') : null;
}

/**
 * The words of free text as a search uses them: runs of letters, marks and digits (NFC), lower
 * case, each once, at most `maxQueryWords`; empty when the text has none.
 */
export function queryWords(text: string): string[] {
  const words = text.normalize('NFC').match(/[\p{L}\p{M}\p{N}\p{Co}]+/gu) ?? [];
  return [...new Set(words.map((w) => w.toLowerCase()))].slice(0, maxQueryWords);
}

/**
 * The digits of a phone number, last digit first ("+1 (416) 333-5476" → "67453336141"), or null
 * when it has fewer than 4 digits. Stored reversed, a number is found by any trailing part of it
 * with an FTS5 prefix query: a caller ID "4163335476" matches "+1 416 333 5476".
 */
export function reversedPhoneDigits(phone: string | null): string | null {
  const digits = phone?.replace(/\D+/g, '') ?? '';
  return digits.length >= 4 ? [...digits].reverse().join('') : null;
}

/**
 * When `text` looks like a phone number (only digits, spaces and `+ ( ) - . /`, at least 4 digits),
 * its reversed digits for a prefix match against `reversedPhoneDigits`; otherwise null.
 */
export function phoneQueryDigits(text: string): string | null {
  if (!/^[\d\s+().\-/]+$/.test(text.trim())) return null;
  return reversedPhoneDigits(text);
}
