/**
 * News (`news.*`) against the reference service: stories and the activity feed read online and kept
 * with their age offline; a story written offline listed at once and sent once when the service is
 * back, edited and deleted through the outbox; a refusal kept in the service's words; and the
 * "Since you were away" digest counting what a sync brought after a restart and after a sign-in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { calls, type Story, type StoryInput } from '../../../preload/contract';
import { signInDemo, waitForIdle } from '../../helpers/core-harness';
import { type RestartableService, startRestartableService } from '../../helpers/restartable-service';

/** The first page of published stories. */
const firstPublished = { state: 'published', cursor: null } as const;

describe('news', () => {
  let rig: RestartableService;

  beforeAll(async () => {
    rig = await startRestartableService();
  });
  afterAll(() => rig.close());

  /** Every story of the service in `state`, as the service lists them. */
  async function serviceStories(state: 'published' | 'draft'): Promise<Story[]> {
    await rig.colleague.signIn(rig.service.credentials);
    return rig.colleague.allPages<Story>('listNewsStories', { query: { state, limit: 500 } });
  }

  it('lists stories newest first and reads one online, and gives both with their age offline', async () => {
    const first = await rig.core.handlers['news.stories'](firstPublished);
    expect(first.fetchedAt).toEqual(expect.any(String));
    const stories = first.value.rows.map((r) => r.story);
    expect(stories.length).toBeGreaterThan(3);
    // Pinned stories first, then the others newest first.
    const pinned = stories.filter((s) => s.pinned);
    expect(pinned.length).toBeGreaterThan(0);
    expect(stories.slice(0, pinned.length)).toEqual(pinned);
    const rest = stories.slice(pinned.length).map((s) => s.publishedAt!);
    expect(rest).toEqual([...rest].sort().reverse());
    expect(stories.every((s) => s.state === 'published')).toBe(true);
    expect(first.value.rows.some((r) => r.authorName !== null)).toBe(true);
    const drafts = await rig.core.handlers['news.stories']({ state: 'draft', cursor: null });
    expect(drafts.value.rows.length).toBeGreaterThan(0);
    expect(drafts.value.rows.every((r) => r.story.state === 'draft')).toBe(true);
    const one = await rig.core.handlers['news.story']({ id: stories[0].id });
    expect(one.value?.story).toEqual(stories[0]);
    const feed = await rig.core.handlers['news.feed']({ cursor: null });
    expect(feed.value.rows.length).toBeGreaterThan(0);

    await rig.goOffline();
    expect(await rig.core.handlers['news.stories'](firstPublished)).toEqual(first);
    expect(await rig.core.handlers['news.story']({ id: stories[0].id })).toEqual(one);
    expect(await rig.core.handlers['news.feed']({ cursor: null })).toEqual(feed);
    // A story never read here has nothing kept: it says so with no age, and is not made up.
    const unread = stories[1];
    expect(await rig.core.handlers['news.story']({ id: unread.id })).toEqual({ value: null, fetchedAt: null });
    await rig.goOnline();
  });

  it('lists a story written offline at once and sends it once, then edits and deletes it through the outbox', async () => {
    await rig.goOffline();
    const input: StoryInput = {
      title: 'Offline launch notes',
      summary: 'Written on the train.',
      body: 'First paragraph.\n\n<script>alert(1)</script> stays text.',
      state: 'published',
      tags: ['launch'],
    };
    const written = await rig.core.handlers['news.save']({ story: input, version: null });
    expect(written.queued).toMatchObject({ kind: 'create', state: 'waiting' });
    expect(written.story).toMatchObject({ title: input.title, state: 'published', version: 0 });
    const listed = await rig.core.handlers['news.stories'](firstPublished);
    expect(listed.value.rows[0].story.id).toBe(written.story.id);
    expect((await rig.core.handlers['news.story']({ id: written.story.id })).value?.story.title).toBe(input.title);
    // A second edit before it was sent replaces the first: one story reaches the service.
    await rig.core.handlers['news.save']({
      story: { ...input, id: written.story.id, summary: 'Written on the train, then fixed.' },
      version: null,
    });
    await rig.goOnline();
    expect(await rig.push()).toEqual([]);
    await rig.push();
    const sent = (await serviceStories('published')).filter((s) => s.title === input.title);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ summary: 'Written on the train, then fixed.', body: input.body, tags: ['launch'] });
    // The story written here is read under the id the service gave it.
    expect((await rig.core.handlers['news.story']({ id: written.story.id })).value).toMatchObject({
      story: { id: sent[0].id, title: input.title },
      queued: null,
    });
    const online = await rig.core.handlers['news.stories'](firstPublished);
    expect(online.value.rows.filter((r) => r.story.title === input.title)).toEqual([
      expect.objectContaining({ queued: null }),
    ]);

    // Edited and unpublished offline; then deleted.
    const story = (await rig.core.handlers['news.story']({ id: sent[0].id })).value!.story;
    await rig.goOffline();
    const edited = await rig.core.handlers['news.save']({
      story: { id: story.id, title: 'Launch notes', summary: story.summary, body: story.body, state: 'draft' },
      version: story.version,
    });
    expect(edited).toMatchObject({
      story: { title: 'Launch notes', state: 'draft', publishedAt: null },
      queued: { kind: 'update' },
    });
    await rig.goOnline();
    expect(await rig.push()).toEqual([]);
    expect((await serviceStories('draft')).find((s) => s.id === story.id)).toMatchObject({ title: 'Launch notes' });

    await rig.goOffline();
    expect(await rig.core.handlers['news.delete']({ id: story.id, version: story.version + 1 })).toEqual({
      deleted: true,
    });
    expect((await rig.core.handlers['news.story']({ id: story.id })).value?.queued).toMatchObject({ kind: 'delete' });
    await rig.goOnline();
    expect(await rig.push()).toEqual([]);
    const gone = await rig.colleague.call('getStory', { query: { id: story.id } });
    expect(gone.status).toBe(404);
    expect((await rig.core.handlers['news.story']({ id: story.id })).value).toBeNull();
  });

  it('forgets a story written offline and deleted before it was sent', async () => {
    await rig.goOffline();
    const written = await rig.core.handlers['news.save']({
      story: { title: 'Never mind', summary: '', body: 'Typed by mistake.' },
      version: null,
    });
    await rig.core.handlers['news.delete']({ id: written.story.id, version: null });
    expect(await rig.core.handlers['outbox.list']({})).toEqual([]);
    await rig.goOnline();
    expect((await serviceStories('draft')).some((s) => s.title === 'Never mind')).toBe(false);
  });

  it("keeps the service's refusal in its words and refuses bad input before queueing", async () => {
    const taken = (await serviceStories('published'))[0];
    await rig.core.handlers['news.save']({
      story: { title: 'Same address', summary: '', body: 'Body', slug: taken.slug },
      version: null,
    });
    const left = await rig.push();
    expect(left).toHaveLength(1);
    expect(left[0]).toMatchObject({ state: 'refused', message: expect.stringMatching(/slug/i) });
    await rig.core.handlers['outbox.discard']({ id: left[0].id });
    // Bad input never reaches the outbox: the bridge's schema is the contract's StoryInput.
    const blank = calls['news.save'].input.safeParse({ story: { title: '   ', summary: '', body: '' }, version: null });
    expect(blank.success).toBe(false);
    expect(blank.error?.issues[0].path).toEqual(['story', 'title']);
  });

  it('tells what sync brought since the last session after a restart, once', async () => {
    const before = await rig.core.handlers['news.digest']({ announce: true });
    // The first session on this computer has nothing to compare with.
    expect(before).toMatchObject({ since: null, sections: [], announce: false });
    let company = { id: '' };
    await rig.restartCore(async () => {
      company = (await rig.colleague.call('saveCompany', { body: { name: 'Digest Works' } })).body as { id: string };
      await rig.colleague.call('saveUser', { body: { firstName: 'Dana', lastName: 'Digest', companyId: company.id } });
    });
    const digest = await rig.core.handlers['news.digest']({ announce: true });
    expect(digest?.since).toEqual(expect.any(String));
    expect(digest?.announce).toBe(true);
    const contacts = digest!.sections.find((s) => s.type === 'contact')!;
    expect(contacts.added).toBe(1);
    expect(contacts.items[0]).toMatchObject({ label: 'Dana Digest', opens: { type: 'contact' } });
    const companies = digest!.sections.find((s) => s.type === 'company')!;
    expect(companies.added).toBe(1);
    expect(companies.items[0]).toMatchObject({
      label: 'Digest Works',
      opens: { type: 'company', id: company.id },
    });
    expect(digest!.unread.value).toEqual(expect.any(Number));
    // Asked again (from the News view), it is the same digest, not announced again.
    expect(await rig.core.handlers['news.digest']({ announce: true })).toEqual({
      ...digest,
      announce: false,
      unread: { value: digest!.unread.value, fetchedAt: expect.any(String) },
    });
  });

  it('starts a new session at a sign-in after a sign-out, compared with the end of the one before', async () => {
    await rig.core.handlers['session.signOut']({});
    await rig.colleague.call('saveCompany', { body: { name: 'Signed Out Supplies' } });
    await signInDemo(rig.core, rig.service);
    await waitForIdle(rig.core);
    const digest = await rig.core.handlers['news.digest']({ announce: true });
    expect(digest?.announce).toBe(true);
    const companies = digest!.sections.find((s) => s.type === 'company')!;
    expect(companies).toMatchObject({ added: 1, changed: 0, items: [{ label: 'Signed Out Supplies' }] });
    // What the session before brought is not told again.
    expect(digest!.sections.find((s) => s.type === 'contact')).toBeUndefined();
  });
});
