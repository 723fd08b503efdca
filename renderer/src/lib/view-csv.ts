/**
 * The CSV file of a list as the app shows it ("Export this view"), written from the rows the cache
 * gave the list, with the same cell rule as the service's exports (api/csv-cell.ts, docs/SECURITY.md
 * "CSV exports do not run formulas"): RFC 4180 records separated by CRLF, a header row of the
 * columns' labels, text quoted and never run as a formula unless `raw`. Pure: no DOM or Node imports.
 */
import { type CsvCellValue, csvField } from '../../../api/csv-cell';
import type { RowWindow } from '../../../preload/contract';

/** One column of a list's file: its header and how a row gives its cell. */
export interface ViewColumn<T> {
  header: string;
  value(row: T): CsvCellValue;
}

/** Options of a list's file. */
export interface ViewCsvOptions {
  /** Values exactly as they are, for programs (RFC 4180 quoting only); default false. */
  raw?: boolean;
  /** Start with a UTF-8 byte order mark (U+FEFF) for spreadsheet programs that need one; default false. */
  bom?: boolean;
}

/** The CSV text of `rows` under `columns`: a header row, then one record per row, each ended by CRLF. */
export function viewCsv<T>(
  columns: ReadonlyArray<ViewColumn<T>>,
  rows: Iterable<T>,
  options: ViewCsvOptions = {},
): string {
  const cell = { raw: options.raw ?? false };
  const lines = [columns.map((column) => csvField(column.header, cell)).join(',')];
  for (const row of rows) lines.push(columns.map((column) => csvField(column.value(row), cell)).join(','));
  return `${options.bom ? '\uFEFF' : ''}${lines.join('\r\n')}\r\n`;
}

/** Rows asked for per window while reading a whole list (the bridge's largest window). */
export const viewPageSize = 500;

/**
 * Reads every row of a list through its window function (`fetchWindow(offset, limit)`, as the list
 * itself reads them), in order, until `total` rows are read or a window comes back empty. Rejects
 * as `fetchWindow` does.
 */
export async function readWholeList<T>(
  fetchWindow: (offset: number, limit: number) => Promise<RowWindow<T>>,
): Promise<T[]> {
  const rows: T[] = [];
  for (;;) {
    const window = await fetchWindow(rows.length, viewPageSize);
    rows.push(...window.rows);
    if (window.rows.length === 0 || rows.length >= window.total) return rows;
  }
}
