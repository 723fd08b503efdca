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
import { pipeline, Readable, Transform } from 'node:stream';
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

/** A field as written out: quoted text, an empty unquoted field (null), or an `Unquoted` one. */
type Field = string | null | Unquoted;

/** A non-empty field the source did not quote (written without quotes unless RFC 4180 needs them). */
class Unquoted {
  constructor(readonly text: string) {}
}

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

/** Bytes gathered before the output hands on a chunk (64 KiB): csv-stringify writes one chunk per record. */
const outputChunkBytes = 64 * 1024;

/** Joins small chunks into chunks of about `outputChunkBytes`, so the file writer is handed few, large ones. */
function chunkJoiner(): Transform {
  let parts: Buffer[] = [];
  let size = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      parts.push(chunk);
      size += chunk.length;
      if (size >= outputChunkBytes) {
        this.push(Buffer.concat(parts, size));
        parts = [];
        size = 0;
      }
      done();
    },
    flush(done) {
      if (size > 0) this.push(Buffer.concat(parts, size));
      done();
    },
  });
}

/**
 * Which of `fields` (the values csv-parse read from the record whose source text is `raw`) were
 * quoted in the source: walks the text field by field, a quoted field taking its value's length,
 * its two quotes and one more character per doubled quote inside (RFC 4180, section 2).
 */
function quotedFields(raw: string, fields: readonly string[]): boolean[] {
  const quoted = new Array<boolean>(fields.length);
  let at = 0;
  for (let i = 0; i < fields.length; i++) {
    const value = fields[i];
    if (raw.charCodeAt(at) === 34) {
      let doubled = 0;
      for (let q = value.indexOf('"'); q >= 0; q = value.indexOf('"', q + 1)) doubled++;
      quoted[i] = true;
      at += value.length + doubled + 3;
    } else {
      quoted[i] = false;
      at += value.length + 1;
    }
  }
  return quoted;
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
  // `raw` (each record's source text) tells which fields were quoted; csv-parse's per-field `cast`
  // would too, at about a tenth of the speed. The typings know records of strings only.
  const options: ParseOptions<Field[], { raw: string; record: string[] }> = {
    bom: true,
    raw: true,
    on_record: ({ raw, record }: { raw: string; record: string[] }) => {
      if (picks === null) {
        picks = pickIndexes(record, shape.columns);
        headerRead();
      }
      const quoted = quotedFields(raw, record);
      // Quoted fields stay strings (csv-stringify's `quoted_string` quotes them, empty ones too);
      // an empty unquoted field is null (written empty) and any other one an `Unquoted`.
      return picks.map((index) => {
        const value = record[index];
        return quoted[index] ? value : value === '' ? null : new Unquoted(value);
      });
    },
  };
  const parser = parse(options as unknown as ParseOptions);
  const writer = stringify({
    delimiter: shape.delimiter,
    record_delimiter: 'windows',
    quote_record_delimiter: true,
    bom: shape.bom,
    // Options per cell (a cast answering an object) would cost csv-stringify a normalization each.
    quoted_string: true,
    cast: { object: (value) => (value as unknown as Unquoted).text },
  });
  const source = Readable.fromWeb(body as import('node:stream/web').ReadableStream<Uint8Array>);
  const output = chunkJoiner();
  pipeline(source, parser, writer, output, (err) => {
    if (err) headerFailed(err);
    else if (picks === null)
      headerFailed(new CsvShapeError('The file has no header row, so it has no columns to choose.', []));
  });
  await header;
  return Readable.toWeb(output) as unknown as ReadableStream<Uint8Array>;
}
