/**
 * `Validate File`: checks a CSV stream (RFC 4180, UTF-8) against an import mapping in one pass with
 * csv-parse, keeping only counters, the first 1000 issues and the keys seen for duplicate checks (the
 * caller bounds the file size, which bounds those keys). Nothing is imported.
 */
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type CsvError, parse } from 'csv-parse';
import type { components } from '../../api/generated/schema';
import { cleanTextControls } from '../../api/name-characters';
import { nameKeyKinds, nameKeys } from '../../api/name-key';
import { checkValue, type FieldRule, fieldRule, type ImportTarget, type IssueCode } from './import-fields';

/** The keys of a name as entries of the seen-values map: kind and key (`api/name-key.ts`). */
function nameKeyEntries(value: string): string[] {
  const keys = nameKeys(value.normalize('NFC'));
  return nameKeyKinds.map((kind) => `name ${kind}:${keys[kind]}`);
}

/** The contract's FileValidationReport. */
export type FileValidationReport = components['schemas']['FileValidationReport'];
/** One issue of the report. */
export type FileValidationIssue = FileValidationReport['issues'][number];
/** A column of an import mapping. */
export type MappingColumn = components['schemas']['ImportMappingColumn'];

/** Most issues a report lists (the contract's `issues` maximum). */
export const maxReportedIssues = 1000;
/** Longest record csv-parse accepts, characters (a longer one is a malformed row). */
const maxRecordSize = 1024 * 1024;

/** What to check: the target, the mapping's columns, the delimiter and the company lookup. */
export interface CsvValidationSetup {
  target: ImportTarget;
  columns: MappingColumn[];
  delimiter: string;
  /** True when optional columns may be absent from the header without an issue (validation by target). */
  optionalMayBeAbsent?: boolean;
  companyExists: (name: string) => boolean;
}

/** The part of the report the CSV decides. */
export type CsvValidationResult = Pick<FileValidationReport, 'header' | 'totals' | 'issues' | 'truncated'>;

