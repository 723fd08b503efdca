/** Operations of the Export group: five streamed CSV exports over one shared export piece. */
import { type CsvFilter, csvFilter, sendCsvExport } from '../export/csv-export';
import { branchExport, companyExport, contactExport, dealExport, grebateExport } from '../export/exports';
import type { OperationHandlers } from '../http/bind';
import type { OperationDeps } from './deps';

type ExportOps = 'exportBranches' | 'exportCompanies' | 'exportContacts' | 'exportGrebates' | 'exportPsas';

/** The `updatedSince` filter on a table alias's `updated_at` (compared as normalised ISO 8601 UTC). */
function updatedSince(alias: string, since: string | undefined): CsvFilter {
  if (since === undefined) return { where: [], params: [] };
  return { where: [`${alias}.updated_at >= ?`], params: [new Date(since).toISOString()] };
}

/** Handlers of the Export group. */
export function exportHandlers(deps: OperationDeps): Pick<OperationHandlers, ExportOps> {
  const { db } = deps.store;
  return {
    exportBranches: ({ query, reply }) =>
      sendCsvExport(
        db,
        reply,
        branchExport,
        csvFilter({ 'b.company_id': query.companyId, 'b.kind': query.kind }, updatedSince('b', query.updatedSince)),
        { bom: query.bom },
      ),

    exportCompanies: ({ query, reply }) =>
      sendCsvExport(db, reply, companyExport, updatedSince('co', query.updatedSince), { bom: query.bom }),

    exportContacts: ({ query, reply }) =>
      sendCsvExport(
        db,
        reply,
        contactExport,
        csvFilter({ 'c.company_id': query.companyId, 'c.state': query.state }, updatedSince('c', query.updatedSince)),
        { bom: query.bom },
      ),

    exportGrebates: ({ query, reply }) => {
      const filter = csvFilter({ 'r.kind': query.kind }, updatedSince('r', query.updatedSince));
      if (query.companyId !== undefined) {
        filter.where.push('r.id IN (SELECT rebate_id FROM rebate_companies WHERE company_id = ?)');
        filter.params.push(query.companyId);
      }
      return sendCsvExport(db, reply, grebateExport, filter, { bom: query.bom });
    },

    exportPsas: ({ query, reply }) =>
      sendCsvExport(
        db,
        reply,
        dealExport,
        csvFilter(
          { 'd.company_id': query.companyId, 'd.category': query.category, 'd.stage': query.stage },
          updatedSince('d', query.updatedSince),
        ),
        { bom: query.bom },
      ),
  };
}
