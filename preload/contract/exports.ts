/**
 * Bridge calls of exports: the service's five CSV exports (the contract's `Export` group,
 * api/openapi.yaml) streamed to a file as a transfer with progress and cancel, and the file of a
 * list as the app shows it (written by the renderer from the cache with the shared cell rule,
 * api/csv-cell.ts). Where a file goes: a location the user chooses (Electron's save dialog), or a
 * free name in the downloads folder (browser mode). An export may keep chosen columns in a chosen order
 * with a chosen delimiter, and those choices may be saved as export templates (export-templates.ts).
 */
import { z } from 'zod';
import { call, isoDateTime, uuid } from './common';
import {
  columnsProblem,
  exportDelimiters,
  exportTargets,
  exportTemplatesCalls,
  maxTemplateColumns,
} from './export-templates';
import type { Transfer } from './transfers';

export * from './export-templates';

/**
 * The largest file of a list view the renderer may hand over to be saved, bytes of UTF-8 (1 MiB):
 * one bridge message, which browser mode carries in WebSocket frames of at most 2 MiB
 * (main/host/bridge-socket.ts), with room for JSON escaping. Larger lists go through the service's
 * export (`exports.start`), which streams.
 */
export const maxViewFileBytes = 1024 * 1024;

/** What `exports.start` sends to the service: the export and the contract's options. */
export const exportRequest = z
  .object({
    target: z.enum(exportTargets),
    /** true: values exactly as stored, for programs (the contract's `raw`); default false: safe for spreadsheets. */
    raw: z.boolean().default(false),
    /** true: the file starts with a UTF-8 byte order mark (the contract's `bom`). */
    bom: z.boolean().default(false),
    /** Only rows whose record changed at or after this moment (ISO 8601 UTC). */
    updatedSince: isoDateTime.optional(),
    /** Only rows of this company (every export but `companies`). */
    companyId: uuid.optional(),
    /**
     * The columns the file keeps, in output order, from the export's column set (`exportColumns`);
     * absent: every column in the service's order. The app reshapes the file as it streams.
     */
    columns: z.array(z.string()).min(1).max(maxTemplateColumns).optional(),
    /** The file's field delimiter; absent: a comma, as the service writes it. */
    delimiter: z.enum(exportDelimiters).optional(),
  })
  .strict()
  .refine((input) => input.target !== 'companies' || input.companyId === undefined, {
    message: 'The companies export cannot be limited to one company; leave the company empty.',
    path: ['companyId'],
  })
  .superRefine((input, ctx) => {
    const problem = input.columns ? columnsProblem(input.target, input.columns) : null;
    if (problem) ctx.addIssue({ code: 'custom', path: ['columns'], message: problem });
  });
export type ExportRequest = z.infer<typeof exportRequest>;

/** A file of a list view: its suggested name and its text (UTF-8). */
export const viewFileInput = z
  .object({
    /** The name to suggest (no folders; `.csv` is added when missing). */
    name: z.string().min(1).max(200),
    /** The file's text; at most `maxViewFileBytes` bytes of UTF-8. */
    text: z
      .string()
      .max(maxViewFileBytes)
      .refine((text) => new TextEncoder().encode(text).byteLength <= maxViewFileBytes, {
        message:
          'This list is too large to save from the app (over 1 MiB). Narrow it with the search, or use Export… to have the BRM service export every record.',
      }),
  })
  .strict();

/** Where a saved file of a list view went. */
export interface SavedViewFile {
  /** Absolute path of the written file. */
  path: string;
  /** Bytes written. */
  bytes: number;
}

export const exportsCalls = {
  /**
   * Asks where to save (Electron) and starts the export as a download transfer (progress and cancel
   * through `transfers.*`); null when the user closed the save dialog. Needs the service: rejects
   * with `offline` in words saying so while it cannot be reached.
   */
  'exports.start': call<Transfer | null>()(exportRequest),
  /** Saves the file of a list view (asking where in Electron); null when the user closed the save dialog. */
  'exports.saveViewFile': call<SavedViewFile | null>()(viewFileInput),
  ...exportTemplatesCalls,
} as const;
