/**
 * News for renderer tests: an in-memory set of stories and feed items behind the `news.*` calls of
 * the fake bridge (stories newest first, a save listed at once and marked as waiting, a delete
 * queued), and the "Since you were away" digest the core would give.
 */
import type { FeedItem, SinceAway, Story, StoryInput, StoryRow } from '../../preload/contract';
import type { FakeBridge } from './fake-bridge';
import { demoUser, fakeId } from './fixtures';

/** A published story `n` (a newer one for a greater `n`), by `authorId`. */
export function makeStory(n: number, title: string, extra: Partial<Story> = {}): Story {
  const at = new Date(Date.UTC(2026, 9, n, 8)).toISOString();
  return {
    id: fakeId(12, n),
    version: 1,
    title,
    slug: null,
    summary: `Summary of ${title}.`,
    body: `## What changes\n\nFirst paragraph of ${title}.\n\n- one point\n- another point`,
    authorId: demoUser.id,
    state: 'published',
    publishedAt: at,
    tags: ['company'],
    pinned: false,
    createdAt: at,
    updatedAt: at,
    ...extra,
  };
}

/** A feed item `n` about a record. */
export function makeFeedItem(
  n: number,
  resourceType: FeedItem['resourceType'],
  resourceId: string,
  title: string,
): FeedItem {
  return {
    id: fakeId(13, n),
    kind:
      resourceType === 'story' ? 'storyPublished' : resourceType === 'document' ? 'documentApproved' : 'commentAdded',
    actorId: demoUser.id,
    title,
    summary: `About ${title}.`,
    resourceType,
    resourceId,
    occurredAt: new Date(Date.UTC(2026, 10, 20 - n, 9)).toISOString(),
  };
}

/** Answers the `news.*` calls from `stories` and `feed`; returns the live list of rows. */
export function installNews(bridge: FakeBridge, stories: Story[], feed: FeedItem[], digest: SinceAway | null = null) {
  const fetchedAt = new Date().toISOString();
  const rows: StoryRow[] = stories.map((story) => ({ story, queued: null, authorName: 'Dana Demo' }));
  let seq = 0;
  const announced = { done: false };
  bridge.handle('news.stories', ({ state = 'published' }) => ({
    value: { rows: rows.filter((r) => r.story.state === state), nextCursor: null },
    fetchedAt,
  }));
  bridge.handle('news.story', ({ id }) => ({ value: rows.find((r) => r.story.id === id) ?? null, fetchedAt }));
  bridge.handle('news.save', ({ story, version }) => {
    const input = story as StoryInput;
    const existing = input.id ? rows.find((r) => r.story.id === input.id) : undefined;
    const base = existing?.story ?? makeStory(28, input.title, { id: fakeId(14, ++seq), version: 0 });
    const saved: Story = { ...base, ...input, id: base.id, version: version ?? 0 } as Story;
    const row: StoryRow = {
      story: saved,
      queued: { entryId: fakeId(15, seq), kind: existing ? 'update' : 'create', state: 'waiting', message: null },
      authorName: 'Dana Demo',
    };
    if (existing) rows.splice(rows.indexOf(existing), 1, row);
    else rows.unshift(row);
    bridge.emit('outbox.changed', { waiting: 1, sending: 0, conflict: 0, refused: 0 });
    return row;
  });
  bridge.handle('news.delete', ({ id }) => {
    const row = rows.find((r) => r.story.id === id)!;
    row.queued = { entryId: fakeId(15, ++seq), kind: 'delete', state: 'waiting', message: null };
    return { deleted: true as const };
  });
  bridge.handle('news.feed', () => ({
    value: { rows: feed.map((item) => ({ item, actorName: 'Dana Demo' })), nextCursor: null },
    fetchedAt,
  }));
  bridge.handle('news.digest', ({ announce = false }) => {
    if (!digest) return null;
    const tell = announce && !announced.done && digest.sections.length > 0;
    if (tell) announced.done = true;
    return { ...digest, announce: tell };
  });
  return rows;
}
