/** Save Document, Approve Document and Reject Document: edits, the approval state machine and its notifications. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../api/generated/schema';
import { ServerClient, smallDemo, startTestService, type TestService, type Problem } from '../../helpers/server-client';

type DocumentRecord = components['schemas']['Document'];
type Notification = components['schemas']['Notification'];

let t: TestService;
let demoUserId: string;
/** The documents as the demo seeding left them (tests below add documents in any state). */
let seeded: DocumentRecord[];
/** A second user (sales only, no manager role) and a client signed in as them. */
let other: { id: string; client: ServerClient };

beforeAll(async () => {
  t = await startTestService({ demo: smallDemo });
  const store = t.service.store;
  demoUserId = store.demoUserId;
  seeded = (store.db.prepare('SELECT data FROM documents').pluck().all() as string[]).map(
    (j) => JSON.parse(j) as DocumentRecord,
  );
  const contact = store.saveContact({ firstName: 'Sam', lastName: 'Approver', email: 'sam.approver@example.com' });
  store.users.create(contact, 'sam.approver@example.com', 'approve-me-please', ['sales']);
  const client = new ServerClient(t.service.url);
  await client.signIn({ username: 'sam.approver@example.com', password: 'approve-me-please' });
  other = { id: contact.id, client };
});
afterAll(() => t.stop());

/** A fresh draft document owned by `ownerId`, made through the store (as an upload would). */
function draft(ownerId: string, state: DocumentRecord['state'] = 'draft'): DocumentRecord {
  const existing = t.service.store.db.prepare('SELECT data FROM documents LIMIT 1').pluck().get() as string;
  const base = JSON.parse(existing) as DocumentRecord;
  return t.service.store.documents.save(crypto.randomUUID(), {
    folderId: base.folderId,
    name: `Offer ${Math.random().toString(36).slice(2, 8)}.pdf`,
    title: 'Offer for review',
    contentType: 'application/pdf',
    size: base.size,
    sha256: base.sha256,
    crc32: base.crc32,
    state,
    ownerId,
    approval: null,
  });
}

async function notificationsOf(client: ServerClient): Promise<Notification[]> {
  return ((await client.call('getNotifications', { query: { limit: 500 } })).body as { items: Notification[] }).items;
}

async function submit(id: string, approverId: string, client = t.client) {
  return client.call('saveDocument', {
    body: { id, submitForApproval: { approverId, comment: 'Please check the prices.' } },
  });
}

describe('approval state machine', () => {
  it('submits a draft: pendingApproval with who, whom and when, and notifies the approver', async () => {
    const d = draft(demoUserId);
    const res = await submit(d.id, other.id);
    expect(res.status).toBe(200);
    const saved = res.body as DocumentRecord;
    expect(saved.state).toBe('pendingApproval');
    expect(saved.version).toBe(d.version + 1);
    expect(res.headers.get('etag')).toBe(`"${saved.version}"`);
    expect(saved.approval).toMatchObject({
      requestedBy: demoUserId,
      approverId: other.id,
      requestComment: 'Please check the prices.',
      decidedBy: null,
      decidedAt: null,
      comment: null,
    });
    expect(Date.now() - Date.parse(saved.approval?.requestedAt ?? '')).toBeLessThan(60_000);
    const inbox = await notificationsOf(other.client);
    expect(inbox.find((n) => n.resourceId === d.id)).toMatchObject({
      kind: 'documentAwaitingApproval',
      state: 'unread',
      resourceType: 'document',
    });
  });

  it('approves as the named approver, records the decision and notifies the owner', async () => {
    const d = draft(demoUserId);
    await submit(d.id, other.id);
    const res = await other.client.call('approveDocument', { body: { id: d.id, comment: 'Fine by me.' } });
    expect(res.status).toBe(200);
    const approved = res.body as DocumentRecord;
    expect(approved.state).toBe('approved');
    expect(approved.approval).toMatchObject({ approverId: other.id, decidedBy: other.id, comment: 'Fine by me.' });
    expect(approved.approval?.decidedAt).not.toBeNull();
    const stored = (await t.client.call('getDocumentDetail', { query: { id: d.id } })).body as DocumentRecord;
    expect(stored).toEqual(approved);
    const mine = (await notificationsOf(t.client)).find((n) => n.resourceId === d.id);
    expect(mine).toMatchObject({ kind: 'documentApproved' });
    expect(mine?.body).toContain('Fine by me.');
  });

  it('rejects with a comment (a manager may decide for the approver) and notifies the owner', async () => {
    const d = draft(other.id);
    await submit(d.id, demoUserId, other.client);
    const res = await t.client.call('rejectDocument', {
      body: { id: d.id, comment: 'Payment terms must be 30 days.' },
    });
    expect(res.status).toBe(200);
    const rejected = res.body as DocumentRecord;
    expect(rejected.state).toBe('rejected');
    expect(rejected.approval).toMatchObject({ decidedBy: demoUserId, comment: 'Payment terms must be 30 days.' });
    const note = (await notificationsOf(other.client)).find((n) => n.resourceId === d.id);
    expect(note).toMatchObject({ kind: 'documentRejected' });
    expect(note?.body).toContain('Payment terms must be 30 days.');
  });

  it('resubmits a rejected document as a new round', async () => {
    const d = draft(demoUserId);
    await submit(d.id, other.id);
    await other.client.call('rejectDocument', { body: { id: d.id, comment: 'Wrong template.' } });
    const edited = await t.client.call('saveDocument', { body: { id: d.id, title: 'Offer on the 2026 template' } });
    expect((edited.body as DocumentRecord).title).toBe('Offer on the 2026 template');
    const again = (await submit(d.id, other.id)).body as DocumentRecord;
    expect(again.state).toBe('pendingApproval');
    expect(again.approval).toMatchObject({ decidedBy: null, decidedAt: null, comment: null });
  });

  const illegal: Array<[DocumentRecord['state'], 'approveDocument' | 'rejectDocument' | 'submit']> = [
    ['draft', 'approveDocument'],
    ['draft', 'rejectDocument'],
    ['approved', 'approveDocument'],
    ['approved', 'rejectDocument'],
    ['approved', 'submit'],
    ['rejected', 'approveDocument'],
    ['rejected', 'rejectDocument'],
    ['pendingApproval', 'submit'],
  ];
  it.each(illegal)('refuses an illegal move from %s (%s) with 409 and currentState', async (state, action) => {
    const d = draft(demoUserId, state);
    const res =
      action === 'submit'
        ? await submit(d.id, other.id)
        : await t.client.call(action, { body: { id: d.id, comment: 'A comment.' } });
    expect(res.status).toBe(409);
    expect((res.body as Problem).currentState).toBe(state);
    const after = (await t.client.call('getDocumentDetail', { query: { id: d.id } })).body as DocumentRecord;
    expect(after.version).toBe(d.version);
  });
});

