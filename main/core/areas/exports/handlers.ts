/**
 * Handlers of `exports.*` (preload/contract/exports.ts): the service's five CSV exports
 * (`exportContacts`, `exportCompanies`, `exportPsas`, `exportGrebates`, `exportBranches`,
 * api/openapi.yaml) streamed to a file as download transfers (transfers/export-download.ts), and
 * the file of a list view the renderer wrote from the cache (api/csv-cell.ts), saved where the user
 * chooses (Electron) or in the downloads folder (browser mode). Exports are made by the service on
 * request; nothing of them is synced or kept. Chosen columns and delimiter (an export template's, or
 * chosen in the dialog) are applied by the app while the file streams (transfers/csv-reshape.ts); the
 * templates themselves are handled in template-handlers.ts.
 */
import type { OperationId } from '../../../../api/generated/operations';
import { BridgeError, type ExportRequest, type ExportTarget, exportColumns } from '../../../../preload/contract';
import { type CsvShape, CsvShapeError, reshapeCsv } from '../../transfers/csv-reshape';
import {
  chooseDestination,
  csvKind,
  dropPart,
  fileWriteError,
  finishPart,
  reservePart,
} from '../../transfers/file-destination';
import type { AreaHandlers, HandlerContext } from '../context';
import { downloadServiceFile } from '../service-file';
import { templateHandlers } from './template-handlers';
import { openPartFile } from '../../transfers/local-files';

type Names = 'exports.start' | 'exports.saveViewFile';

/**
 * The shape the file is given, or null when the choices are the service's own (every column in
 * its order, a comma): then the file is the service's answer byte for byte.
 */
function shapeOf(input: ExportRequest): CsvShape | null {
  const all = exportColumns[input.target];
  const columns = input.columns ?? all;
  const delimiter = input.delimiter ?? ',';
  const same = delimiter === ',' && columns.length === all.length && columns.every((name, i) => name === all[i]);
  return same ? null : { columns, delimiter, bom: input.bom };
}

/**
 * The service's answer reshaped to `shape` as it streams. A header without a chosen column is
 * refused here, before a byte is written, in words (BridgeError 'invalid_input').
 */
async function reshaped(response: Response, shape: CsvShape): Promise<Response> {
  if (!response.body) return response;
  try {
    return new Response(await reshapeCsv(response.body, shape));
  } catch (err) {
    if (err instanceof CsvShapeError) throw new BridgeError('invalid_input', err.message);
    throw err;
  }
}

/** Each export's operation and its name in words. */
const exportsByTarget: Record<ExportTarget, { operationId: OperationId; words: string }> = {
  contacts: { operationId: 'exportContacts', words: 'contacts' },
  companies: { operationId: 'exportCompanies', words: 'companies' },
  psas: { operationId: 'exportPsas', words: 'deals' },
  grebates: { operationId: 'exportGrebates', words: 'rebate agreements' },
  branches: { operationId: 'exportBranches', words: 'branches' },
};

/** The words of an export that cannot reach the service at `serverUrl`. */
export function exportNeedsService(target: ExportTarget, serverUrl: string): string {
  return `Exporting ${exportsByTarget[target].words} needs the BRM service, which cannot be reached at ${serverUrl}. Check your network connection and export again once it is back.`;
}

/** The suggested file name of an export started at `now`: `contacts-2026-11-24.csv` (UTC date). */
export function exportFileName(target: ExportTarget, now: Date): string {
  return `${target}-${now.toISOString().slice(0, 10)}.csv`;
}

/** The service's id of the company `id` (a company created here and not yet sent has none). */
function companyOnService(ctx: HandlerContext, id: string): string {
  const current = ctx.writes.currentId(id);
  if (ctx.outbox.serviceIdOf(current) === null) {
    throw new BridgeError(
      'invalid_input',
      'This company is not on the BRM service yet, so the service cannot export its records. Export again once it has been sent.',
      [{ pointer: '/companyId', message: 'Not sent to the service yet.' }],
    );
  }
  return current;
}

/** The contract's query of an export request. */
function exportQuery(ctx: HandlerContext, input: ExportRequest): Record<string, unknown> {
  const query: Record<string, unknown> = { raw: input.raw, bom: input.bom };
  if (input.updatedSince !== undefined) query.updatedSince = input.updatedSince;
  if (input.companyId !== undefined && input.target === 'companies') {
    throw new BridgeError(
      'invalid_input',
      'The companies export cannot be limited to one company; leave the company empty.',
      [{ pointer: '/companyId', message: 'Not an option of the companies export.' }],
    );
  }
  if (input.companyId !== undefined) query.companyId = companyOnService(ctx, input.companyId);
  return query;
}

/** Creates the exports handlers. */
export const exportsHandlers: AreaHandlers<Names | keyof ReturnType<typeof templateHandlers>> = (ctx) => ({
  ...templateHandlers(ctx),
  'exports.start': async (input) => {
    ctx.session.api();
    const query = exportQuery(ctx, input);
    const { operationId } = exportsByTarget[input.target];
    const shape = shapeOf(input);
    return downloadServiceFile(ctx, {
      suggestedName: exportFileName(input.target, new Date()),
      kind: csvKind,
      request: async (signal) => {
        const response = await ctx.session.api().open(operationId, { query: query as never, signal, timeoutMs: null });
        return shape ? reshaped(response, shape) : response;
      },
      offline: (serverUrl) => exportNeedsService(input.target, serverUrl),
      needsService: (_name, serverUrl) => exportNeedsService(input.target, serverUrl),
    });
  },

  'exports.saveViewFile': async ({ name, text }) => {
    const suggested = name.toLowerCase().endsWith('.csv') ? name : `${name}.csv`;
    const destination = await chooseDestination(ctx.options.platform, ctx.options.downloadsDir, suggested, csvKind);
    if (!destination) return null;
    let partPath: string | null = null;
    try {
      partPath = await reservePart(destination);
      const bytes = Buffer.from(text, 'utf8');
      const file = await openPartFile(partPath, false);
      try {
        await file.writeFile(bytes);
      } finally {
        await file.close();
      }
      return { path: await finishPart(destination, partPath), bytes: bytes.byteLength };
    } catch (err) {
      if (partPath) await dropPart(partPath);
      throw fileWriteError(err, destination.dir) ?? err;
    }
  },
});
