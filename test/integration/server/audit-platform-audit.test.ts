/**
 * Audit records: writes leave one, reads and failed writes none; failed sign-ins are recorded;
 * `auditTrail` filters, sorts and pages them, and users who are not managers see only their own.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../api/generated/schema';
import { ServerClient, smallDemo, startTestService, type TestService } from '../../helpers/server-client';

type AuditRecord = components['schemas']['AuditRecord'];
type Page = { items: AuditRecord[]; nextCursor: string | null };

let t: TestService;
let demoUserId: string;
beforeAll(async () => {
  t = await startTestService({ demo: smallDemo });
  demoUserId = t.service.store.demoUserId;
});
afterAll(() => t.stop());

async function trail(body: Record<string, unknown>, client: ServerClient = t.client): Promise<Page> {
  const res = await client.call('auditTrail', { body });
  expect(res.status).toBe(200);
  return res.body as Page;
}

async function firstNotificationId(): Promise<string> {
  const res = await t.client.call('getNotifications', { query: { state: 'unread', limit: 1 } });
  return (res.body as { items: Array<{ id: string }> }).items[0].id;
}

describe('audit records of writes', () => {
  it('a successful write leaves one record naming the actor, operation, group and record', async () => {
    const from = new Date().toISOString();
    const id = await firstNotificationId();
    const res = await t.client.call('dismissNotification', { body: { id } });
    expect(res.status).toBe(200);
    const page = await trail({ from, operationId: 'dismissNotification' });
    expect(page.items).toHaveLength(1);
    const [record] = page.items;
    expect(record).toMatchObject({
      actorId: demoUserId,
      operationId: 'dismissNotification',
      method: 'POST',
      tag: 'Notifications',
      resourceType: 'notification',
      resourceId: id,
      status: 200,
      summary: `Dismiss one notification (notification ${id})`,
    });
    expect(record.requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(record.occurredAt)).toBeGreaterThanOrEqual(Date.parse(from));
  });

  it('a create names the record of its answer, a DELETE the record of its query', async () => {
    const from = new Date().toISOString();
    const created = await t.client.call('createGroup', {
      body: { name: 'Audited group', parentId: null, kind: 'static' },
    });
    expect(created.status).toBe(201);
    const { id } = created.body as { id: string };
    expect((await t.client.call('deleteGroup', { query: { id } })).status).toBe(204);
    const page = await trail({ from, resourceId: id, sort: 'occurredAt' });
    expect(page.items.map((r) => [r.operationId, r.method, r.tag, r.resourceType, r.status])).toEqual([
      ['createGroup', 'POST', 'Groups', 'group', 201],
      ['deleteGroup', 'DELETE', 'Groups', 'group', 204],
    ]);
  });

  it('reads, searches sent as POST and failed writes leave none', async () => {
    const from = new Date().toISOString();
    await t.client.call('getNotifications', {});
    await t.client.call('listContacts', { query: { limit: 5 } });
    expect((await t.client.call('searchDocuments', { body: { query: 'report' } })).status).toBe(200);
    expect((await t.client.call('dismissNotification', { body: { id: randomUUID() } })).status).toBe(404);
    expect((await t.client.call('dismissNotification', { body: { id: 'nope' } })).status).toBe(400);
    expect((await trail({ from })).items).toEqual([]);
  });

  it('a sign-in is recorded with the user as actor and record', async () => {
    const from = new Date().toISOString();
    const other = new ServerClient(t.service.url);
    await other.signIn(t.service.credentials);
    const page = await trail({ from, operationId: 'authenticateUser' });
    expect(page.items.map((r) => [r.actorId, r.resourceType, r.resourceId, r.status])).toEqual([
      [demoUserId, 'user', demoUserId, 200],
    ]);
  });

  it('failed sign-ins are recorded without an actor, naming the user only when the e-mail exists', async () => {
    const from = new Date().toISOString();
    const wrong = { grantType: 'password', username: t.service.credentials.username, password: 'wrong-password' };
    expect((await t.client.call('authenticateUser', { token: null, body: wrong })).status).toBe(401);
    const unknown = { ...wrong, username: 'nobody@example.com' };
    expect((await t.client.call('authenticateUser', { token: null, body: unknown })).status).toBe(401);
    const page = await trail({ from, statusClass: '4xx', sort: 'occurredAt' });
    expect(page.items.map((r) => [r.actorId, r.operationId, r.status, r.resourceId])).toEqual([
      [null, 'authenticateUser', 401, demoUserId],
      [null, 'authenticateUser', 401, null],
    ]);
    expect(page.items[1].summary).toContain('an unknown user name');
    expect(JSON.stringify(page.items)).not.toContain('nobody@example.com');
  });
});

describe('auditTrail', () => {
  it('holds the demo history, newest first, at times no later than now', async () => {
    const page = await trail({ limit: 500 });
    expect(page.items.length).toBeGreaterThan(50);
    const times = page.items.map((r) => Date.parse(r.occurredAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    expect(Math.max(...times)).toBeLessThanOrEqual(Date.now());
    const ops = new Set(page.items.map((r) => r.operationId));
    expect(ops).toContain('uploadDocument');
    expect(ops).toContain('authenticateUser');
  });

  it('filters by operation, group, record, actor and time, each combined with AND', async () => {
    const uploads = await trail({ operationId: 'uploadDocument', limit: 5 });
    expect(uploads.items.length).toBeGreaterThan(0);
    expect(uploads.items.every((r) => r.operationId === 'uploadDocument' && r.tag === 'Documents')).toBe(true);
    const one = uploads.items[0];
    const byResource = await trail({ resourceId: one.resourceId, resourceType: 'document' });
    expect(byResource.items.map((r) => r.id)).toContain(one.id);
    expect(byResource.items.every((r) => r.resourceId === one.resourceId)).toBe(true);
    const byTag = await trail({ tag: 'Auth', limit: 20 });
    expect(byTag.items.every((r) => r.tag === 'Auth')).toBe(true);
    const byActor = await trail({ actorId: one.actorId, limit: 20 });
    expect(byActor.items.every((r) => r.actorId === one.actorId)).toBe(true);
    const at = one.occurredAt;
    const window = await trail({ from: at, to: new Date(Date.parse(at) + 1).toISOString(), limit: 500 });
    expect(window.items.map((r) => r.id)).toContain(one.id);
    expect(window.items.every((r) => r.occurredAt === at)).toBe(true);
    expect((await trail({ to: at, resourceId: one.resourceId, operationId: 'uploadDocument' })).items).toEqual([]);
  });

  it('pages through every match once, in either order', async () => {
    const all = await trail({ tag: 'Documents', sort: 'occurredAt', limit: 500 });
    const body = { tag: 'Documents', sort: 'occurredAt', limit: 7 };
    const seen = (await t.client.allPages<AuditRecord>('auditTrail', { body })).map((r) => r.id);
    expect(seen).toEqual(all.items.map((r) => r.id));
    const times = all.items.map((r) => r.occurredAt);
    expect(times).toEqual([...times].sort());
  });

  it('refuses malformed filters and cursors of another sort with 400', async () => {
    for (const body of [
      { statusClass: '5xx' },
      { actorId: 'someone' },
      { sort: 'actorId' },
      { limit: 501 },
      { verb: 'x' },
      { cursor: 'not-a-cursor' },
    ]) {
      const res = await t.client.call('auditTrail', { body });
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    const first = await trail({ limit: 1 });
    const res = await t.client.call('auditTrail', {
      body: { limit: 1, sort: 'occurredAt', cursor: first.nextCursor },
    });
    expect(res.status).toBe(400);
    expect((res.body as { errors: Array<{ pointer: string }> }).errors[0].pointer).toBe('/body/cursor');
  });

  it('shows a user without the manager or admin role only their own records', async () => {
    const { store } = t.service;
    const contact = store.saveContact({ firstName: 'Sam', lastName: 'Sales', email: 'sam.sales@example.com' });
    store.users.create(contact, 'sam.sales@example.com', 'sam-password-1', ['sales']);
    const sam = new ServerClient(t.service.url);
    await sam.signIn({ username: 'sam.sales@example.com', password: 'sam-password-1' });
    const own = await trail({ limit: 500 }, sam);
    expect(own.items.length).toBeGreaterThan(0);
    expect(own.items.every((r) => r.actorId === contact.id)).toBe(true);
    const denied = await sam.call('auditTrail', { body: { actorId: demoUserId } });
    expect(denied.status).toBe(403);
    expect(denied.body).toMatchObject({ type: '/problems/forbidden' });
    expect((await trail({ actorId: contact.id }, sam)).items.length).toBe(own.items.length);
    const managerView = await trail({ actorId: contact.id });
    expect(managerView.items.map((r) => r.id)).toEqual(own.items.map((r) => r.id));
  });

  it('needs a token', async () => {
    expect((await t.client.call('auditTrail', { token: null, body: {} })).status).toBe(401);
  });
});
