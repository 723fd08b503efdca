/**
 * How a Validate File report (api/openapi.yaml `FileValidationReport`) reads: each issue code in
 * words, and its severity. An issue on a data row makes that row invalid (the contract's "Checks
 * per row"), so it is an error; a column missing from the header (`missingColumn`, row 1) is an error
 * when the column is required (then every data row is invalid) and a warning when it is not.
 */
import type {
  FileValidationIssue,
  FileValidationIssueCode,
  ImportMapping,
  ImportTarget,
} from '../../../../preload/contract';

/** Each issue code in words. */
export const issueCodeLabel: Record<FileValidationIssueCode, string> = {
  malformedRow: 'Malformed row',
  missingColumn: 'Missing column',
  missingRequired: 'Required value missing',
  invalidEmail: 'Invalid e-mail',
  invalidPhone: 'Invalid phone',
  invalidCountry: 'Invalid country code',
  invalidUrl: 'Invalid web address',
  invalidValue: 'Invalid value',
  tooLong: 'Too long',
  unknownCompany: 'Unknown company',
  duplicate: 'Duplicate',
};

/** An issue's severity. */
export type Severity = 'error' | 'warning';

/** The severity in words. */
export const severityLabel: Record<Severity, string> = { error: 'Error', warning: 'Warning' };

/** The fields each target requires (api/openapi.yaml `uploadImportMapping`). */
const requiredFields: Record<ImportTarget, readonly string[]> = {
  contact: ['firstName', 'lastName'],
  company: ['name'],
};

/**
 * The severity of `issue` in a report of `target` checked against `mapping` (null: against the
 * target, whose optional columns may be absent, so any missing column is a required one).
 */
export function severityOf(issue: FileValidationIssue, target: ImportTarget, mapping: ImportMapping | null): Severity {
  if (issue.code !== 'missingColumn' || !mapping) return 'error';
  const column = mapping.columns.find((c) => c.column === issue.column?.name);
  if (!column) return 'error';
  return column.required || requiredFields[target].includes(column.field) ? 'error' : 'warning';
}
