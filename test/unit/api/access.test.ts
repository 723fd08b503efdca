import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { describe, expect, it } from 'vitest';
import {
  type AccessModel,
  type Caller,
  refuseCall,
  refuseCaller,
  refuseRecord,
  roleAllowsAny,
} from '../../../api/access';
import { type AccessContract, accessDeclarationProblems } from '../../../api/access-check';
import { accessModel, operationAccess } from '../../../api/generated/access';
import { findProjectFile } from '../../../api/locate';

const contract = parse(readFileSync(findProjectFile('api/openapi.yaml'), 'utf8')) as AccessContract;
const model: AccessModel = accessModel;
const sales: Caller = { id: 'u-sales', roles: ['sales'], permissions: ['contacts.write', 'companies.write'] };
const manager: Caller = { id: 'u-manager', roles: ['sales', 'manager'], permissions: [] };
const admin: Caller = { id: 'u-admin', roles: ['admin'], permissions: [] };
const rule = (operationId: keyof typeof operationAccess) => operationAccess[operationId];

describe('the contract’s access declarations', () => {
  it('are sound: every operation has a rule and every name in it exists', () => {
    expect(accessDeclarationProblems(contract)).toEqual([]);
  });

  it('finds a rule that names an input, a relation or a permission the contract lacks', () => {
    const broken = structuredClone(contract);
    const op = broken.paths['/api/documents/delete'].delete as { 'x-access': unknown };
    op['x-access'] = {
      permission: 'documents.burn',
      records: [{ resource: 'document', in: 'query.documentId', allow: ['owner', 'friend'], cascade: true }],
    };
    delete (broken.paths['/api/documents/documentDetail'].get as { 'x-access'?: unknown })['x-access'];
    expect(accessDeclarationProblems(broken)).toEqual([
      'getDocumentDetail: no x-access',
      'deleteDocument: unknown permission documents.burn',
      'deleteDocument records[0]: "in: query.documentId" names no input of the operation',
      'deleteDocument records[0]: "friend" is neither a role nor a relation of document',
      'deleteDocument records[0]: cascade on document, which contains nothing',
    ]);
  });
});

describe('refuseCaller', () => {
  it('refuses a caller without one of the rule’s roles, and one without its permission, in words', () => {
    expect(refuseCaller(rule('bootUser'), sales)).toEqual({
      status: 403,
      reason: 'Only an administrator may do this.',
    });
    expect(refuseCaller(rule('saveCmt'), sales)?.reason).toBe('Only a manager or an administrator may do this.');
    expect(refuseCaller(rule('saveCmt'), manager)).toBeNull();
    expect(refuseCaller(rule('deleteContact'), sales)?.reason).toBe(
      'You need the contacts.delete permission to do this; ask an administrator.',
    );
    expect(refuseCaller(rule('saveUser'), sales)).toBeNull();
  });
});

describe('refuseRecord', () => {
  const deleteDocument = rule('deleteDocument').records?.[0];
  const mine = { id: 'd1', ownerId: sales.id, approval: null };
  const theirs = { id: 'd2', ownerId: 'someone-else', approval: { approverId: sales.id } };

  it('lets the owner, a manager and an administrator act on a document, and nobody else', () => {
    if (!deleteDocument) throw new Error('deleteDocument has a record rule');
    expect(refuseRecord(model, deleteDocument, mine, sales)).toBeNull();
    expect(refuseRecord(model, deleteDocument, theirs, manager)).toBeNull();
    expect(refuseRecord(model, deleteDocument, theirs, admin)).toBeNull();
    expect(refuseRecord(model, deleteDocument, theirs, sales)).toEqual({
      status: 403,
      reason: 'Only its owner, a manager or an administrator may change this document.',
    });
  });

  it('compares a nested field with the caller (the approver of a document)', () => {
    const approve = rule('approveDocument').records?.[0];
    if (!approve) throw new Error('approveDocument has a record rule');
    expect(refuseRecord(model, approve, theirs, sales)).toBeNull();
    expect(refuseRecord(model, approve, mine, sales)?.status).toBe(403);
  });

  it('answers 404 for a record the caller may not see, and tests values as well as ids', () => {
    const read = rule('getStory').records?.[0];
    if (!read) throw new Error('getStory has a record rule');
    expect(refuseRecord(model, read, { authorId: 'x', state: 'published' }, sales)).toBeNull();
    expect(refuseRecord(model, read, { authorId: 'x', state: 'draft' }, sales)).toEqual({
      status: 404,
      reason: 'There is no such story.',
    });
    expect(refuseRecord(model, read, { authorId: sales.id, state: 'draft' }, sales)).toBeNull();
  });

  it('keeps a colleague’s own contact to that colleague and administrators', () => {
    const save = rule('saveUser').records?.[0];
    if (!save) throw new Error('saveUser has a record rule');
    expect(refuseRecord(model, save, { id: 'c1', type: 'customer' }, sales)).toBeNull();
    expect(refuseRecord(model, save, { id: 'c2', type: 'employee' }, sales)?.status).toBe(403);
    expect(refuseRecord(model, save, { id: sales.id, type: 'employee' }, sales)).toBeNull();
    expect(refuseRecord(model, save, { id: 'c2', type: 'employee' }, admin)).toBeNull();
    // A record without the tested field is not taken to pass a notIn test.
    expect(refuseRecord(model, save, { id: 'c3' }, sales)?.status).toBe(403);
  });
});

describe('refuseCall and roleAllowsAny', () => {
  it('judges the caller first, then each record the client has', () => {
    expect(refuseCall(model, rule('deleteContact'), sales, [{ type: 'customer' }])?.reason).toMatch(/contacts\.delete/);
    expect(refuseCall(model, rule('saveFolder'), sales, [{ ownerId: null }])?.status).toBe(403);
    expect(refuseCall(model, rule('saveFolder'), sales, [])).toBeNull();
    expect(refuseCall(model, rule('listContacts'), sales)).toBeNull();
  });

  it('tells whether a role opens every record of a rule', () => {
    const actor = rule('auditTrail').records?.[0];
    if (!actor) throw new Error('auditTrail has a record rule');
    expect(roleAllowsAny(model, actor, sales.roles)).toBe(false);
    expect(roleAllowsAny(model, actor, manager.roles)).toBe(true);
  });
});