const transforms: Record<NonNullable<MappingColumn['transform']>, (v: string) => string> = {
  trim: (v) => v.trim(),
  lowercase: (v) => v.toLowerCase(),
  uppercase: (v) => v.toUpperCase(),
  titleCase: (v) =>
    v.toLowerCase().replace(/(^|[\s'-])(\p{L})/gu, (_m, sep: string, ch: string) => sep + ch.toUpperCase()),
};

const csvErrorMessages: Record<string, string> = {
  CSV_QUOTE_NOT_CLOSED: 'A quoted field is not closed: the rest of the file was read as part of it. Close the quote.',
  INVALID_OPENING_QUOTE:
    'A double quote appears inside an unquoted field: quote the whole field and double the inner quote ("").',
  CSV_INVALID_CLOSING_QUOTE:
    'Characters follow the closing quote of a field: quote the whole field and double inner quotes ("").',
  CSV_MAX_RECORD_SIZE: `The row is longer than ${maxRecordSize} characters.`,
};

interface BoundColumn {
  name: string;
  /** 0-based position in the header, or -1 when the header lacks it. */
  index: number;
  rule: FieldRule;
  required: boolean;
  transform: (v: string) => string;
}

/**
 * Reads `source` to its end and returns the row-and-column report. Rows are records (the header is
 * row 1); `line` is where a record starts. Throws what the source throws (e.g. a size limit).
 */
export async function validateCsv(source: Readable, setup: CsvValidationSetup): Promise<CsvValidationResult> {
  const issues: FileValidationIssue[] = [];
  let truncated = false;
  const totals = { rows: 0, valid: 0, invalid: 0, blank: 0 };
  let header: string[] | null = null;
  let bound: BoundColumn[] = [];
  let headerLacksRequired = false;
  const seenKeys = new Map<string, number>();
  let row = 0;
  let lastLine = 0;

  // Names and messages quote the file's own text: answered as contract text (no control characters).
  const report = (issue: FileValidationIssue) => {
    const column = issue.column && { ...issue.column, name: cleanTextControls(issue.column.name) };
    if (issues.length < maxReportedIssues) issues.push({ ...issue, column, message: cleanTextControls(issue.message) });
    else truncated = true;
  };

  const readHeader = (fields: string[], line: number) => {
    header = fields.map((f) => cleanTextControls(f.slice(0, 200))).slice(0, 500);
    bound = setup.columns.flatMap((c) => {
      const rule = fieldRule(setup.target, c.field);
      if (!rule) return [];
      const index = fields.indexOf(c.column);
      const required = c.required || rule.required;
      if (index < 0 && !required && setup.optionalMayBeAbsent) return [];
      if (index < 0) {
        if (required) headerLacksRequired = true;
        report({
          row: 1,
          line,
          column: { name: c.column, index: null },
          code: 'missingColumn',
          message: `The header has no column "${c.column}" (mapped to ${c.field}${required ? ', required' : ''}).`,
        });
      }
      const transform = c.transform ? transforms[c.transform] : (v: string) => v;
      return [{ name: c.column, index, rule, required, transform }];
    });
  };

  const checkRow = (fields: string[], line: number, width: number) => {
    if (fields.every((f) => f.trim() === '')) {
      totals.blank += 1;
      return;
    }
    totals.rows += 1;
    if (fields.length !== width) {
      totals.invalid += 1;
      report({
        row,
        line,
        column: null,
        code: 'malformedRow',
        message: `The row has ${fields.length} fields; the header has ${width}. Quote values that contain the delimiter.`,
      });
      return;
    }
    let problems = 0;
    const add = (c: BoundColumn, code: IssueCode, message: string) => {
      problems += 1;
      report({ row, line, column: { name: c.name, index: c.index + 1 }, code, message });
    };
    for (const c of bound) {
      if (c.index < 0) continue;
      const value = c.transform(fields[c.index]);
      if (value.trim() === '') {
        if (c.required) add(c, 'missingRequired', `"${c.name}" is required but empty.`);
        continue;
      }
      const issue = checkValue(c.rule, value, setup.companyExists);
      if (issue) {
        add(c, issue.code, issue.message);
        continue;
      }
      if (!c.rule.key) continue;
      // E-mail addresses repeat ignoring case; names when they read the same (api/name-key.ts).
      const keys = c.rule.kind === 'email' ? [value.trim().toLowerCase()] : nameKeyEntries(value);
      const first = keys.map((key) => seenKeys.get(key)).find((seen) => seen !== undefined);
      if (first === undefined) for (const key of keys) seenKeys.set(key, row);
      else add(c, 'duplicate', `The same value as row ${first}.`);
    }
    if (problems > 0 || headerLacksRequired) totals.invalid += 1;
    else totals.valid += 1;
  };

  const parser = parse({
    bom: true,
    delimiter: setup.delimiter,
    relax_column_count: true,
    skip_empty_lines: false,
    skip_records_with_error: true,
    max_record_size: maxRecordSize,
    on_record: (record: string[]) => {
      row += 1;
      const line = lastLine + 1;
      // A quoted field keeps its line breaks; count them (csv-parse's own line count takes CRLF as two).
      lastLine = line + record.reduce((n, f) => n + (f.match(/\r\n|\r|\n/g)?.length ?? 0), 0);
      if (header === null) readHeader(record, line);
      else checkRow(record, line, (header as string[]).length);
      return null;
    },
    on_skip: (error: CsvError | undefined) => {
      row += 1;
      const line = lastLine + 1;
      lastLine = line;
      const message = (error && csvErrorMessages[error.code]) ?? 'The row cannot be read as CSV.';
      if (header === null) {
        header = [];
        readHeader([], line);
      } else {
        totals.rows += 1;
        totals.invalid += 1;
      }
      report({ row, line, column: null, code: 'malformedRow', message });
      return undefined;
    },
  });
  parser.resume();
  await pipeline(source, parser);
  if (header === null) readHeader([], 1);
  return { header: header ?? [], totals, issues, truncated };
}