describe('rules and failures', () => {
  it('lets only the named approver or a manager decide (403)', async () => {
    const d = draft(other.id);
    const third = t.service.store.saveContact({ firstName: 'Ada', lastName: 'Bystander' });
    t.service.store.users.create(third, 'ada.bystander@example.com', 'bystander-pass', ['sales']);
    await submit(d.id, demoUserId, other.client);
    const client = new ServerClient(t.service.url);
    await client.signIn({ username: 'ada.bystander@example.com', password: 'bystander-pass' });
    const res = await client.call('approveDocument', { body: { id: d.id } });
    expect(res.status).toBe(403);
    expect((await client.call('saveDocument', { body: { id: d.id, folderId: d.folderId } })).status).toBe(403);
  });

  it('requires a comment to reject (400) and answers 404 for unknown documents', async () => {
    const d = draft(demoUserId);
    await submit(d.id, other.id);
    const res = await other.client.call('rejectDocument', { body: { id: d.id } });
    expect(res.status).toBe(400);
    expect((res.body as Problem).errors?.[0].pointer).toBe('/body/comment');
    const unknown = '00000000-0000-4000-8000-000000000000';
    expect((await t.client.call('approveDocument', { body: { id: unknown } })).status).toBe(404);
    expect((await t.client.call('saveDocument', { body: { id: unknown, title: 'x' } })).status).toBe(404);
  });

  it('refuses self-approval (400) and an approver who is not a user (404)', async () => {
    const d = draft(demoUserId);
    const self = await submit(d.id, demoUserId);
    expect(self.status).toBe(400);
    const nobody = await submit(d.id, '00000000-0000-4000-8000-000000000001');
    expect(nobody.status).toBe(404);
    expect((await t.client.call('getDocumentDetail', { query: { id: d.id } })).body).toMatchObject({ state: 'draft' });
  });

  it('renames and moves a draft, keeping the extension; 412 on a stale If-Match', async () => {
    const d = draft(demoUserId);
    const folders = t.service.store.db.prepare('SELECT id FROM folders WHERE id != ? LIMIT 1').pluck().get(d.folderId);
    const res = await t.client.call('saveDocument', {
      headers: { 'If-Match': `"${d.version}"` },
      body: { id: d.id, name: 'Offer final.pdf', folderId: folders as string },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: 'Offer final.pdf', folderId: folders, contentType: 'application/pdf' });
    const stale = await t.client.call('saveDocument', {
      headers: { 'If-Match': `"${d.version}"` },
      body: { id: d.id, title: 'y' },
    });
    expect(stale.status).toBe(412);
    const ext = await t.client.call('saveDocument', { body: { id: d.id, name: 'Offer final.exe' } });
    expect(ext.status).toBe(400);
    const folder = await t.client.call('saveDocument', {
      body: { id: d.id, folderId: '00000000-0000-4000-8000-000000000002' },
    });
    expect(folder.status).toBe(404);
  });

  it('locks title and name of approved documents (409) but lets them move', async () => {
    const d = draft(demoUserId, 'approved');
    const res = await t.client.call('saveDocument', { body: { id: d.id, title: 'Changed after approval' } });
    expect(res.status).toBe(409);
    expect((res.body as Problem).currentState).toBe('approved');
    const moved = await t.client.call('saveDocument', { body: { id: d.id, folderId: d.folderId } });
    expect(moved.status).toBe(200);
  });
});

describe('demo data', () => {
  it('has documents in every state, with approval rounds and the demo user as an approver', () => {
    const all = seeded;
    for (const state of ['draft', 'pendingApproval', 'approved', 'rejected'] as const) {
      expect(all.some((d) => d.state === state)).toBe(true);
    }
    expect(all.filter((d) => d.state !== 'draft').every((d) => d.approval !== null)).toBe(true);
    expect(all.some((d) => d.state === 'pendingApproval' && d.approval?.approverId === demoUserId)).toBe(true);
    expect(all.filter((d) => d.state === 'rejected').every((d) => (d.approval?.comment ?? '').length > 0)).toBe(true);
  });
});
