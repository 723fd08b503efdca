/**
 * The renderer's judge of the access rules (renderer/src/lib/use-access.ts) over the contract's
 * generated rules (api/generated/access.ts): what it offers a salesperson, a manager and an
 * administrator, what it does while the user is not known, and the shape of rule it relies on.
 */
import { describe, expect, it } from 'vitest';
import { operationAccess } from '../../api/generated/access';
import type { CurrentUser } from '../../preload/contract';
import { actsOnEveryRecord, allowsAnyOf, callerOf, judgeAccess } from '../../renderer/src/lib/use-access';

const me = '00000000-0000-4000-8000-000000000501';
const colleague = '00000000-0000-4000-8000-000000000502';

function user(roles: CurrentUser['roles'], permissions: CurrentUser['permissions'] = []): CurrentUser {
  return { id: me, firstName: 'Dana', lastName: 'Demo', email: 'dana.demo@brm.example', roles, permissions };
}

describe('judging the access rules in the renderer', () => {
  it("allows a salesperson their own document and refuses another user's, in the rule's words", () => {
    const sales = callerOf(user(['sales'], ['contacts.write']));
    expect(judgeAccess(sales, 'deleteDocument', { id: 'd1', ownerId: me })).toEqual({ allowed: true, reason: null });
    expect(judgeAccess(sales, 'deleteDocument', { id: 'd2', ownerId: colleague })).toEqual({
      allowed: false,
      reason: 'Only its owner, a manager or an administrator may change this document.',
    });
    const manager = callerOf(user(['sales', 'manager']));
    expect(judgeAccess(manager, 'deleteDocument', { id: 'd2', ownerId: colleague }).allowed).toBe(true);
  });

  it('judges a permission by the grants, and the approver by the approval round', () => {
    const sales = callerOf(user(['sales'], ['contacts.write']));
    expect(judgeAccess(sales, 'deleteContact', { id: 'c1', type: 'customer' }).reason).toBe(
      'You need the contacts.delete permission to do this; ask an administrator.',
    );
    const submitted = { id: 'd3', ownerId: colleague, approval: { approverId: me } };
    expect(judgeAccess(sales, 'approveDocument', submitted).allowed).toBe(true);
    expect(judgeAccess(sales, 'approveDocument', { ...submitted, approval: { approverId: colleague } }).allowed).toBe(
      false,
    );
  });

  it('judges only roles and grants without a record, and allows everything while the user is unknown', () => {
    const sales = callerOf(user(['sales'], ['contacts.write']));
    expect(judgeAccess(sales, 'deleteDocument').allowed).toBe(true);
    expect(judgeAccess(sales, 'saveCmt').reason).toBe('Only a manager or an administrator may do this.');
    expect(judgeAccess(null, 'bootUser').allowed).toBe(true);
    expect(judgeAccess(null, 'deleteDocument', { ownerId: colleague }).allowed).toBe(true);
  });

  it('does not judge grants from a kept answer that names none (a service before contract 0.6.0)', () => {
    const kept = { ...user(['sales']), permissions: undefined } as unknown as CurrentUser;
    const caller = callerOf(kept);
    expect(caller?.permissions).toBeNull();
    expect(judgeAccess(caller, 'deleteContact', { id: 'c1', type: 'customer' }).allowed).toBe(true);
    expect(judgeAccess(caller, 'deleteDocument', { ownerId: colleague }).allowed).toBe(false);
  });

  it('tells whom a view is for and who reads every record, from the rules', () => {
    expect(allowsAnyOf(callerOf(user(['admin'])), ['bootUser', 'removePermissions'])).toBe(true);
    expect(allowsAnyOf(callerOf(user(['sales', 'manager'])), ['bootUser', 'removePermissions'])).toBe(false);
    expect(allowsAnyOf(null, ['bootUser'])).toBe(false);
    expect(actsOnEveryRecord(callerOf(user(['manager'])), 'auditTrail')).toBe(true);
    expect(actsOnEveryRecord(callerOf(user(['sales'])), 'auditTrail')).toBe(false);
  });

  it('finds in every rule at most one record, named in one place (the renderer judges one record per action)', () => {
    for (const [operationId, rule] of Object.entries(operationAccess)) {
      const places = new Set((rule.records ?? []).map((record) => record.in));
      expect(places.size, operationId).toBeLessThanOrEqual(1);
    }
  });
});
