/** Words of the audit trail: record kinds, results and the time range. */
import type { AuditRow } from '../../../../preload/contract';

/** A record kind as the service names it (preload/contract/audit.ts `auditResourceTypes`), in words. */
export const resourceTypeLabel: Record<string, string> = {
  contact: 'Contact',
  user: 'User',
  company: 'Company',
  calendarEvent: 'Calendar event',
  document: 'Document',
  folder: 'Folder',
  notification: 'Notification',
  comment: 'Note',
  branch: 'Branch',
  group: 'Group',
  cmt: 'Terms (CMT)',
};

/** The answer an audit record's request got, in words with its HTTP status. */
export function resultText(row: Pick<AuditRow, 'status'>): string {
  if (row.status >= 200 && row.status < 300) return `Done (${row.status})`;
  if (row.status === 401 || row.status === 429) return `Sign-in refused (${row.status})`;
  return `Refused (${row.status})`;
}

/** ISO 8601 UTC of local midnight at the start of `date` (yyyy-MM-dd); undefined when empty or not a date. */
export function startOfLocalDay(date: string): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(date)) return undefined;
  const at = new Date(`${date}T00:00:00`);
  return Number.isNaN(at.getTime()) ? undefined : at.toISOString();
}

/** ISO 8601 UTC of local midnight after `date` (yyyy-MM-dd): the exclusive end of a range that includes `date`. */
export function endOfLocalDay(date: string): string | undefined {
  const start = startOfLocalDay(date);
  if (!start) return undefined;
  const next = new Date(`${date}T00:00:00`);
  next.setDate(next.getDate() + 1);
  return next.toISOString();
}
