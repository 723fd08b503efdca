/** Comments on records: add (with notifications), list, delete, attachments. */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../api/generated/schema';
import { createExtraUser, type ExtraUser } from '../../helpers/extra-user';
import {
  type Page,
  smallDemo,
  startTestService,
  type TestService,
  unknownId as unknown,
} from '../../helpers/server-client';

type Comment = components['schemas']['Comment'];
type CommentAttachment = components['schemas']['CommentAttachment'];
type Notification = components['schemas']['Notification'];
type FeedItem = components['schemas']['FeedItem'];
type DocumentRecord = components['schemas']['Document'];

let t: TestService;
let owner: ExtraUser;
let admin: ExtraUser;
let ownersDocument: DocumentRecord;
let company: string;

function form(commentId: string | null, file: { name: string; bytes: Buffer } | null): FormData {
  const data = new FormData();
  if (commentId) data.append('commentId', commentId);
  if (file) data.append('file', new Blob([new Uint8Array(file.bytes)]), file.name);
  return data;
}

beforeAll(async () => {
  t = await startTestService({ demo: smallDemo });
  owner = await createExtraUser(t, 'Olivia', ['sales']);
  admin = await createExtraUser(t, 'Adam', ['admin']);
  const root = (await owner.client.call('listFolderDocuments')).body as { folder: { id: string } };
  const data = new FormData();
  data.append('folderId', root.folder.id);
  data.append('file', new Blob(['Visit report. The customer wants a quote.']), 'visit.txt');
  ownersDocument = (await owner.client.call('uploadDocument', { rawBody: data })).body as DocumentRecord;
  company = ((await t.client.call('getCompanies', { query: { limit: 1 } })).body as Page<{ id: string }>).items[0].id;
});
afterAll(() => t.stop());

async function add(body: Record<string, unknown>, client = t.client): Promise<Comment> {
  const res = await client.call('addComment', { body });
  expect(res.status).toBe(201);
  return res.body as Comment;
}

async function notificationsOf(user: ExtraUser): Promise<Notification[]> {
  return ((await user.client.call('getNotifications')).body as Page<Notification>).items;
}

async function allComments(resourceType: string, resourceId: string, sort?: string): Promise<Comment[]> {
  return t.client.allPages<Comment>('getRelatedComments', { query: { resourceType, resourceId, limit: 2, sort } });
}

