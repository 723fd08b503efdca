/**
 * How each synced record type maps onto its cache table: one column list per type, from which the
 * upsert ("only when the incoming version is newer") and tombstone statements are generated.
 */
import type { SyncedType } from '../../../preload/contract';
import type { ApiCalendarEvent, ApiCompany, ApiContact, ApiDocument, ApiFolder, ApiNotification } from '../api/types';

type SqlValue = string | number | null;

/** One column: its name, how its value comes from the record, and optionally an SQL expression using `?`. */
interface Column<T> {
  name: string;
  value: (record: T) => SqlValue;
  sql?: string;
}

/** A record type's table. */
export interface RecordTable<T> {
  table: string;
  columns: Column<T>[];
}

const col = <T>(name: string, value: (record: T) => SqlValue, sql?: string): Column<T> => ({ name, value, sql });
const common = <T extends { id: string; version: number; createdAt: string; updatedAt: string }>(): Column<T>[] => [
  col('id', (r) => r.id),
  col('version', (r) => r.version),
  col('created_at', (r) => r.createdAt),
  col('updated_at', (r) => r.updatedAt),
];

const contacts: RecordTable<ApiContact> = {
  table: 'contacts',
  columns: [
    ...common<ApiContact>(),
    col('first_name', (r) => r.firstName),
    col('last_name', (r) => r.lastName),
    col('email', (r) => r.email),
    col('phone', (r) => r.phone),
    col('job_title', (r) => r.jobTitle),
    col('company_id', (r) => r.companyId),
    col('company_name', (r) => r.companyId, '(SELECT name FROM companies WHERE id = ?)'),
    col('type', (r) => r.type),
    col('state', (r) => r.state),
    col('city', (r) => r.city),
    col('country', (r) => r.country),
  ],
};

const companies: RecordTable<ApiCompany> = {
  table: 'companies',
  columns: [
    ...common<ApiCompany>(),
    col('name', (r) => r.name),
    col('industry', (r) => r.industry),
    col('website', (r) => r.website),
    col('phone', (r) => r.phone),
    col('street', (r) => r.address.street),
    col('city', (r) => r.address.city),
    col('postal_code', (r) => r.address.postalCode),
    col('country', (r) => r.address.country),
  ],
};

const calendarEvents: RecordTable<ApiCalendarEvent> = {
  table: 'calendar_events',
  columns: [
    ...common<ApiCalendarEvent>(),
    col('title', (r) => r.title),
    col('description', (r) => r.description),
    col('location', (r) => r.location),
    col('starts_at', (r) => r.startsAt),
    col('ends_at', (r) => r.endsAt),
    col('starts_ms', (r) => Date.parse(r.startsAt)),
    col('ends_ms', (r) => Date.parse(r.endsAt)),
    col('all_day', (r) => (r.allDay ? 1 : 0)),
    col('status', (r) => r.status),
    col('organizer_id', (r) => r.organizerId),
    col('recipient_count', (r) => r.recipientCount),
  ],
};

const folders: RecordTable<ApiFolder> = {
  table: 'folders',
  columns: [...common<ApiFolder>(), col('parent_id', (r) => r.parentId), col('name', (r) => r.name)],
};

const documents: RecordTable<ApiDocument> = {
  table: 'documents',
  columns: [
    ...common<ApiDocument>(),
    col('folder_id', (r) => r.folderId),
    col('name', (r) => r.name),
    col('title', (r) => r.title),
    col('content_type', (r) => r.contentType),
    col('size', (r) => r.size),
    col('sha256', (r) => r.sha256),
    col('state', (r) => r.state),
    col('owner_id', (r) => r.ownerId),
  ],
};

const notifications: RecordTable<ApiNotification> = {
  table: 'notifications',
  columns: [
    ...common<ApiNotification>(),
    col('kind', (r) => r.kind),
    col('title', (r) => r.title),
    col('body', (r) => r.body),
    col('state', (r) => r.state),
    col('resource_type', (r) => r.resourceType),
    col('resource_id', (r) => r.resourceId),
  ],
};

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
  contact: contacts,
  company: companies,
  calendarEvent: calendarEvents,
  folder: folders,
  document: documents,
  notification: notifications,
};

/**
 * The upsert statement of a table: inserts, or updates only when the incoming `version` is greater
 * than the cached one (so an old page replayed after a newer change never wins).
 */
export function upsertSql(spec: RecordTable<unknown>): string {
  const names = spec.columns.map((c) => c.name);
  const values = spec.columns.map((c) => c.sql ?? '?');
  const updates = names.filter((n) => n !== 'id').map((n) => `${n} = excluded.${n}`);
  return `INSERT INTO ${spec.table} (${names.join(', ')}) VALUES (${values.join(', ')})
    ON CONFLICT (id) DO UPDATE SET ${updates.join(', ')} WHERE excluded.version > ${spec.table}.version`;
}

/** The tombstone statement of a table: deletes the row unless the cache already holds a newer version. Params: id, version. */
export function tombstoneSql(spec: RecordTable<unknown>): string {
  return `DELETE FROM ${spec.table} WHERE id = ? AND version <= ?`;
}

/** The positional parameters of `record` for upsertSql. */
export function upsertParams<T>(spec: RecordTable<T>, record: T): SqlValue[] {
  return spec.columns.map((c) => c.value(record));
}
