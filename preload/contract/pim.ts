/**
 * Bridge calls of PIM (api/openapi.yaml tag Pim): the user's calendar as an iCalendar file
 * (`getPimCalendar`, RFC 5545) and the address calendar apps subscribe to, import mapping files
 * (`uploadImportMapping`, `getImportMappingsFile`) and checking a CSV file before an import
 * (`validateFile`). Export templates (the tag's other operations) are in exports.ts. None of these
 * is in the change feed: the list of mappings is read on demand and kept with its age; a mapping
 * file goes through the durable upload queue, files to disk through download transfers, and a
 * validation needs the service.
 */
import { z } from 'zod';
import { writeSchemas } from '../../api/generated/write-schemas';
import { type ApiSchemas, call, fileRefSchema, isoDateTime, type KeptAnswer, uuid } from './common';
import type { Transfer } from './transfers';
import { fromContract } from './write-inputs';

/** The kind of record an import file holds (the contract's ImportTarget). */
export type ImportTarget = ApiSchemas['ImportTarget'];
/** A stored import mapping (the contract's ImportMapping). */
export type ImportMapping = ApiSchemas['ImportMapping'];
/** An import mapping file, as Upload takes it and Get Import Mappings File gives it (ImportMappingFile). */
export type ImportMappingFile = ApiSchemas['ImportMappingFile'];
/** What Validate File found in a CSV file (the contract's FileValidationReport). */
export type FileValidationReport = ApiSchemas['FileValidationReport'];
/** One issue of a report (the contract's FileValidationIssue). */
export type FileValidationIssue = ApiSchemas['FileValidationIssue'];
/** The kinds of issue (the contract's FileValidationIssueCode). */
export type FileValidationIssueCode = ApiSchemas['FileValidationIssueCode'];

/** The contract's ImportTarget values. */
export const importTargets = ['contact', 'company'] as const satisfies readonly ImportTarget[];

/** Largest import mapping file the service takes, bytes (api/openapi.yaml `uploadImportMapping`: 64 KiB). */
export const maxImportMappingBytes = 65_536;
/** Largest CSV file Validate File takes, bytes (api/openapi.yaml `validateFile`: 10 MiB). */
export const maxValidateFileBytes = 10_485_760;
/** Longest range of the PIM calendar, days (api/openapi.yaml `getPimCalendar`: at most 366 days). */
export const maxCalendarRangeDays = 366;

/**
 * An import mapping file as a zod schema built from the contract's own JSON Schema
 * (`api/generated/write-schemas.ts`), so a file is refused before it is queued with the limits the
 * service applies (the uniqueness of columns and fields is the service's to check).
 */
export const importMappingFileSchema = fromContract<ImportMappingFile>(writeSchemas.ImportMappingFile);

/** A calendar range [from, to): `to` after `from`, at most 366 days (api/openapi.yaml `getPimCalendar`). */
export const calendarRangeSchema = z
  .object({ from: isoDateTime, to: isoDateTime })
  .strict()
  .refine((range) => Date.parse(range.to) > Date.parse(range.from), {
    message: 'The end must be after the start.',
    path: ['to'],
  })
  .refine((range) => Date.parse(range.to) - Date.parse(range.from) <= maxCalendarRangeDays * 86_400_000, {
    message: `The range may span at most ${maxCalendarRangeDays} days.`,
    path: ['to'],
  });

/** The address a calendar app subscribes to, and how the service lets it in. */
export interface CalendarFeed {
  /** `getPimCalendar` with the range and `format=ics`. */
  url: string;
  /**
   * How the contract authorizes the address, in words: it has no feed token, only
   * `Authorization: Bearer <access token>` (api/openapi.yaml, securitySchemes), which is never shown.
   */
  access: string;
}

/** The list of import mappings: the first page (up to 500, by name) and whether there are more. */
export interface ImportMappingList {
  items: ImportMapping[];
  /** True when the service has more than `items` (narrow the list with the search). */
  more: boolean;
}

export const pimCalls = {
  /**
   * Saves the user's calendar over [from, to) as an iCalendar file (`getPimCalendar`, `format=ics`)
   * where the user chooses (the downloads folder in browser mode), as a download transfer. Resolves
   * null when the save dialog was closed. Needs the service: refused with `offline` in words.
   */
  'pim.exportCalendar': call<Transfer | null>()(calendarRangeSchema),
  /** The address a calendar app subscribes to for [from, to), and how it is authorized. */
  'pim.calendarFeed': call<CalendarFeed>()(calendarRangeSchema),
  /** Import mappings (`getImportMappingsFile` without `id`), read on demand and kept with their age. */
  'pim.mappings': call<KeptAnswer<ImportMappingList>>()(
    z.object({ target: z.enum(importTargets).optional(), q: z.string().trim().min(1).max(200).optional() }).strict(),
  ),
  /**
   * Queues an import mapping file (JSON, at most 64 KiB) for `uploadImportMapping` through the
   * durable upload queue: kept on this computer first and sent as soon as the service can be
   * reached. A file that is not JSON or not an import mapping is refused at once in words.
   */
  'pim.uploadMapping': call<Transfer>()(z.object({ file: fileRefSchema }).strict()),
  /**
   * Saves mapping `id`'s file (`getImportMappingsFile` with `id`, `<name>.json`) where the user
   * chooses, as a download transfer; null when the save dialog was closed. Needs the service.
   */
  'pim.downloadMapping': call<Transfer | null>()(z.object({ id: uuid, name: z.string().min(1).max(200) }).strict()),
  /**
   * Checks a CSV file (at most 10 MiB) against a mapping or a target (`validateFile`) and answers
   * the report. Needs the service; its refusals (404, 413, 415) come back in words.
   */
  'pim.validateFile': call<FileValidationReport>()(
    z
      .object({
        file: fileRefSchema,
        target: z.enum(importTargets).optional(),
        mappingId: uuid.optional(),
        delimiter: z.enum([',', ';', '\t']).optional(),
      })
      .strict()
      .refine((input) => (input.target === undefined) !== (input.mappingId === undefined), {
        message: 'Choose a mapping or a kind of record to check the file against.',
        path: ['target'],
      }),
  ),
} as const;
