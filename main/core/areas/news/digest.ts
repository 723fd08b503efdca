/**
 * The "Since you were away" digest, made from the cache (not asked of the service): the records of
 * the synced types a salesperson opens that sync brought since the end of the user's last session
 * on this computer, as the service stamped them (`createdAt`, `updatedAt`, api/openapi.yaml:
 * ISO 8601 UTC). A record created after that moment is new; one created before and updated after is
 * changed. Rows holding an edit of this machine not yet sent (`local_state`) are the user's own work
 * and are left out. Records deleted on the service are gone from the cache and are not counted.
 */
import type { Database } from 'better-sqlite3';
import {
  type DigestItem,
  type DigestSection,
  type DigestType,
  digestItemsPerType,
  digestTypes,
} from '../../../../preload/contract';

/** How each type's rows read: its table, the words of a row, and what opening it opens. */
const sources: Record<DigestType, { table: string; label: string; opens: string }> = {
  contact: { table: 'contacts', label: "first_name || ' ' || last_name", opens: "'contact', id" },
  company: { table: 'companies', label: 'name', opens: "'company', id" },
  calendarEvent: { table: 'calendar_events', label: 'title', opens: "'calendarEvent', id" },
  document: { table: 'documents', label: 'title', opens: "'document', id" },
  notification: { table: 'notifications', label: 'title', opens: 'resource_type, resource_id' },
};

/** Record types a view of the app opens (renderer/src/views/view-types.ts, RecordType). */
const openable = new Set(['contact', 'company', 'calendarEvent', 'document', 'deal']);

interface ItemRow {
  id: string;
  label: string;
  openType: string | null;
  openId: string | null;
}

/**
 * What sync brought of every digest type since `since` (ISO 8601 UTC): only the types with
 * something new or changed, each with its counts and its `digestItemsPerType` latest records.
 */
export function digestSince(db: Database, since: string): DigestSection[] {
  const sections: DigestSection[] = [];
  for (const type of digestTypes) {
    const { table, label, opens } = sources[type];
    const after = 'julianday(updated_at) > julianday(@since) AND local_state IS NULL';
    const counts = db
      .prepare(
        `SELECT COALESCE(SUM(julianday(created_at) > julianday(@since)), 0) AS added, COUNT(*) AS total
         FROM ${table} WHERE ${after}`,
      )
      .get({ since }) as { added: number; total: number };
    if (counts.total === 0) continue;
    const [openType, openId] = opens.split(', ');
    const rows = db
      .prepare(
        `SELECT id, ${label} AS label, ${openType} AS openType, ${openId} AS openId FROM ${table}
         WHERE ${after} ORDER BY julianday(updated_at) DESC, id LIMIT ${digestItemsPerType}`,
      )
      .all({ since }) as ItemRow[];
    const items: DigestItem[] = rows.map((row) => ({
      id: row.id,
      label: row.label,
      opens:
        row.openType && row.openId && openable.has(row.openType)
          ? { type: row.openType as NonNullable<DigestItem['opens']>['type'], id: row.openId }
          : null,
    }));
    sections.push({ type, added: counts.added, changed: counts.total - counts.added, items });
  }
  return sections;
}
