/**
 * The writes registry: how each editable synced type is written to the service, as its area
 * declares it. The write path (main/core/writes/) is generic over this list; an editable area adds
 * its `writes.ts` and one line here.
 */
import type { SyncedType } from '../../../preload/contract';
import type { RecordWrites } from '../writes/record-writes';
import { calendarEventWrites } from './calendar/writes';
import { companyWrites } from './companies/writes';
import { contactWrites } from './contacts/writes';
import { folderWrites } from './documents/folder-writes';
import { documentWrites } from './documents/writes';
import { notificationWrites } from './notifications/writes';

const registry: Partial<Record<SyncedType, RecordWrites<never>>> = {
  contact: contactWrites as RecordWrites<never>,
  company: companyWrites as RecordWrites<never>,
  calendarEvent: calendarEventWrites as RecordWrites<never>,
  notification: notificationWrites as RecordWrites<never>,
  document: documentWrites as RecordWrites<never>,
  folder: folderWrites as RecordWrites<never>,
};

/** The writes of `type`, or null when records of that type are not edited here. */
export function writesOf(type: string): RecordWrites<Record<string, unknown>> | null {
  return (registry[type as SyncedType] as RecordWrites<Record<string, unknown>> | undefined) ?? null;
}
