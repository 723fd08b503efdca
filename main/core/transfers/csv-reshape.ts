/**
 * Reshapes a CSV stream (RFC 4180: a header row, fields quoted with doubled quotes, CRLF line ends,
 * quoted fields spanning lines, an optional UTF-8 byte order mark) as it flows: only the chosen
 * columns, in the chosen order, with the chosen field delimiter. Parsing is `csv-parse` and writing
 * `csv-stringify`, both streaming with backpressure, so the file is never held in memory.
 *
 * Every field keeps the text the source gave it and whether the source quoted it, so what the
 * service decided about each cell (the formula neutralization of `api/csv-cell.ts` unless `raw`,
 * numbers left unquoted for spreadsheets) passes through as it was; fields holding the new
 * delimiter, a quote or a line break are quoted as RFC 4180 requires.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream';
import { type Options as ParseOptions, parse } from 'csv-parse';
import { stringify } from 'csv-stringify';

/** A field delimiter the contract's `ExportDelimiter` allows (api/openapi.yaml). */
export type CsvDelimiter = ',' | ';' | '\t';

/** What the reshaped file holds: the header names to keep in output order, the delimiter, and whether it starts with a byte order mark. */
export interface CsvShape {
  /** Header names of the source, in the order the output gives them (each at most once). */
  columns: readonly string[];
  delimiter: CsvDelimiter;
  /** true: the output starts with a UTF-8 byte order mark (one in the source is dropped either way). */
  bom: boolean;
}

/** Thrown (before any output) when the source's header row lacks a chosen column, or has no header row at all. */
export class CsvShapeError extends Error {
  /** The chosen columns the header does not have. */
  readonly missing: string[];
  constructor(message: string, missing: string[]) {
    super(message);
    this.name = 'CsvShapeError';
    this.missing = missing;
  }
}

/** A field the source quoted (kept quoted in the output). */
class Quoted {
  constructor(readonly text: string) {}
}

type Field = string | Quoted;

const textOf = (field: Field) => (typeof field === 'string' ? field : field.text);

/** The indexes of `columns` in `header`; throws CsvShapeError naming the columns it lacks. */
function pickIndexes(header: readonly string[], columns: readonly string[]): number[] {
  const missing = columns.filter((name) => !header.includes(name));
  if (missing.length > 0) {
    throw new CsvShapeError(
      `The file has no column ${missing.map((name) => `"${name}"`).join(', ')}, which the chosen columns name. Choose the columns again and export again.`,
      missing,
    );
  }
  return columns.map((name) => header.indexOf(name));
}

/**
 * Reshapes `body` (a CSV byte stream) to `shape`. Resolves once the header row has been read and
 * checked, with the output stream (bytes of UTF-8); nothing is output before that. Rejects with
 * CsvShapeError when the header lacks a chosen column or the body ends before a header row, or with
 * the body's own error (an AbortError when its fetch was aborted). Later, the output stream errors
 * with the body's error or with csv-parse's CsvError for text that is not CSV (a row with another
 * number of fields than the header, a quote left open); cancelling the output cancels the body.
 */
export async function reshapeCsv(
  body: ReadableStream<Uint8Array>,
  shape: CsvShape,
): Promise<ReadableStream<Uint8Array>> {
  let picks: number[] | null = null;
  let headerRead!: () => void;
  let headerFailed!: (err: unknown) => void;
  const header = new Promise<void>((resolve, reject) => {
    headerRead = resolve;
    headerFailed = reject;
  });
  const options: ParseOptions<Field[], Field[]> = {
    bom: true,
    cast: (value: string, context: { quoting: boolean }) => (context.quoting ? new Quoted(value) : value),
    on_record: (record: Field[]) => {
      if (picks === null) {
        picks = pickIndexes(record.map(textOf), shape.columns);
        headerRead();
      }
      return picks.map((index) => record[index]);
    },
  };
  // The typings know records of strings only; the fields here are strings and `Quoted`.
  const parser = parse(options as ParseOptions);
  const writer = stringify({
    delimiter: shape.delimiter,
    record_delimiter: 'windows',
    quote_record_delimiter: true,
    bom: shape.bom,
    // A quoted field stays quoted; csv-stringify takes `quoted_empty` for an empty one.
    cast: {
      object: (value) => {
        const { text } = value as unknown as Quoted;
        return text === '' ? { value: text, quoted_empty: true } : { value: text, quoted: true };
      },
    },
  });
  const source = Readable.fromWeb(body as import('node:stream/web').ReadableStream<Uint8Array>);
  pipeline(source, parser, writer, (err) => {
    if (err) headerFailed(err);
    else if (picks === null)
      headerFailed(new CsvShapeError('The file has no header row, so it has no columns to choose.', []));
  });
  await header;
  return Readable.toWeb(writer) as unknown as ReadableStream<Uint8Array>;
}