describe('addComment', () => {
  it('adds a comment, notifies the record’s owner (not the author) and adds a feed item', async () => {
    const res = await t.client.call('addComment', {
      body: { resourceType: 'document', resourceId: ownersDocument.id, text: 'Please add the delivery date.' },
    });
    expect(res.status).toBe(201);
    const comment = res.body as Comment;
    expect(res.headers.get('etag')).toBe('"1"');
    expect(comment).toMatchObject({
      resourceType: 'document',
      resourceId: ownersDocument.id,
      text: 'Please add the delivery date.',
      mentions: [],
      attachments: [],
      version: 1,
    });
    const notes = await notificationsOf(owner);
    expect(notes[0]).toMatchObject({
      kind: 'comment',
      state: 'unread',
      resourceType: 'document',
      resourceId: ownersDocument.id,
      body: 'Please add the delivery date.',
    });
    expect(notes[0].title).toContain('commented on');
    const feed = (await owner.client.call('getFeedItems', { query: { kind: 'commentAdded', limit: 1 } }))
      .body as Page<FeedItem>;
    expect(feed.items[0]).toMatchObject({
      kind: 'commentAdded',
      resourceId: ownersDocument.id,
      actorId: comment.authorId,
    });
  });

  it('does not notify the author of a comment on their own record', async () => {
    const before = (await notificationsOf(owner)).length;
    await add({ resourceType: 'document', resourceId: ownersDocument.id, text: 'Added the date.' }, owner.client);
    expect(await notificationsOf(owner)).toHaveLength(before);
  });

  it('notifies mentioned users, and the owner of a contact record who is a user', async () => {
    const before = (await notificationsOf(admin)).length;
    await add({ resourceType: 'contact', resourceId: admin.id, text: 'Adam covers the north region.' });
    await add({ resourceType: 'company', resourceId: company, text: 'Adam, please call them.', mentions: [admin.id] });
    const notes = await notificationsOf(admin);
    expect(notes).toHaveLength(before + 2);
    expect(notes[0]).toMatchObject({ kind: 'comment', resourceType: 'company', resourceId: company });
    expect(notes[0].title).toContain('mentioned you');
    expect(notes[1]).toMatchObject({ kind: 'comment', resourceType: 'contact', resourceId: admin.id });
  });

  it('takes comments on campaigns and deals, and notifies their owners who are users', async () => {
    const { store } = t.service;
    for (const [resourceType, table] of [
      ['campaign', 'campaigns'],
      ['deal', 'deals'],
    ]) {
      const record = JSON.parse(store.db.prepare(`SELECT data FROM ${table} LIMIT 1`).pluck().get() as string) as {
        id: string;
        ownerId: string;
      };
      store.db
        .prepare(`UPDATE ${table} SET data = json_set(data, '$.ownerId', ?) WHERE id = ?`)
        .run(owner.id, record.id);
      const before = (await notificationsOf(owner)).length;
      const comment = await add({ resourceType, resourceId: record.id, text: `About this ${resourceType}` });
      expect((await allComments(resourceType, record.id)).map((c) => c.id)).toContain(comment.id);
      const notes = await notificationsOf(owner);
      expect(notes).toHaveLength(before + 1);
      expect(notes[0].resourceId).toBe(resourceType === 'deal' ? null : record.id);
    }
  });

  it('answers 404 for an unknown record or mentioned contact, and stores nothing', async () => {
    for (const resourceType of ['document', 'contact', 'company', 'calendarEvent', 'campaign', 'deal']) {
      const res = await t.client.call('addComment', {
        body: { resourceType, resourceId: unknown, text: 'Hello there' },
      });
      expect(res.status).toBe(404);
    }
    const before = await allComments('company', company);
    const res = await t.client.call('addComment', {
      body: { resourceType: 'company', resourceId: company, text: 'Hi', mentions: [unknown] },
    });
    expect(res.status).toBe(404);
    expect((res.body as { detail: string }).detail).toContain(unknown);
    expect(await allComments('company', company)).toEqual(before);
  });

  it('answers 400 for an unknown kind of record, an empty or an oversize text', async () => {
    const bad = [
      { resourceType: 'planet', resourceId: company, text: 'Hi' },
      { resourceType: 'company', resourceId: company, text: '   ' },
      { resourceType: 'company', resourceId: company, text: 'x'.repeat(10_001) },
      { resourceType: 'company', resourceId: 'nope', text: 'Hi' },
    ];
    for (const body of bad) expect((await t.client.call('addComment', { body })).status).toBe(400);
  });
});

describe('getRelatedComments', () => {
  it('pages through a record’s comments oldest first, or newest first with sort=-createdAt', async () => {
    const texts = ['First note', 'Second note', 'Third note'];
    for (const text of texts) await add({ resourceType: 'company', resourceId: company, text });
    const oldestFirst = await allComments('company', company);
    expect(oldestFirst.slice(-3).map((c) => c.text)).toEqual(texts);
    const times = oldestFirst.map((c) => c.createdAt);
    expect(times).toEqual([...times].sort());
    const newestFirst = await allComments('company', company, '-createdAt');
    expect(newestFirst.map((c) => c.id)).toEqual(oldestFirst.map((c) => c.id).reverse());
    expect(oldestFirst.every((c) => c.resourceType === 'company' && c.resourceId === company)).toBe(true);
  });

  it('answers 404 for an unknown record and 400 for a bad cursor', async () => {
    const missing = await t.client.call('getRelatedComments', {
      query: { resourceType: 'document', resourceId: unknown },
    });
    expect(missing.status).toBe(404);
    const badCursor = await t.client.call('getRelatedComments', {
      query: { resourceType: 'company', resourceId: company, cursor: 'bm90LWEtY3Vyc29y' },
    });
    expect(badCursor.status).toBe(400);
  });
});

