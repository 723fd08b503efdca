/** Blog stories: save (create, update, publish, unpublish), read, list with filters, delete. */
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

type Story = components['schemas']['Story'];
type FeedItem = components['schemas']['FeedItem'];

let t: TestService;
let other: ExtraUser;
let admin: ExtraUser;

beforeAll(async () => {
  t = await startTestService({ demo: smallDemo });
  other = await createExtraUser(t, 'Otto', ['sales']);
  admin = await createExtraUser(t, 'Ada', ['admin']);
});
afterAll(() => t.stop());

const draft = { title: 'Plant tour on Friday', summary: 'Visitors meet at the gate.', body: '## Plan\n\nStart at 9.' };

async function save(body: Record<string, unknown>, headers: Record<string, string> = {}, client = t.client) {
  return client.call('saveBlogPost', { body, headers });
}

async function listAll(query: Record<string, string | number | boolean>, client = t.client): Promise<Story[]> {
  return client.allPages<Story>('listNewsStories', { query: { ...query, limit: 4 } });
}

describe('saveBlogPost', () => {
  it('creates a draft (201), then publishes and unpublishes it, with a feed item on publishing', async () => {
    const created = await save({ ...draft, tags: ['events'] });
    expect(created.status).toBe(201);
    const story = created.body as Story;
    expect(story).toMatchObject({
      ...draft,
      state: 'draft',
      publishedAt: null,
      tags: ['events'],
      pinned: false,
      slug: null,
    });
    expect(created.headers.get('etag')).toBe('"1"');

    const published = await save({ ...draft, id: story.id, state: 'published' }, { 'If-Match': '"1"' });
    expect(published.status).toBe(200);
    const p = published.body as Story;
    expect(p).toMatchObject({ state: 'published', version: 2, tags: ['events'] });
    expect(p.publishedAt).not.toBeNull();
    const feed = (await other.client.call('getFeedItems', { query: { kind: 'storyPublished', limit: 1 } }))
      .body as Page<FeedItem>;
    expect(feed.items[0]).toMatchObject({ resourceType: 'story', resourceId: story.id, title: draft.title });

    const unpublished = (await save({ ...draft, id: story.id, state: 'draft' })).body as Story;
    expect(unpublished).toMatchObject({ state: 'draft', publishedAt: null, version: 3 });
    expect(((await t.client.call('getStory', { query: { id: story.id } })).body as Story).version).toBe(3);
  });

  it('answers 412 with the current story for a stale If-Match, and changes nothing', async () => {
    const story = (await save(draft)).body as Story;
    await save({ ...draft, id: story.id, title: 'Changed' });
    const stale = await save({ ...draft, id: story.id, title: 'Stale' }, { 'If-Match': '"1"' });
    expect(stale.status).toBe(412);
    expect((stale.body as { current: Story }).current.title).toBe('Changed');
    expect(((await t.client.call('getStory', { query: { id: story.id } })).body as Story).title).toBe('Changed');
  });

  it('answers 409 for a slug another story uses, 404 for an unknown id, 403 for someone else’s story', async () => {
    const first = (await save({ ...draft, slug: 'plant-tour' })).body as Story;
    const taken = await save({ ...draft, slug: 'plant-tour' });
    expect(taken.status).toBe(409);
    expect((await save({ ...draft, id: first.id, slug: 'plant-tour' })).status).toBe(200);
    expect((await save({ ...draft, id: unknown })).status).toBe(404);
    expect((await save({ ...draft, id: first.id, title: 'Mine now' }, {}, other.client)).status).toBe(403);
    const byAdmin = await save({ ...draft, id: first.id, pinned: true }, {}, admin.client);
    expect(byAdmin.status).toBe(200);
    expect(byAdmin.body).toMatchObject({ pinned: true, authorId: first.authorId, slug: 'plant-tour' });
  });

  it('answers 400 for a missing title, a bad slug or an unknown state', async () => {
    expect((await save({ summary: '', body: '' })).status).toBe(400);
    expect((await save({ ...draft, slug: 'Not A Slug' })).status).toBe(400);
    expect((await save({ ...draft, state: 'archived' })).status).toBe(400);
  });
});

describe('getStory, listNewsStories and deleteStory', () => {
  it('lists published stories newest first, paged, with tag, q and pinned filters', async () => {
    const all = await listAll({});
    expect(all.length).toBeGreaterThanOrEqual(10);
    expect(all.every((s) => s.state === 'published')).toBe(true);
    const dates = all.map((s) => s.publishedAt as string);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(new Set(all.map((s) => s.id)).size).toBe(all.length);
    const oldestFirst = await listAll({ sort: 'publishedAt' });
    expect(oldestFirst.map((s) => s.id)).toEqual(all.map((s) => s.id).reverse());

    const tag = all[0].tags[0];
    const tagged = await listAll({ tag: tag.toUpperCase() });
    expect(tagged.length).toBeGreaterThan(0);
    expect(tagged.every((s) => s.tags.includes(tag))).toBe(true);
    const word = all[0].title.split(' ')[0];
    const found = await listAll({ q: word.slice(0, 4) });
    expect(found.map((s) => s.id)).toContain(all[0].id);
    expect(await listAll({ q: 'zzzzqqq' })).toEqual([]);
    const pinned = await listAll({ pinned: true });
    expect(pinned.every((s) => s.pinned)).toBe(true);
  });

  it('shows drafts only to their author and admins', async () => {
    const mine = (await save({ ...draft, title: 'Secret draft' })).body as Story;
    expect((await other.client.call('getStory', { query: { id: mine.id } })).status).toBe(404);
    expect((await admin.client.call('getStory', { query: { id: mine.id } })).status).toBe(200);
    const res = await t.client.call('getStory', { query: { id: mine.id } });
    expect(res.body).toEqual(mine);
    expect(res.headers.get('etag')).toBe(`"${mine.version}"`);
    const myDrafts = await listAll({ state: 'draft', sort: '-updatedAt' });
    expect(myDrafts.map((s) => s.id)).toContain(mine.id);
    expect(myDrafts.every((s) => s.authorId === mine.authorId && s.state === 'draft')).toBe(true);
    expect((await listAll({ state: 'draft' }, other.client)).map((s) => s.id)).not.toContain(mine.id);
    expect((await listAll({ state: 'draft' }, admin.client)).map((s) => s.id)).toContain(mine.id);
  });

  it('lets only the author or an admin delete a story; 404 afterwards', async () => {
    const story = (await save({ ...draft, state: 'published' })).body as Story;
    expect((await other.client.call('deleteStory', { query: { id: story.id } })).status).toBe(403);
    expect((await t.client.call('deleteStory', { query: { id: story.id } })).status).toBe(204);
    expect((await t.client.call('getStory', { query: { id: story.id } })).status).toBe(404);
    expect((await t.client.call('deleteStory', { query: { id: story.id } })).status).toBe(404);
    const byAdmin = (await save(draft, {}, other.client)).body as Story;
    expect((await admin.client.call('deleteStory', { query: { id: byAdmin.id } })).status).toBe(204);
  });

  it('answers 400 for a bad id, sort or cursor', async () => {
    expect((await t.client.call('getStory', { query: { id: 'x' } })).status).toBe(400);
    expect((await t.client.call('listNewsStories', { query: { sort: 'title' } })).status).toBe(400);
    expect((await t.client.call('listNewsStories', { query: { cursor: 'bm9wZQ' } })).status).toBe(400);
  });
});
