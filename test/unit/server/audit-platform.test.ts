/**
 * Pure logic of the cross-cutting hooks: request hashing for idempotency, the audit record of a
 * write, the facts derived from the contract per operation, and the RateLimit header values.
 */
import { describe, expect, it } from 'vitest';
import { loadContract } from '../../../server/contract/spec';
import { writeRecord } from '../../../server/http/audit-hook';
import { canonicalJson, requestHash } from '../../../server/http/idempotency-hook';
import { OperationIndex, type OperationFacts } from '../../../server/http/operation-index';
import { limitHeader, policyHeader } from '../../../server/http/rate-limit';

const index = new OperationIndex(loadContract().contract);
const facts = (id: string): OperationFacts => {
  const found = index.all().find((o) => o.operationId === id);
  if (!found) throw new Error(`no operation ${id}`);
  return found;
};

const actor = '5d2e8c1a-7b3f-4e6d-9c0a-1f2b3c4d5e6f';
const a = '0b6f7a52-3c1d-4f0e-9a7b-2d5c8e9f1a34';
const b = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

describe('request hashing', () => {
  it('ignores key order at every level but not values or array order', () => {
    expect(canonicalJson({ b: 1, a: { d: [2, 1], c: null } })).toBe('{"a":{"c":null,"d":[2,1]},"b":1}');
    expect(requestHash('op', {}, { x: 1, y: 2 })).toBe(requestHash('op', {}, { y: 2, x: 1 }));
    expect(requestHash('op', {}, { x: 1 })).not.toBe(requestHash('op', {}, { x: 2 }));
    expect(requestHash('op', {}, { x: [1, 2] })).not.toBe(requestHash('op', {}, { x: [2, 1] }));
    expect(requestHash('op', {}, { x: 1 })).not.toBe(requestHash('other', {}, { x: 1 }));
    expect(requestHash('op', { id: a }, undefined)).not.toBe(requestHash('op', { id: b }, undefined));
  });
});

describe('the audit record of a write', () => {
  const request = (over: Partial<{ userId: string | null; query: unknown; body: unknown }>) => ({
    userId: actor,
    id: 'req-1',
    query: {},
    body: undefined,
    ...over,
  });
  const now = new Date('2026-11-20T09:14:03.120Z');

  it('names the record from the query id, else the body id, else the answer id', () => {
    const op = facts('dismissNotification');
    expect(writeRecord(op, request({ query: { id: a } }), 200, { id: b }, now)?.resourceId).toBe(a);
    expect(writeRecord(op, request({ body: { id: b } }), 200, { id: a }, now)?.resourceId).toBe(b);
    expect(writeRecord(op, request({ body: { name: 'x' } }), 200, { id: a }, now)?.resourceId).toBe(a);
    expect(writeRecord(op, request({ body: { id: 'not-a-uuid' } }), 200, undefined, now)?.resourceId).toBeNull();
  });

  it('carries the operation, its group, method, status and a readable summary', () => {
    expect(writeRecord(facts('dismissNotification'), request({ body: { id: a } }), 200, undefined, now)).toEqual({
      occurredAt: '2026-11-20T09:14:03.120Z',
      actorId: actor,
      operationId: 'dismissNotification',
      method: 'POST',
      tag: 'Notifications',
      resourceType: 'notification',
      resourceId: a,
      status: 200,
      requestId: 'req-1',
      summary: `Dismiss one notification (notification ${a})`,
    });
  });

  it('takes the actor of a sign-in from its answer, and has no record without an actor', () => {
    const op = facts('authenticateUser');
    const signedIn = writeRecord(op, request({ userId: null, body: { grantType: 'refresh_token' } }), 200, {
      user: { id: actor },
    });
    expect(signedIn).toMatchObject({ actorId: actor, resourceType: 'user', resourceId: actor });
    expect(signedIn?.summary).toContain('refreshed tokens');
    expect(writeRecord(op, request({ userId: null }), 200, {})).toBeNull();
  });
});

describe('operation facts from the contract', () => {
  it('find the record kind from the answer schema or the operationId', () => {
    expect(facts('dismissNotification').resourceType).toBe('notification');
    expect(facts('uploadDocument').resourceType).toBe('document');
    expect(facts('getDocumentDetail').resourceType).toBe('document');
    expect(facts('dismissAllNotifications').resourceType).toBe('notification');
    expect(facts('auditTrail').resourceType).toBeNull();
  });

  it('mark writes by method, idempotency by the declared header, and streamed (multipart) bodies', () => {
    expect(facts('listContacts').write).toBe(false);
    expect(facts('searchDocuments').write).toBe(true);
    expect(facts('searchDocuments').idempotent).toBe(false);
    expect([facts('uploadDocument').idempotent, facts('uploadDocument').streamed]).toEqual([true, true]);
    expect([facts('createGroup').idempotent, facts('createGroup').streamed]).toEqual([true, false]);
    const idempotent = index.all().filter((o) => o.idempotent);
    expect(idempotent.every((o) => o.method !== 'GET')).toBe(true);
  });
});

describe('RateLimit headers (draft-ietf-httpapi-ratelimit-headers)', () => {
  it('format the policy and the remaining quota as structured fields', () => {
    expect(policyHeader(600, 60_000)).toBe('"default";q=600;w=60');
    expect(limitHeader(598, 57)).toBe('"default";r=598;t=57');
    expect(limitHeader(-1, 0)).toBe('"default";r=0;t=0');
  });
});
