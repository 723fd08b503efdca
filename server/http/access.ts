/**
 * Enforces every operation's access rule (`x-access` in `api/openapi.yaml`, read through
 * `api/generated/access.ts` and judged by `api/access.ts`) in one place, after the request is
 * authenticated and validated and before any hook that writes or the operation's handler runs
 * (`./bind.ts`). Handlers do not check who may call them. The records a rule names are loaded by
 * the resource loaders the service composes (`server/access/resources.ts`); an operation that acts
 * on many records (an array of ids, or a cascade) is refused as a whole when one of them is refused,
 * before anything changes. Rules on multipart form fields are checked when the field is read
 * (`server/files/multipart.ts` calls `request.formFieldCheck`), before the file part streams in.
 * docs/SECURITY.md, "Who may do what", holds the resulting table.
 */
import type { FastifyRequest } from 'fastify';
import {
  type AccessRule,
  type Caller,
  cascades,
  idsNamed,
  type RecordRule,
  refuseCaller,
  refuseRecord,
} from '../../api/access';
import { accessModel, operationAccess } from '../../api/generated/access';
import type { OperationId } from '../../api/generated/operations';
import { forbidden, notFound } from './problem';

/** A record of a resource, as the contract shapes it. */
export type AccessRecord = Record<string, unknown>;

/** What the enforcement reads from the service: callers, records and what records contain. */
export interface AccessResources {
  /** The caller's roles and permission grants; undefined when the user no longer exists. */
  caller(userId: string): Caller | undefined;
  /** The record `id` of `resource`, or undefined when there is none. */
  load(resource: string, id: string): AccessRecord | undefined;
  /**
   * The records `record` contains, of the kinds the resource's `contains` lists (`x-access-model`),
   * for cascades. Throws a 409 problem when there are more than an operation may touch.
   */
  contained(resource: string, record: AccessRecord): Array<{ resource: string; record: AccessRecord }>;
}

/** Throws the problem of a refusal of `resource` record `id`. */
function refuse(status: 403 | 404, reason: string, resource: string, id: string): never {
  if (status === 404) throw notFound(accessModel.resources[resource]?.label ?? resource, id);
  throw forbidden(reason);
}

/** Checks one record rule against the records a request names (and what they contain, on a cascade). */
function checkRecords(
  resources: AccessResources,
  rule: RecordRule,
  ids: readonly string[],
  caller: Caller,
  cascade: boolean,
): void {
  for (const id of ids) {
    const record = resources.load(rule.resource, id);
    if (!record) continue;
    const refusal = refuseRecord(accessModel, rule, record, caller);
    if (refusal) refuse(refusal.status, refusal.reason, rule.resource, id);
    if (!cascade) continue;
    for (const inner of resources.contained(rule.resource, record)) {
      const refused = refuseRecord(accessModel, rule, inner.record, caller, inner.resource);
      if (refused) {
        const label = accessModel.resources[inner.resource]?.label ?? inner.resource;
        const name = typeof inner.record.name === 'string' ? ` “${inner.record.name}”` : '';
        throw forbidden(
          `${refused.reason.replace(/\.$/, '')}; the ${label}${name} (${String(inner.record.id)}) is inside, so nothing was changed.`,
        );
      }
    }
  }
}

/**
 * The access check of `operationId`, to run once the request is authenticated (`request.userId`)
 * and validated (`request.validated`, `request.body`). Throws 403 or 404 problems; sets
 * `request.formFieldCheck` for rules on form fields.
 */
export function accessCheck(
  operationId: OperationId,
  resources: AccessResources,
): ((request: FastifyRequest) => void) | null {
  const rule: AccessRule = operationAccess[operationId];
  if (!rule.roles && !rule.permission && !rule.records?.length) return null;
  return (request) => {
    const userId = request.userId;
    if (!userId) return;
    const caller = resources.caller(userId);
    if (!caller) throw forbidden('Your user no longer exists on the service; sign in again.');
    const refused = refuseCaller(rule, caller);
    if (refused) throw forbidden(refused.reason);
    const parts = { query: request.validated?.query ?? {}, body: request.body };
    const formRules: RecordRule[] = [];
    for (const recordRule of rule.records ?? []) {
      if (recordRule.in.startsWith('form.')) {
        formRules.push(recordRule);
        continue;
      }
      checkRecords(resources, recordRule, idsNamed(recordRule, parts), caller, cascades(recordRule, parts));
    }
    if (formRules.length) {
      request.formFieldCheck = (name, value) => {
        for (const formRule of formRules)
          if (formRule.in === `form.${name}`) checkRecords(resources, formRule, [value], caller, false);
      };
    }
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    /**
     * Set by the access check for operations whose rule names a form field: checks the field's
     * value when the form reader reads it (throws 403 or 404 problems).
     */
    formFieldCheck?: (name: string, value: string) => void;
  }
}
