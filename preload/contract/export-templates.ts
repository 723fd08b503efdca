/**
 * Export templates (api/openapi.yaml, tag Pim: `saveExportTemplate`, `deleteExportTemplate`): which
 * columns of an export, in which order, with which field delimiter. Each export's column set is the
 * contract's `Export<Target>Column` enum, in the order of the export's CSV header; the checks below
 * fail to compile when a list and its enum drift apart. The service offers no list of templates, so
 * the app lists the ones saved on this computer (docs/ARCHITECTURE.md, "Decisions taken where the
 * design was silent").
 */
import { z } from 'zod';
import { type ApiSchemas, call, uuid } from './common';
import type { OutboxEntry } from './outbox';
import { exportTemplateSaveSchema } from './write-inputs';

/** The exports, by the contract's `ExportTarget` names, in the order the app offers them. */
export const exportTargets = ['contacts', 'companies', 'psas', 'grebates', 'branches'] as const;
/** One of the service's exports. */
export type ExportTarget = (typeof exportTargets)[number];

const contactsColumns = [
  'id',
  'firstName',
  'lastName',
  'email',
  'phone',
  'jobTitle',
  'companyId',
  'companyName',
  'type',
  'state',
  'city',
  'country',
  'version',
  'createdAt',
  'updatedAt',
] as const satisfies readonly ApiSchemas['ExportContactsColumn'][];
const companiesColumns = [
  'id',
  'name',
  'industry',
  'website',
  'phone',
  'street',
  'city',
  'postalCode',
  'country',
  'branchCount',
  'version',
  'createdAt',
  'updatedAt',
] as const satisfies readonly ApiSchemas['ExportCompaniesColumn'][];
const branchesColumns = [
  'id',
  'companyId',
  'companyName',
  'name',
  'kind',
  'street',
  'city',
  'postalCode',
  'country',
  'latitude',
  'longitude',
  'phone',
  'email',
  'openingHours',
  'version',
  'createdAt',
  'updatedAt',
] as const satisfies readonly ApiSchemas['ExportBranchesColumn'][];
const psasColumns = [
  'id',
  'title',
  'companyId',
  'companyName',
  'contactId',
  'category',
  'stage',
  'amount',
  'currency',
  'probability',
  'expectedCloseDate',
  'ownerId',
  'closedAt',
  'version',
  'createdAt',
  'updatedAt',
] as const satisfies readonly ApiSchemas['ExportPsasColumn'][];
const grebatesColumns = [
  'id',
  'name',
  'kind',
  'companyIds',
  'categories',
  'currency',
  'tiers',
  'periodStart',
  'periodEnd',
  'qualifyingDeals',
  'dealAmount',
  'earning',
  'version',
  'createdAt',
  'updatedAt',
] as const satisfies readonly ApiSchemas['ExportGrebatesColumn'][];

/** True when every value of the enum `E` is listed in `L`. */
type Lists<E, L> = [Exclude<E, L>] extends [never] ? true : false;
const everyColumnListed: [
  Lists<ApiSchemas['ExportContactsColumn'], (typeof contactsColumns)[number]>,
  Lists<ApiSchemas['ExportCompaniesColumn'], (typeof companiesColumns)[number]>,
  Lists<ApiSchemas['ExportBranchesColumn'], (typeof branchesColumns)[number]>,
  Lists<ApiSchemas['ExportPsasColumn'], (typeof psasColumns)[number]>,
  Lists<ApiSchemas['ExportGrebatesColumn'], (typeof grebatesColumns)[number]>,
] = [true, true, true, true, true];
void everyColumnListed;

/** Each export's columns: its CSV header names in the header's order (the contract's `Export<Target>Column`). */
export const exportColumns: Record<ExportTarget, readonly string[]> = {
  contacts: contactsColumns,
  companies: companiesColumns,
  psas: psasColumns,
  grebates: grebatesColumns,
  branches: branchesColumns,
};

/** The field delimiters a template may use (the contract's `ExportDelimiter`), comma first (the exports' own). */
export const exportDelimiters = [',', ';', '\t'] as const satisfies readonly ApiSchemas['ExportDelimiter'][];
export type ExportDelimiter = (typeof exportDelimiters)[number];

/** The most columns a template names (ExportTemplateSave `columns.maxItems`). */
export const maxTemplateColumns = 50;

/**
 * The words of the columns of `columns` that `target`'s export does not have, or null when every
 * one is of its set and none repeats (ExportTemplateSave: "each from the column set of `target`";
 * `uniqueItems`).
 */
export function columnsProblem(target: ExportTarget, columns: readonly string[]): string | null {
  const set = exportColumns[target];
  const foreign = columns.filter((name) => !set.includes(name));
  if (foreign.length > 0) {
    return `The ${target} export has no column ${foreign.map((name) => `"${name}"`).join(', ')}. Choose columns of this export.`;
  }
  if (new Set(columns).size !== columns.length) return 'A column is chosen twice; choose each column once.';
  return null;
}

/** What `exports.saveTemplate` takes: the template (without `id`) and, to replace one, its key. */
export const exportTemplateInput = z
  .object({
    /** The key of the template to replace (`ExportTemplateItem.key`); absent for a new one. */
    key: uuid.optional(),
    template: exportTemplateSaveSchema,
  })
  .strict()
  .superRefine(({ template }, ctx) => {
    if (template.id !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['template', 'id'], message: 'Name the template to replace by its key.' });
    }
    const problem = columnsProblem(template.target, template.columns);
    if (problem) ctx.addIssue({ code: 'custom', path: ['template', 'columns'], message: problem });
  });
export type ExportTemplateInput = z.infer<typeof exportTemplateInput>;

/** The service's answer to the last save of a template (ExportTemplate), kept on this computer. */
export interface ExportTemplateSaved {
  id: string;
  version: number;
  /** The user who saved it last. */
  ownerId: string;
  /** ISO 8601 UTC. */
  createdAt: string;
  /** ISO 8601 UTC. */
  updatedAt: string;
}

/** A template saved on this computer, as the app shows it: the service's version with the edit waiting over it. */
export interface ExportTemplateItem {
  /** Its key: the service's id, or, while its creation waits to be sent, that outbox entry's id. */
  key: string;
  name: string;
  target: ExportTarget;
  /** Column names in output order. */
  columns: string[];
  delimiter: ExportDelimiter;
  /** What the service answered the last time it saved it; null until the service has it. */
  saved: ExportTemplateSaved | null;
  /** The save or delete waiting in the outbox (Pending changes), if any, with its state and the service's words. */
  pending: { entryId: string; action: 'save' | 'delete'; state: OutboxEntry['state']; message: string | null } | null;
  /** The key it had while its creation waited (that entry's id), so that a view can keep it chosen once sent. */
  createdAs: string | null;
}

export const exportTemplatesCalls = {
  /** The templates saved on this computer by the signed-in user (every export), by name. */
  'exports.templates': call<ExportTemplateItem[]>()(z.object({}).strict()),
  /**
   * Saves a template (new, or replacing the one of `key`) through the write path: kept on this
   * computer at once and sent once by sync (`saveExportTemplate`), offline too. Rejects with
   * `conflict` in words for a name another template of the same export has here, and while the
   * template is being sent.
   */
  'exports.saveTemplate': call<ExportTemplateItem>()(exportTemplateInput),
  /** Deletes a template through the write path (`deleteExportTemplate`); one never sent is forgotten at once. */
  'exports.deleteTemplate': call<{ deleted: true }>()(z.object({ key: uuid }).strict()),
} as const;
