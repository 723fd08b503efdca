/**
 * Bridge calls of the audit trail (api/openapi.yaml `Audit Trail`, auditTrail): one page at a time,
 * newest first, read on demand and kept with its age for offline use. Who sees what is the
 * service's rule (managers and administrators every record, other users their own); a refusal is
 * kept and shown in its words.
 */
import { z } from 'zod';
import { type ApiSchemas, call, isoDateTime, type KeptAnswer, uuid } from './common';

/** One audit record (the contract's AuditRecord). */
export type AuditRecord = ApiSchemas['AuditRecord'];

/** An audit record with the names this computer knows for its actor and record. */
export interface AuditRow extends AuditRecord {
  /** The actor's name from the cached contacts; null when unknown (or a failed sign-in). */
  actorName: string | null;
  /** The record's name from the cache (contacts, users and companies); null when unknown. */
  resourceName: string | null;
}

/** One page of the trail, or the service's refusal to show it. */
export interface AuditTrailPage {
  rows: AuditRow[];
  /** The cursor of the next (older) page; null on the last page. */
  nextCursor: string | null;
  /** The service's refusal in its words (e.g. another user's records for a user who may not see them); null when answered. */
  refusal: string | null;
}

/** The record kinds the trail can be narrowed to (the contract's record schemas, lowerCamel, as the service names them). */
export const auditResourceTypes = [
  'contact',
  'user',
  'company',
  'calendarEvent',
  'document',
  'folder',
  'notification',
  'comment',
  'branch',
  'group',
  'cmt',
] as const;

/** The filters of the trail; they combine with AND, `from` inclusive, `to` exclusive (api/openapi.yaml, AuditTrailQuery). */
export const auditFilterSchema = z
  .object({
    actorId: uuid.optional(),
    resourceType: z
      .string()
      .min(1)
      .max(50)
      .regex(/^[a-z][A-Za-z0-9]*$/)
      .optional(),
    resourceId: uuid.optional(),
    from: isoDateTime.optional(),
    to: isoDateTime.optional(),
  })
  .strict();
export type AuditFilter = z.infer<typeof auditFilterSchema>;

/** Records per page the view asks for (the contract allows 1–500). */
export const auditPageSize = 50;

export const auditCalls = {
  /**
   * One page of the trail matching `filter`, newest first (`cursor`: the previous page's
   * `nextCursor`; none for the first page): the service's answer when online, else the last one
   * with its age.
   */
  'audit.trail': call<KeptAnswer<AuditTrailPage | null>>()(
    z.object({ filter: auditFilterSchema, cursor: z.string().min(1).max(512).optional() }).strict(),
  ),
} as const;
