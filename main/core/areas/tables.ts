/**
 * The table registry: every synced type's cache table, as its area declares it. The cache's
 * statements (apply-changes.ts, state-store.ts, the write path) are loops over this list; adding a
 * synced area adds its `table.ts` and one line here. Imports only table declarations, so the sync
 * writer thread can load it without the handlers.
 */
import type { SyncedType } from '../../../preload/contract';
import type { ApiCalendarEvent, ApiCompany, ApiContact, ApiDocument, ApiFolder, ApiNotification } from '../api/types';
import type { RecordTable } from '../cache/record-table';
import { keptBranchesTable } from './branches/kept-table';
import { calendarEventsTable } from './calendar/table';
import { companiesTable } from './companies/table';
import { contactsTable } from './contacts/table';
import { documentsTable, foldersTable } from './documents/table';
import { notificationsTable } from './notifications/table';

/** The record each synced type carries in the change feed. */
export interface RecordOf {
  contact: ApiContact;
  company: ApiCompany;
  calendarEvent: ApiCalendarEvent;
  folder: ApiFolder;
  document: ApiDocument;
  notification: ApiNotification;
}

/** The table of every synced type. */
export const recordTables: { [K in SyncedType]: RecordTable<RecordOf[K]> } = {
  contact: contactsTable,
  company: companiesTable,
  calendarEvent: calendarEventsTable,
  folder: foldersTable,
  document: documentsTable,
  notification: notificationsTable,
};

/** The table of `type`, untyped (for loops). */
export function tableOf(type: SyncedType): RecordTable<unknown> {
  return recordTables[type] as RecordTable<unknown>;
}

/**
 * The cache.db tables of on-demand answers kept beside the query cache (not synced records), cleared
 * with it: on sign-out, a change of user and a 410 rebuild (cache/state-store.ts `clearSyncedData`).
 */
export const keptTables: readonly string[] = [keptBranchesTable];
