/**
 * Generic `Idempotency-Key` replay, on `createGroup` (an operation that declares the key and creates
 * a record): a replay answers the stored response without creating again; another body, another
 * operation or a concurrent duplicate answers 409; failed requests store nothing.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ServerClient, smallDemo, startTestService, type TestService } from '../../helpers/server-client';

let t: TestService;
beforeAll(async () => {
  t = await startTestService({ demo: smallDemo });
});
afterAll(() => t.stop());

const group = (name: string) => ({ name, parentId: null, kind: 'static' });

async function auditCount(operationId: string, resourceId: string): Promise<number> {
  const res = await t.client.call('auditTrail', { body: { operationId, resourceId } });
  return (res.body as { items: unknown[] }).items.length;
}

describe('Idempotency-Key replay', () => {
  it('answers a replay with the identical stored response and creates nothing more', async () => {
    const key = randomUUID();
    const headers = { 'Idempotency-Key': key };
    const first = await t.client.call('createGroup', { body: group('Replayed partners'), headers });
    expect(first.status).toBe(201);
    expect(first.headers.get('idempotent-replayed')).toBeNull();
    const created = first.body as { id: string };
    const replay = await t.client.call('createGroup', { body: group('Replayed partners'), headers });
    expect(replay.status).toBe(201);
    expect(replay.headers.get('idempotent-replayed')).toBe('true');
    expect(replay.body).toEqual(first.body);
    expect(replay.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(await auditCount('createGroup', created.id)).toBe(1);
    const read = await t.client.call('getGroup', { query: { id: created.id } });
    expect(read.status).toBe(200);
  });

  it('treats a body with the same content in another key order as the same request', async () => {
    const headers = { 'Idempotency-Key': randomUUID() };
    const first = await t.client.call('createGroup', { body: group('Order one'), headers });
    const reordered = { kind: 'static', parentId: null, name: 'Order one' };
    const replay = await t.client.call('createGroup', { body: reordered, headers });
    expect(replay.status).toBe(201);
    expect(replay.body).toEqual(first.body);
  });

  it('answers 409 for the same key with another body or another operation', async () => {
    const headers = { 'Idempotency-Key': randomUUID() };
    expect((await t.client.call('createGroup', { body: group('First use'), headers })).status).toBe(201);
    const otherBody = await t.client.call('createGroup', { body: group('Second use'), headers });
    expect(otherBody.status).toBe(409);
    expect(otherBody.body).toMatchObject({ type: '/problems/conflict' });
    expect((otherBody.body as { detail: string }).detail).toContain('another request body');
    const otherOp = await t.client.call('addComment', { body: {}, headers });
    expect([400, 409]).toContain(otherOp.status);
  });

  it('answers 409 to a duplicate sent while the first is still running, and exactly one creates', async () => {
    const headers = { 'Idempotency-Key': randomUUID() };
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => t.client.call('createGroup', { body: group('Concurrent'), headers })),
    );
    const statuses = answers.map((a) => a.status);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    const ids = new Set(answers.filter((a) => a.status === 201).map((a) => (a.body as { id: string }).id));
    expect(ids.size).toBe(1);
    const replay = await t.client.call('createGroup', { body: group('Concurrent'), headers });
    expect((replay.body as { id: string }).id).toBe([...ids][0]);
  });

  it('stores nothing for a failed request, so the same key can be retried', async () => {
    const headers = { 'Idempotency-Key': randomUUID() };
    const missingParent = { ...group('Orphan'), parentId: randomUUID() };
    expect((await t.client.call('createGroup', { body: missingParent, headers })).status).toBe(404);
    const retry = await t.client.call('createGroup', { body: group('Orphan'), headers });
    expect(retry.status).toBe(201);
    expect(retry.headers.get('idempotent-replayed')).toBeNull();
  });

  it('runs requests without a key every time', async () => {
    const a = await t.client.call('createGroup', { body: group('No key A') });
    const b = await t.client.call('createGroup', { body: group('No key B') });
    expect(a.status === 201 && b.status === 201).toBe(true);
    expect((a.body as { id: string }).id).not.toBe((b.body as { id: string }).id);
  });

  it('keeps the keys of different users apart', async () => {
    const { store } = t.service;
    const contact = store.saveContact({ firstName: 'Kim', lastName: 'Keys', email: 'kim.keys@example.com' });
    store.users.create(contact, 'kim.keys@example.com', 'kim-password-1', ['sales', 'manager']);
    const kim = new ServerClient(t.service.url);
    await kim.signIn({ username: 'kim.keys@example.com', password: 'kim-password-1' });
    const headers = { 'Idempotency-Key': randomUUID() };
    const mine = await t.client.call('createGroup', { body: group('Shared key'), headers });
    const theirs = await kim.call('createGroup', { body: group('Shared key, other user'), headers });
    expect([mine.status, theirs.status]).toEqual([201, 201]);
    expect(theirs.headers.get('idempotent-replayed')).toBeNull();
    expect((theirs.body as { id: string }).id).not.toBe((mine.body as { id: string }).id);
  });

  it('refuses a key that is too short with 400', async () => {
    const res = await t.client.call('createGroup', { body: group('Short'), headers: { 'Idempotency-Key': 'abc' } });
    expect(res.status).toBe(400);
    expect((res.body as { errors: Array<{ pointer: string }> }).errors[0].pointer).toBe('/header/Idempotency-Key');
  });
});
