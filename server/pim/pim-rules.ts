/**
 * Cross-field rules of the Pim group that JSON Schema cannot say: export template columns per
 * target, import mapping consistency, and the setup of a file validation from its form fields.
 */
import type { components } from '../../api/generated/schema';
import { loadContract } from '../contract/spec';
import type { ImportMapping } from '../db/pim';
import { notFound, type ProblemFieldError, validationProblem } from '../http/problem';
import type { CsvValidationSetup, MappingColumn } from './csv-validation';
import { fieldRule, importFields, type ImportTarget, requiredFields } from './import-fields';

type ExportTarget = components['schemas']['ExportTarget'];
/** The contract's ImportMappingFile. */
export type ImportMappingFile = components['schemas']['ImportMappingFile'];

const schemas = loadContract().contract.components.schemas as Record<string, { enum?: string[] }>;
const exportColumnSchemas: Record<ExportTarget, string> = {
  contacts: 'ExportContactsColumn',
  companies: 'ExportCompaniesColumn',
  branches: 'ExportBranchesColumn',
  psas: 'ExportPsasColumn',
  grebates: 'ExportGrebatesColumn',
};

/** The columns an export of `target` can have, from the contract's `Export<Target>Column` enums. */
export function exportColumns(target: ExportTarget): string[] {
  return schemas[exportColumnSchemas[target]]?.enum ?? [];
}

/** Problems (pointers into the body) for columns that exports of `target` do not have. */
export function exportColumnProblems(target: ExportTarget, columns: readonly string[]): ProblemFieldError[] {
  const allowed = new Set(exportColumns(target));
  return columns.flatMap((c, i) =>
    allowed.has(c)
      ? []
      : [
          {
            pointer: `/body/columns/${i}`,
            detail: `is not a column of ${target} exports (${[...allowed].join(', ')})`,
          },
        ],
  );
}

/**
 * Problems (pointers into the uploaded file, `/body/file/...`) of a schema-valid mapping file:
 * fields of another target, repeated columns or fields, and required fields of the target left
 * unmapped.
 */
export function mappingProblems(file: ImportMappingFile): ProblemFieldError[] {
  const problems: ProblemFieldError[] = [];
  const columns = new Set<string>();
  const fields = new Set<string>();
  file.columns.forEach((c, i) => {
    if (!fieldRule(file.target, c.field))
      problems.push({
        pointer: `/body/file/columns/${i}/field`,
        detail: `is not a ${file.target} field (${Object.keys(importFields[file.target]).join(', ')})`,
      });
    if (columns.has(c.column))
      problems.push({ pointer: `/body/file/columns/${i}/column`, detail: 'repeats an earlier column' });
    if (fields.has(c.field))
      problems.push({ pointer: `/body/file/columns/${i}/field`, detail: 'is already mapped by an earlier column' });
    columns.add(c.column);
    fields.add(c.field);
  });
  for (const f of requiredFields(file.target))
    if (!fields.has(f))
      problems.push({ pointer: '/body/file/columns', detail: `must map the required ${file.target} field ${f}` });
  return problems;
}

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const delimiters = new Set([',', ';', '\t']);

/** The CSV check of a validation request, with the mapping it uses (null when by target). */
export type ValidationRequestSetup = CsvValidationSetup & { mappingId: string | null };

/**
 * Reads the form fields of `Validate File` (`mappingId` or `target`, optional `delimiter`). Throws
 * 400 for a missing, doubled or malformed field, 404 for an unknown mapping.
 */
export function validationSetup(
  fields: Map<string, string>,
  mappingOf: (id: string) => ImportMapping | undefined,
  companyExists: (name: string) => boolean,
): ValidationRequestSetup {
  const mappingId = fields.get('mappingId');
  const target = fields.get('target');
  const delimiter = fields.get('delimiter') ?? ',';
  const problems: ProblemFieldError[] = [];
  if ((mappingId === undefined) === (target === undefined))
    problems.push({ pointer: '/body/mappingId', detail: 'send either mappingId or target (before the file part)' });
  if (mappingId !== undefined && !uuidPattern.test(mappingId))
    problems.push({ pointer: '/body/mappingId', detail: 'must be a UUID' });
  if (target !== undefined && target !== 'contact' && target !== 'company')
    problems.push({ pointer: '/body/target', detail: 'must be contact or company' });
  if (!delimiters.has(delimiter))
    problems.push({ pointer: '/body/delimiter', detail: 'must be a comma, a semicolon or a tab' });
  if (problems.length) throw validationProblem(problems);
  if (mappingId !== undefined) {
    const mapping = mappingOf(mappingId);
    if (!mapping) throw notFound('import mapping', mappingId);
    return { target: mapping.target, mappingId, columns: mapping.columns, delimiter, companyExists };
  }
  const byTarget = target as ImportTarget;
  const columns: MappingColumn[] = Object.entries(importFields[byTarget]).map(([field, rule]) => ({
    column: field,
    field: field as MappingColumn['field'],
    required: rule.required,
    transform: null,
  }));
  return { target: byTarget, mappingId: null, columns, delimiter, companyExists, optionalMayBeAbsent: true };
}
