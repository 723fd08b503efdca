/**
 * Operation `auditTrail` (Audit group): filtered, sorted, paged audit records. Users with a role its
 * `x-access` names (`manager`, `admin`) see every record; other users only the records they are the
 * actor of (asking for another actor's is refused before this runs: `server/http/access.ts`).
 */
import { type RecordRule, roleAllowsAny } from '../../api/access';
import { accessModel, operationAccess } from '../../api/generated/access';
import { pageJson } from '../db/paging';
import type { OperationHandlers } from '../http/bind';
import type { OperationDeps } from './deps';

/** The rule that says whose audit records a caller may read. */
const actorRule = operationAccess.auditTrail.records?.[0] as RecordRule;

/** Normalizes an RFC 3339 date-time to the stored form (ISO 8601 UTC with milliseconds). */
function utc(value: string | undefined): string | undefined {
  return value === undefined ? undefined : new Date(value).toISOString();
}

/** Handlers of the Audit group's audit operation. */
export function auditTrailHandlers(deps: OperationDeps): Pick<OperationHandlers, 'auditTrail'> {
  const { store } = deps;
  return {
    auditTrail: ({ body, userId }) => {
      const seesAll = roleAllowsAny(accessModel, actorRule, store.users.currentUser(userId)?.roles ?? []);
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
