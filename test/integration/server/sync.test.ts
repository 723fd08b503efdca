/** The change feed over the default demo set: bootstrap, deltas, tombstones, scoping and purges. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../api/generated/schema';
import { defaultDemo } from '../../../server/demo/seed';
import { startTestService, type TestService } from '../../helpers/server-client';

type Change = components['schemas']['Change'];
type ChangePage = components['schemas']['ChangePage'];
type Contact = components['schemas']['Contact'];

let t: TestService;
beforeAll(async () => {
  t = await startTestService();
});
afterAll(() => t.stop());

async function page(query: { cursor?: string; limit?: number; types?: string }): Promise<ChangePage> {
  const res = await t.client.call('getChanges', { query });
  expect(res.status).toBe(200);
  return res.body as ChangePage;
}

async function drain(
  start: { cursor?: string; types?: string },
  limit = 2000,
): Promise<{ changes: Change[]; cursor: string }> {
  const changes: Change[] = [];
  let cursor = start.cursor;
  for (;;) {
    const p = await page({ cursor, limit, types: start.types });
    changes.push(...p.changes);
    cursor = p.nextCursor;
    if (!p.hasMore) return { changes, cursor };
  }
}

function countByType(changes: Change[]): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const c of changes) counts[c.type] = (counts[c.type] ?? 0) + 1;
  return counts;
}

describe('bootstrap', () => {
  it('lists every record the user may see once, as upserts', async () => {
    const { changes } = await drain({});
    expect(countByType(changes)).toEqual({
      company: defaultDemo.companies,
      contact: defaultDemo.contacts,
      calendarEvent: defaultDemo.events,
      folder: t.service.store.documents.counts().folders,
      document: t.service.store.documents.counts().documents,
      notification: defaultDemo.notifications,
    });
    expect(new Set(changes.map((c) => `${c.type}:${c.id}`)).size).toBe(changes.length);
    expect(changes.every((c) => c.op === 'upsert' && c.data !== null && (c.data as { id: string }).id === c.id)).toBe(
      true,
    );
    const seqs = changes.map((c) => c.seq);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
  });

  it('filters by type', async () => {
    const { changes } = await drain({ types: 'company,folder' }, 50);
    expect(countByType(changes)).toEqual({
      company: defaultDemo.companies,
      folder: t.service.store.documents.counts().folders,
    });
  });

  it('includes deletions made while the bootstrap runs, but not older ones', async () => {
    const { store } = t.service;
    const early = store.saveContact({ firstName: 'Gone', lastName: 'Before' });
    store.deleteContact(early.id);
    const first = await page({ limit: 300, types: 'contact' });
    const delivered = (first.changes.find((c) => (c.data as Contact).type !== 'employee') as Change).id;
    store.deleteContact(delivered);
    const rest = await drain({ cursor: first.nextCursor, types: 'contact' });
    const tombstones = rest.changes.filter((c) => c.op === 'delete');
    expect(tombstones.map((c) => c.id)).toEqual([delivered]);
    expect([...first.changes, ...rest.changes].map((c) => c.id)).not.toContain(early.id);
  });
});

describe('delta', () => {
  it('answers nothing new in one page, then an update, a create and a delete in order', async () => {
    const { cursor } = await drain({});
    const idle = await page({ cursor });
    expect(idle.changes).toEqual([]);
    expect(idle.hasMore).toBe(false);

    const { store } = t.service;
    const contacts = (await t.client.call('listContacts', { query: { limit: 2 } })).body as { items: Contact[] };
    const [toUpdate, toDelete] = contacts.items;
    const updated = store.saveContact({
      id: toUpdate.id,
      firstName: toUpdate.firstName,
      lastName: toUpdate.lastName,
      jobTitle: 'Chief Buyer',
    });
    const created = store.saveContact({ firstName: 'Nora', lastName: 'Quist', email: 'nora.quist@example.org' });
    store.deleteContact(toDelete.id);

    const delta = await page({ cursor: idle.nextCursor });
    expect(delta.changes.map((c) => [c.type, c.id, c.op, c.version])).toEqual([
      ['contact', toUpdate.id, 'upsert', toUpdate.version + 1],
      ['contact', created.id, 'upsert', 1],
      ['contact', toDelete.id, 'delete', toDelete.version + 1],
    ]);
    expect(delta.changes[0].data).toEqual(updated);
    expect(delta.changes[0].data).toMatchObject({ jobTitle: 'Chief Buyer', email: toUpdate.email });
    expect(delta.changes[2].data).toBeNull();
    expect((await t.client.call('getUser', { query: { id: toDelete.id } })).status).toBe(404);
  });

  it('shows uploads and dismissals, and never another user’s notifications', async () => {
    const { cursor } = await drain({});
    const { store } = t.service;
    const other = store.saveContact({ firstName: 'Ivo', lastName: 'Brandt', type: 'employee' });
    store.users.create(other, 'ivo.brandt@example.com', 'ivo-password-1', ['sales']);
    store.createNotification({ userId: other.id, kind: 'comment', title: 'For Ivo', body: 'Hi' });
    const mine = store.createNotification({ userId: store.demoUserId, kind: 'comment', title: 'For Dana', body: 'Hi' });
    await t.client.call('dismissNotification', { body: { id: mine.id } });
    const folder = store.documents.root();
    const form = new FormData();
    form.append('folderId', folder?.id as string);
    form.append('file', new Blob(['hello']), 'hello.txt');
    const upload = await t.client.call('uploadDocument', { rawBody: form });
    const delta = await drain({ cursor });
    expect(delta.changes.map((c) => [c.type, c.op, c.id])).toEqual([
      ['contact', 'upsert', other.id],
      ['notification', 'upsert', mine.id],
      ['document', 'upsert', (upload.body as { id: string }).id],
    ]);
    expect(delta.changes[1].data).toMatchObject({ state: 'dismissed', version: 2 });
  });
});

describe('purge', () => {
  it('answers 410 for a cursor older than purged tombstones, and 200 for newer ones', async () => {
    const { cursor: before } = await drain({});
    const { store } = t.service;
    const doomed = store.saveContact({ firstName: 'Short', lastName: 'Lived' });
    store.deleteContact(doomed.id);
    const { cursor: after } = await drain({ cursor: before });
    store.purgeTombstonesBefore(new Date(Date.now() + 1000).toISOString());
    const gone = await t.client.call('getChanges', { query: { cursor: before } });
    expect(gone.status).toBe(410);
    expect(gone.body).toMatchObject({ type: '/problems/gone', status: 410 });
    const resumed = await t.client.call('getChanges', { query: { cursor: after } });
    expect(resumed.body).toMatchObject({ changes: [] });
    expect((await t.client.call('getChanges', { query: { limit: 1 } })).status).toBe(200);
  });
});
