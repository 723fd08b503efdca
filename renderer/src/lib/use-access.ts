/**
 * What the signed-in user may do, by the contract's access rules (`x-access` of each operation and
 * `x-access-model`, api/openapi.yaml), judged by the same pure judge the service enforces them with
 * (api/access.ts `refuseCall`). The renderer's one place that decides which actions it offers:
 * views ask `useAccess(operationId, record)` (or `useAccessJudge()` for a list of records) and hide
 * or disable what is refused, saying the refusal's sentence (components/action-button.tsx). The
 * service still decides every call (docs/SECURITY.md, "The client offers only what the rules allow").
 *
 * While the signed-in user is not known yet (the first start offline, with no answer of `Gets
 * current user` kept) every action is offered: an edit queued then and refused by the service
 * (403) shows in the pending changes with the service's words, as every refused edit does. Views
 * meant only for some roles (`ViewDefinition.for`) stay hidden until the user is known to hold them.
 */
import { useCallback, useMemo } from 'react';
import { type Caller, type RecordRule, refuseCall, refuseCaller, roleAllowsAny } from '../../../api/access';
import { accessModel, operationAccess } from '../../../api/generated/access';
import type { OperationId } from '../../../api/generated/operations';
import type { CurrentUser } from '../../../preload/contract';
import { useCurrentUser } from './use-current-user';

export type { OperationId };

/** Whether an action is offered, and if not, why (an English sentence from api/access.ts). */
export interface Access {
  allowed: boolean;
  /** The refusal's sentence; null when allowed. */
  reason: string | null;
}

/** An allowed action. */
export const allowedAccess: Access = { allowed: true, reason: null };

/** The caller the rules judge, or null while unknown; `permissions` null when the answer named none. */
export interface KnownCaller extends Omit<Caller, 'permissions'> {
  /** Null for a kept answer of a service before contract 0.6.0, which named no grants: not judged then. */
  permissions: readonly string[] | null;
}

/** The caller of `user` (tolerant of a kept answer without `permissions`), or null for no user. */
export function callerOf(user: CurrentUser | null | undefined): KnownCaller | null {
  if (!user) return null;
  const permissions = (user as { permissions?: unknown }).permissions;
  return {
    id: user.id,
    roles: Array.isArray(user.roles) ? user.roles : [],
    permissions: Array.isArray(permissions) ? (permissions as string[]) : null,
  };
}

/**
 * Judges `operationId` for `caller` against `record`, the record the client has of what it acts on
 * (a synced row or a kept answer, shaped as the contract shapes it: `ownerId`, `organizerId`,
 * `authorId`, `approval.approverId` …). Every rule of the contract names at most one record, so
 * `record` is judged by each of the rule's `records` entries (test/renderer/use-access.test.ts
 * checks that). A missing record (not read yet, or a create) is not judged: only roles and
 * permission are. A null caller (not known yet) is allowed.
 */
export function judgeAccess(caller: KnownCaller | null, operationId: OperationId, record?: unknown): Access {
  if (!caller) return allowedAccess;
  const rule = operationAccess[operationId];
  const judged = caller.permissions === null ? { ...rule, permission: undefined } : rule;
  const records = (rule.records ?? []).map(() => record);
  const refusal = refuseCall(accessModel, judged, { ...caller, permissions: caller.permissions ?? [] }, records);
  return refusal ? { allowed: false, reason: refusal.reason } : allowedAccess;
}

/**
 * True when `caller` passes the caller-only parts (roles, permission) of at least one of
 * `operationIds`: the test of a view meant for some roles. False while the caller is unknown.
 */
export function allowsAnyOf(caller: KnownCaller | null, operationIds: readonly OperationId[]): boolean {
  if (!caller) return false;
  return operationIds.some(
    (id) => refuseCaller(operationAccess[id], { ...caller, permissions: caller.permissions ?? [] }) === null,
  );
}

/**
 * True when `caller`'s roles let them act on every record the first record rule of `operationId`
 * names, whatever the record (api/access.ts `roleAllowsAny`): e.g. reading everyone's audit
 * records. False while the caller is unknown or the operation names no record.
 */
export function actsOnEveryRecord(caller: KnownCaller | null, operationId: OperationId): boolean {
  const rule: RecordRule | undefined = operationAccess[operationId].records?.[0];
  return caller !== null && rule !== undefined && roleAllowsAny(accessModel, rule, caller.roles);
}

/** The signed-in user as the rules judge them (null while unknown); the same object until the user changes. */
export function useCaller(): KnownCaller | null {
  const { user } = useCurrentUser();
  return useMemo(() => callerOf(user), [user]);
}

/** Judges `operationId` on `record` for the signed-in user (see `judgeAccess`). */
export function useAccess(operationId: OperationId, record?: unknown): Access {
  return judgeAccess(useCaller(), operationId, record);
}

/**
 * A judge for many records at once (lists, trees, drops): `(operationId, record) => Access`, the
 * same function until the user changes (so it may be a dependency of memos and effects).
 */
export function useAccessJudge(): (operationId: OperationId, record?: unknown) => Access {
  const caller = useCaller();
  return useCallback((operationId, record) => judgeAccess(caller, operationId, record), [caller]);
}
