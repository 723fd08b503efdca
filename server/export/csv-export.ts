/**
 * Streamed CSV exports (RFC 4180): one piece for every export, given per export the rows' SQL and
 * the column definitions. Rows are read in keyset batches of `batchSize` (by an integer key, e.g.
 * `rowid`) with better-sqlite3's `iterate()`; each batch's iterator is drained before the batch is
 * handed on, because an open iterator makes the shared connection refuse every write. The batches
 * flow through `csv-stringify` into the reply with backpressure, so memory stays bounded by one
 * batch whatever the row count.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type CastingContext, stringify } from 'csv-stringify';
import type { FastifyReply } from 'fastify';
import { type CsvCellValue, csvCell } from '../../api/csv-cell';
import type { Db } from '../db/schema';

/** A CSV field value; null and undefined become an empty field. */
export type CsvValue = string | number | null | undefined;

/** Options of one export's file. */
export interface CsvFileOptions {
  /** Start with a UTF-8 byte order mark. */
  bom?: boolean;
  /** Values exactly as stored (RFC 4180 quoting only), without the formula neutralization of `api/csv-cell.ts`. */
  raw?: boolean;
  /** Rows read per batch (default 500). */
  batchSize?: number;
}

/** One column: its header and how to get its value from a row. */
export interface CsvColumn<R> {
  header: string;
  value: (row: R) => CsvValue;
}

/** What an export reads and writes. */
export interface CsvExportSpec<R> {
  /** File name prefix: the file is `<name>-<YYYY-MM-DD>.csv` (UTC date). */
  name: string;
  /** The SQL `FROM` clause (with joins). */
  from: string;
  /** An integer column that is unique and indexed (e.g. `c.rowid`); rows come in its order. */
  key: string;
  /** The SQL select list (without the key). */
  select: string;
  /** Turns a selected row (by column name) into the row the columns read. */
  row: (raw: Record<string, unknown>) => R;
  columns: Array<CsvColumn<R>>;
}

/** Filters of one export request: SQL conditions joined with AND, `?` placeholders taking `params`. */
export interface CsvFilter {
  where: string[];
  params: unknown[];
}

/** The media type of every export (RFC 4180 §3, with the `header` parameter of RFC 7111's registration). */
export const csvMediaType = 'text/csv; charset=utf-8; header=present';

/**
 * The rows of an export as arrays of field values, read lazily in keyset batches of `batchSize`
 * (default 500). No statement iterator stays open between batches.
 */
export async function* csvRecords<R>(
  db: Db,
  spec: CsvExportSpec<R>,
  filter: CsvFilter,
  batchSize = 500,
): AsyncGenerator<CsvValue[]> {
  const where = [...filter.where, `${spec.key} > ?`];
  const stmt = db.prepare(
    `SELECT ${spec.key} AS export_key, ${spec.select} FROM ${spec.from} WHERE ${where.join(' AND ')} ORDER BY ${spec.key} LIMIT ?`,
  );
  let after = Number.MIN_SAFE_INTEGER;
  for (;;) {
    const batch: CsvValue[][] = [];
    for (const raw of stmt.iterate(...filter.params, after, batchSize) as IterableIterator<Record<string, unknown>>) {
      after = raw.export_key as number;
      const row = spec.row(raw);
      batch.push(spec.columns.map((c) => c.value(row)));
    }
    yield* batch;
    if (batch.length < batchSize) return;
  }
}

/**
 * csv-stringify options that write every data cell by the rule of `api/csv-cell.ts` (OWASP CSV
 * injection: formula-like text prefixed with `'`, every non-empty text cell quoted, numbers as
 * numbers; or `raw`, RFC 4180 quoting only). The cast returns `csvCell`'s text, and the quoting
 * options make csv-stringify quote exactly the cells `csvCell` marks `quoted` (per-cell option
 * objects would cost a normalization per cell). The header row (our own column names) is written as
 * it is.
 */
function cellOptions(raw: boolean) {
  const cast = (value: CsvCellValue, context: CastingContext) =>
    context.header ? { value: String(value), quoted_string: false } : csvCell(value, { raw }).text;
  return {
    cast: { string: cast, number: cast, boolean: cast },
    quoted_string: !raw,
    quoted_empty: false,
  };
}

/**
 * Sends the export as the reply: `text/csv` (RFC 4180: CRLF line ends, a header row, fields quoted
 * when they hold `"`, `,`, CR or LF, and every text field quoted unless `raw`), UTF-8, with a byte
 * order mark only when `bom` is set, and `Content-Disposition: attachment;
 * filename="<name>-<YYYY-MM-DD>.csv"`. Cells follow `api/csv-cell.ts`. The body is streamed
 * (chunked); a failure midway aborts the response and is logged.
 */
export function sendCsvExport<R>(
  db: Db,
  reply: FastifyReply,
  spec: CsvExportSpec<R>,
  filter: CsvFilter,
  options: CsvFileOptions = {},
): FastifyReply {
  const csv = stringify({
    header: true,
    columns: spec.columns.map((c) => c.header),
    record_delimiter: 'windows',
    bom: options.bom ?? false,
    ...cellOptions(options.raw ?? false),
  });
  pipeline(Readable.from(csvRecords(db, spec, filter, options.batchSize)), csv).catch((error: unknown) => {
    reply.log.error({ err: error, export: spec.name }, 'CSV export failed midway');
  });
  const date = new Date().toISOString().slice(0, 10);
  return reply
    .code(200)
    .header('Content-Type', csvMediaType)
    .header('Content-Disposition', `attachment; filename="${spec.name}-${date}.csv"`)
    .send(csv);
}

/** Builds a CsvFilter from optional equality filters (`column → value`, undefined skipped) and more conditions. */
export function csvFilter(equal: Record<string, unknown>, more: CsvFilter = { where: [], params: [] }): CsvFilter {
  const where = [...more.where];
  const params = [...more.params];
  for (const [column, value] of Object.entries(equal)) {
    if (value === undefined) continue;
    where.push(`${column} = ?`);
    params.push(value);
  }
  return { where, params };
}
