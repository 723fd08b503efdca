/**
 * Bridge calls that check a synced listing on screen against the service's own list operation
 * (api/openapi.yaml `listCalendarEvents`, `getNotifications`, `listFolderDocuments`): the records the
 * service lists are kept in the cache (only where newer), and the answer says how many it listed,
 * how many were not on this computer yet, and which kept records it no longer lists. Nothing is
 * deleted by a check: sync decides (docs/ARCHITECTURE.md, "Listings checked against the service").
 * Also the notifications the cache keeps as dismissed ("Show dismissed").
 */
import { z } from 'zod';
import { call, empty, isoDateTime, type SyncedType, uuid } from './common';
import type { Notification } from './notifications';

/** The longest calendar range one check covers, days. */
export const maxCheckRangeDays = 366;
/** The most records one check reads from the service (its pages are read up to this bound). */
export const maxCheckedRecords = 2_000;

/** A kept record the service did not list in the checked range, folder or state. */
export interface NotListedRecord {
  type: SyncedType;
  id: string;
  /** How the record is named on screen (an event's title, a document's file name). */
  label: string;
}

/**
 * What a check found. `checked`: the service answered; `listed` records (at most
 * `maxCheckedRecords`; `complete` false when it has more, and then `notListed` is left empty,
 * since the rest was not read), `newHere` of them were not on this computer and are kept now
 * (`newIds`), and `notListed` kept records the service does not list any more (still kept; sync
 * confirms). `unavailable`: the service could not be asked (offline, signed out, a refusal), in words.
 * `checkedAt` is ISO 8601 UTC.
 */
export type ListingCheck =
  | {
      outcome: 'checked';
      listed: number;
      newHere: number;
      newIds: string[];
      notListed: NotListedRecord[];
      complete: boolean;
      checkedAt: string;
    }
  | { outcome: 'unavailable'; message: string; checkedAt: string };

/** A calendar range to check: [`from`, `to`), `from` before `to`, at most `maxCheckRangeDays` long. */
export const checkRangeInput = z
  .object({ from: isoDateTime, to: isoDateTime })
  .strict()
  .refine((r) => Date.parse(r.from) < Date.parse(r.to), {
    message: 'The range must end after it starts.',
    path: ['to'],
  })
  .refine((r) => Date.parse(r.to) - Date.parse(r.from) <= maxCheckRangeDays * 86_400_000, {
    message: `Check at most ${maxCheckRangeDays} days at a time.`,
    path: ['to'],
  });

export const listingChecksCalls = {
  /** Checks the calendar events overlapping [from, to) against `listCalendarEvents`. */
  'calendar.checkRange': call<ListingCheck>()(checkRangeInput),
  /** Checks the notifications list (not dismissed; or the dismissed ones) against `getNotifications`. */
  'notifications.checkList': call<ListingCheck>()(z.object({ state: z.enum(['dismissed']).optional() }).strict()),
  /** Checks one folder's documents and direct subfolders (null: the top folder) against `listFolderDocuments`. */
  'documents.checkFolder': call<ListingCheck>()(z.object({ folderId: uuid.nullable() }).strict()),
  /** The dismissed notifications the cache keeps, newest first (at most 500). */
  'notifications.listDismissed': call<Notification[]>()(empty),
} as const;