describe('uploadCommentAttachment and deleteComment', () => {
  it('attaches a file to one’s own comment; the comment lists it', async () => {
    const comment = await add({ resourceType: 'company', resourceId: company, text: 'Photos of the site' });
    const bytes = randomBytes(70_000);
    const res = await t.client.call('uploadCommentAttachment', {
      rawBody: form(comment.id, { name: 'site.png', bytes }),
    });
    expect(res.status).toBe(201);
    const attachment = res.body as CommentAttachment;
    expect(attachment).toMatchObject({
      fileName: 'site.png',
      contentType: 'image/png',
      size: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
    });
    expect(readFileSync(t.service.store.files.path(attachment.id)).equals(bytes)).toBe(true);
    const listed = (await allComments('company', company)).find((c) => c.id === comment.id) as Comment;
    expect(listed.attachments).toEqual([attachment]);
    expect(listed.version).toBe(2);

    const deleted = await t.client.call('deleteComment', { query: { id: comment.id } });
    expect(deleted.status).toBe(204);
    expect(existsSync(t.service.store.files.path(attachment.id))).toBe(false);
    expect((await allComments('company', company)).some((c) => c.id === comment.id)).toBe(false);
    expect((await t.client.call('deleteComment', { query: { id: comment.id } })).status).toBe(404);
  });

  it('refuses files on someone else’s comment (403), unknown comments (404), bad forms (400)', async () => {
    const comment = await add({ resourceType: 'company', resourceId: company, text: 'Mine' });
    const file = { name: 'a.txt', bytes: Buffer.from('hello') };
    expect((await owner.client.call('uploadCommentAttachment', { rawBody: form(comment.id, file) })).status).toBe(403);
    expect((await t.client.call('uploadCommentAttachment', { rawBody: form(unknown, file) })).status).toBe(404);
    expect((await t.client.call('uploadCommentAttachment', { rawBody: form(comment.id, null) })).status).toBe(400);
    const empty = { name: 'empty.txt', bytes: Buffer.alloc(0) };
    expect((await t.client.call('uploadCommentAttachment', { rawBody: form(comment.id, empty) })).status).toBe(400);
    expect((await t.client.call('uploadCommentAttachment', { rawBody: form(null, file) })).status).toBe(400);
    const after = (await allComments('company', company)).find((c) => c.id === comment.id) as Comment;
    expect(after.attachments).toEqual([]);
  });

  it('answers 413 for a file over 25 MiB and keeps nothing', async () => {
    const comment = await add({ resourceType: 'company', resourceId: company, text: 'Big file' });
    const big = { name: 'big.bin', bytes: Buffer.alloc(25 * 1024 ** 2 + 1, 7) };
    const res = await t.client.call('uploadCommentAttachment', { rawBody: form(comment.id, big) });
    expect(res.status).toBe(413);
    const after = (await allComments('company', company)).find((c) => c.id === comment.id) as Comment;
    expect(after.attachments).toEqual([]);
  });

  it('lets only the author or an admin delete a comment', async () => {
    const comment = await add({ resourceType: 'company', resourceId: company, text: 'To be removed' });
    expect((await owner.client.call('deleteComment', { query: { id: comment.id } })).status).toBe(403);
    expect((await allComments('company', company)).some((c) => c.id === comment.id)).toBe(true);
    expect((await admin.client.call('deleteComment', { query: { id: comment.id } })).status).toBe(204);
    expect((await t.client.call('deleteComment', { query: { id: 'not-a-uuid' } })).status).toBe(400);
  });
});

describe('demo comments', () => {
  it('has comments with attachments on demo records', () => {
    const rows = t.service.store.db
      .prepare("SELECT COUNT(*) AS n, SUM(json_array_length(data, '$.attachments') > 0) AS withFiles FROM comments")
      .get() as { n: number; withFiles: number };
    expect(rows.n).toBeGreaterThanOrEqual(100);
    expect(rows.withFiles).toBeGreaterThan(0);
  });
});
