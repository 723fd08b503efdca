/**
 * Operation `auditTrail` (Audit group): filtered, sorted, paged audit records. Users with the role
 * `manager` or `admin` see every record; other users only the records they are the actor of.
 */
import { pageJson } from '../db/paging';
import type { OperationHandlers } from '../http/bind';
import { forbidden } from '../http/problem';
import type { OperationDeps } from './deps';

/** Roles that may read everyone's audit records. */
const auditReaderRoles = ['manager', 'admin'] as const;

/** Normalizes an RFC 3339 date-time to the stored form (ISO 8601 UTC with milliseconds). */
function utc(value: string | undefined): string | undefined {
  return value === undefined ? undefined : new Date(value).toISOString();
}

/** Handlers of the Audit group's audit operation. */
export function auditTrailHandlers(deps: OperationDeps): Pick<OperationHandlers, 'auditTrail'> {
  const { store } = deps;
  return {
    auditTrail: ({ body, userId }) => {
      const roles = store.users.currentUser(userId)?.roles ?? [];
      const seesAll = roles.some((r) => (auditReaderRoles as readonly string[]).includes(r));
      if (!seesAll && body.actorId !== undefined && body.actorId !== userId) {
        throw forbidden(
          'Only managers and admins may read the audit records of other users; leave out actorId to see your own.',
        );
      }
      const page = deps.repos.audit.list(
        {
          actorId: seesAll ? body.actorId : userId,
          operationId: body.operationId,
          tag: body.tag,
          resourceType: body.resourceType,
          resourceId: body.resourceId?.toLowerCase(),
          from: utc(body.from),
          to: utc(body.to),
          statusClass: body.statusClass,
        },
        { sort: body.sort ?? '-occurredAt', cursor: body.cursor, limit: body.limit ?? 50 },
      );
      return pageJson(page);
    },
  };
}
