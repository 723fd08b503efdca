/**
 * Handlers of `audit.*`: the audit trail (api/openapi.yaml `Audit Trail`, auditTrail), one page at
 * a time, newest first, asked of the service on demand and kept with its age for offline use
 * (kept.ts); audit records are not in the change feed (ChangeType). Who sees what is the
 * service's rule; its refusal (403) is kept as the page's answer, in its words, so a user who may
 * not see a trail is told so offline too instead of being shown an empty list.
 */
import {
  type AuditFilter,
  type AuditRecord,
  type AuditRow,
  type AuditTrailPage,
  auditPageSize,
} from '../../../../preload/contract';
import { ServiceError } from '../../errors';
import type { AreaHandlers, HandlerContext } from '../context';
import { keptAnswer } from '../kept';

type Names = 'audit.trail';

/** Time allowed for one page of the trail, ms. */
const pageTimeoutMs = 10_000;

/** The key a page is kept under: the filters in a fixed order and the cursor. */
function pageKey(filter: AuditFilter, cursor: string | undefined): string {
  const fields = ['actorId', 'resourceType', 'resourceId', 'from', 'to'] as const;
  return `auditTrail:${JSON.stringify([...fields.map((f) => filter[f] ?? null), cursor ?? null])}`;
}

/** The name of contact `id` from the cache, or null. */
function contactName(ctx: HandlerContext, id: string | null): string | null {
  const contact = id ? ctx.stores.contacts.get(id) : null;
  return contact ? `${contact.firstName} ${contact.lastName}` : null;
}

/** The name of the record an audit record is about, from the cache (contacts, users, companies). */
function resourceName(ctx: HandlerContext, record: AuditRecord): string | null {
  if (!record.resourceId) return null;
  if (record.resourceType === 'contact' || record.resourceType === 'user') return contactName(ctx, record.resourceId);
  if (record.resourceType === 'company') return ctx.stores.companies.get(record.resourceId)?.name ?? null;
  return null;
}

/** The page as shown: each record with the names this computer knows now (so a renamed record shows its new name). */
function named(ctx: HandlerContext, page: AuditTrailPage): AuditTrailPage {
  return {
    ...page,
    rows: page.rows.map(
      (row): AuditRow => ({ ...row, actorName: contactName(ctx, row.actorId), resourceName: resourceName(ctx, row) }),
    ),
  };
}

/** Creates the audit handlers. */
export const auditHandlers: AreaHandlers<Names> = (ctx) => ({
  'audit.trail': async ({ filter, cursor }) => {
    const kept = await keptAnswer<AuditTrailPage | null>(
      ctx,
      pageKey(filter, cursor),
      async () => {
        try {
          const page = await ctx.session.api().call('auditTrail', {
            body: { ...filter, cursor, limit: auditPageSize, sort: '-occurredAt' },
            timeoutMs: pageTimeoutMs,
          });
          const rows = page.items.map((record) => ({ ...record, actorName: null, resourceName: null }));
          return { rows, nextCursor: page.nextCursor, refusal: null };
        } catch (err) {
          // The service's rule on who sees what: its refusal is the answer to keep and show.
          if (err instanceof ServiceError && err.status === 403)
            return { rows: [], nextCursor: null, refusal: err.problem?.detail ?? err.message };
          throw err;
        }
      },
      null,
    );
    return { ...kept, value: kept.value ? named(ctx, kept.value) : null };
  },
});
