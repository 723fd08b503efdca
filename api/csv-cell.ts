/**
 * The cell rule of every CSV file BRM writes (the service's exports, `server/export/`, and the
 * desktop client's own), so that a file opened in a spreadsheet program never runs a value as a
 * formula: OWASP, "CSV Injection" (https://owasp.org/www-community/attacks/CSV_Injection). A cell
 * that begins with `=`, `+`, `-`, `@`, a tab (U+0009) or a carriage return (U+000D) is a formula to
 * Excel, LibreOffice and Google Sheets (`=HYPERLINK("http://evil.example","Click")`); Apple Numbers
 * also reads the full-width forms `＝`, `＋`, `－`, `＠` (U+FF1D, U+FF0B, U+FF0D, U+FF20) that way.
 * Following OWASP, such text is prefixed with a single quote, which spreadsheets read as "this is
 * text", and every text cell is wrapped in double quotes with `"` doubled, so that a delimiter inside
 * the text (`,` or the `;` some locales use) can never start a new cell mid-value.
 *
 * Only text is neutralized: a value typed as a number stays a number (`-12.5` is written `-12.5`), so
 * sums still work; text that looks like a number (`"-5"`, `"+49 30 1234"`) is text and gets the
 * quote. `raw` output is every value as it is, quoted only where RFC 4180 §2 requires (a delimiter,
 * `"`, CR or LF), for programs rather than spreadsheets. The choices are recorded in
 * `docs/interpretations/names-files-csv.md`. Pure: no Node or DOM imports.
 */

/** A value of a CSV cell: text, a number, a boolean, or nothing (an empty cell). */
export type CsvCellValue = string | number | boolean | null | undefined;

/** How cells are written. */
export interface CsvCellOptions {
  /** true: values exactly as they are (RFC 4180 quoting only); default false (neutralized). */
  raw?: boolean;
  /** The field delimiter of the file (default `,`). */
  delimiter?: string;
}

/** A cell ready to write: its text and whether it must be wrapped in double quotes. */
export interface CsvCell {
  text: string;
  quoted: boolean;
}

const formulaStarts = new Set(['=', '+', '-', '@', '\t', '\r', '\uFF1D', '\uFF0B', '\uFF0D', '\uFF20']);

/** True when a spreadsheet would read `text` as a formula: it begins with one of OWASP's trigger characters. */
export function startsLikeFormula(text: string): boolean {
  return text.length > 0 && formulaStarts.has(text[0]);
}

/** True when RFC 4180 §2 requires quoting a field: it holds the delimiter, `"`, CR or LF. */
function needsRfcQuotes(text: string, delimiter: string): boolean {
  return text.includes(delimiter) || /["\r\n]/.test(text);
}

/**
 * The cell for a value. Numbers and booleans: their decimal or `true`/`false` text, unquoted (a
 * non-finite number is written as text). null, undefined and empty text: an empty, unquoted cell.
 * Text: by default quoted, with a leading `'` when `startsLikeFormula`; with `raw`, as it is, quoted only
 * where RFC 4180 requires.
 */
export function csvCell(value: CsvCellValue, options: CsvCellOptions = {}): CsvCell {
  const delimiter = options.delimiter ?? ',';
  if (value === null || value === undefined) return { text: '', quoted: false };
  if (typeof value === 'boolean' || (typeof value === 'number' && Number.isFinite(value))) {
    return { text: String(value), quoted: false };
  }
  const text = String(value);
  if (text === '') return { text, quoted: false };
  if (options.raw) return { text, quoted: needsRfcQuotes(text, delimiter) };
  return { text: startsLikeFormula(text) ? `'${text}` : text, quoted: true };
}

/** The cell for a value as it appears in the file: `csvCell`'s text, wrapped in `"` with `"` doubled when quoted. */
export function csvField(value: CsvCellValue, options: CsvCellOptions = {}): string {
  const cell = csvCell(value, options);
  return cell.quoted ? `"${cell.text.replaceAll('"', '""')}"` : cell.text;
}
