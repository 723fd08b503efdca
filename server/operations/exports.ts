/** Operations of the Export group: five streamed CSV exports over one shared export piece. */
import type { FastifyReply } from 'fastify';
import {
  type CsvExportSpec,
  type CsvFileOptions,
  type CsvFilter,
  csvFilter,
  sendCsvExport,
} from '../export/csv-export';
import { branchExport, companyExport, contactExport, dealExport, grebateExport } from '../export/exports';
import type { OperationHandlers } from '../http/bind';
import type { OperationDeps } from './deps';

type ExportOps = 'exportBranches' | 'exportCompanies' | 'exportContacts' | 'exportGrebates' | 'exportPsas';

/**
 * An export's filter: the equality filters (undefined skipped) and `updatedSince` on the table alias's
 * `updated_at` (compared as normalised ISO 8601 UTC).
 */
function exportFilter(alias: string, since: string | undefined, equal: Record<string, unknown> = {}): CsvFilter {
  const more: CsvFilter =
    since === undefined
      ? { where: [], params: [] }
      : { where: [`${alias}.updated_at >= ?`], params: [new Date(since).toISOString()] };
  return csvFilter(equal, more);
}

/** Handlers of the Export group. */
export function exportHandlers(deps: OperationDeps): Pick<OperationHandlers, ExportOps> {
  const { db } = deps.store;
  const send = <R>(reply: FastifyReply, spec: CsvExportSpec<R>, filter: CsvFilter, file: CsvFileOptions) =>
    sendCsvExport(db, reply, spec, filter, file);
  return {
    exportBranches: ({ query, reply }) =>
      send(
        reply,
        branchExport,
        exportFilter('b', query.updatedSince, { 'b.company_id': query.companyId, 'b.kind': query.kind }),
        { bom: query.bom, raw: query.raw },
      ),

    exportCompanies: ({ query, reply }) =>
      send(reply, companyExport, exportFilter('co', query.updatedSince), { bom: query.bom, raw: query.raw }),

    exportContacts: ({ query, reply }) =>
      send(
        reply,
        contactExport,
        exportFilter('c', query.updatedSince, { 'c.company_id': query.companyId, 'c.state': query.state }),
        { bom: query.bom, raw: query.raw },
      ),

    exportGrebates: ({ query, reply }) => {
      const filter = exportFilter('r', query.updatedSince, { 'r.kind': query.kind });
      if (query.companyId !== undefined) {
        filter.where.push('r.id IN (SELECT rebate_id FROM rebate_companies WHERE company_id = ?)');
        filter.params.push(query.companyId);
      }
      return send(reply, grebateExport, filter, { bom: query.bom, raw: query.raw });
    },

    exportPsas: ({ query, reply }) =>
      send(
        reply,
        dealExport,
        exportFilter('d', query.updatedSince, {
          'd.company_id': query.companyId,
          'd.category': query.category,
          'd.stage': query.stage,
        }),
        { bom: query.bom, raw: query.raw },
      ),
  };
}
