/**
 * Handlers of `news.*`: blog stories, the activity feed and the "Since you were away" digest.
 * Stories and feed items are not in the change feed (api/openapi.yaml, ChangeType), so they are
 * read on demand (`List News Stories`, `Get Story`, `Get feed items`), each answer kept with its age
 * (kept.ts). `Save blog post` and `Delete Story` go through the write path as outbox entries of
 * kind 'action' about no synced record, as `Save CMT` and `Save branch` do
 * (main/core/areas/cmt/handlers.ts; docs/ARCHITECTURE.md, "Decisions taken where the design was
 * silent"): kept across restarts, sent once and in order by sync, a refusal kept in the service's
 * words in the pending changes. The digest is made from the cache (since-away.ts).
 */
import { BridgeError, type FeedItem, type Story, type StoryInput } from '../../../../preload/contract';
import { ServiceError } from '../../errors';
import type { StoredEntry } from '../../writes/outbox-store';
import { queueAction, replaceWaitingRequest } from '../../writes/waiting-action';
import type { AreaHandlers, HandlerContext } from '../context';
import { keptAnswer } from '../kept';
import { createdRow, isCreate, personName, queuedRow, queuedStoryEntries, withQueued } from './queued';
import { sentStoryId } from './sent-story';
import { trackSessions } from './since-away';

type Names = 'news.stories' | 'news.story' | 'news.save' | 'news.delete' | 'news.feed' | 'news.digest';

/** Stories or feed items per page asked of the service. */
const pageSize = 25;
/** Pinned stories listed above the others, at most (a page of the service). */
const maxPinned = 100;
/** How long one read may take, ms. */
const timeoutMs = 10_000;

/** Refuses to change an entry that is on its way to the service. */
function notWhileSending(entry: StoredEntry | undefined): void {
  if (entry?.state === 'sending') {
    throw new BridgeError('conflict', 'This story is being sent to the service right now; try again in a moment.');
  }
}

/** Queues a new outbox entry about a story. */
function queueEntry(ctx: HandlerContext, request: StoredEntry['request'], summary: string, ifMatch: number | null) {
  // Stories are no synced record; their author is a user, and users are contacts.
  return queueAction(ctx.writes, { recordType: 'contact', request, summary, ifMatch });
}

/** Creates the news handlers. */
export const newsHandlers: AreaHandlers<Names> = (ctx) => {
  const digest = trackSessions(ctx);

  /** The story `id` as the service has it (kept), or null when it no longer exists. */
  const keptStory = (id: string) =>
    keptAnswer<Story | null>(
      ctx,
      `story:${id}`,
      async () => {
        try {
          return await ctx.session.api().call('getStory', { query: { id }, timeoutMs });
        } catch (err) {
          if (err instanceof ServiceError && err.status === 404) return null;
          throw err;
        }
      },
      null,
    );

  return {
    'news.stories': async ({ state = 'published', cursor = null }) => {
      const sort = state === 'draft' ? '-updatedAt' : '-publishedAt';
      // Pinned stories are shown above the others (api/openapi.yaml, Story `pinned`): the first page
      // of published stories starts with every pinned one, and no page lists them again below.
      const pinnedFirst = state === 'published';
      const kept = await keptAnswer<{ items: Story[]; nextCursor: string | null }>(
        ctx,
        `stories:${state}:${cursor ?? ''}`,
        async () => {
          const api = ctx.session.api();
          const query = { state, sort, limit: pageSize, ...(cursor ? { cursor } : {}) } as const;
          const [page, pinned] = await Promise.all([
            api.call('listNewsStories', { query, timeoutMs }),
            pinnedFirst && !cursor
              ? api.call('listNewsStories', { query: { state, sort, pinned: true, limit: maxPinned }, timeoutMs })
              : null,
          ]);
          const rest = pinnedFirst ? page.items.filter((story) => !story.pinned) : page.items;
          return { items: [...(pinned?.items ?? []), ...rest], nextCursor: page.nextCursor };
        },
        { items: [], nextCursor: null },
      );
      const rows = withQueued(ctx, kept.value.items, cursor ? undefined : state);
      return { value: { rows, nextCursor: kept.value.nextCursor }, fetchedAt: kept.fetchedAt };
    },

    'news.story': async ({ id: given }) => {
      const created = createdRow(ctx, given);
      if (created) return { value: created, fetchedAt: null };
      // A story written here and sent since is read under the id the service gave it.
      const id = sentStoryId(ctx.cache.state, given) ?? given;
      const kept = await keptStory(id);
      return { value: kept.value ? withQueued(ctx, [kept.value])[0] : null, fetchedAt: kept.fetchedAt };
    },

    'news.save': async ({ story, version }) => {
      const body: StoryInput = { ...story };
      const waiting = body.id ? queuedStoryEntries(ctx).get(body.id) : undefined;
      notWhileSending(waiting);
      if (waiting?.request.operationId === 'deleteStory') {
        throw new BridgeError(
          'conflict',
          'This story waits to be deleted. Discard the delete in Pending changes first to edit it.',
        );
      }
      const verb = body.state === 'published' ? 'Publish' : 'Save';
      const summary = `${verb} the story "${body.title}"`;
      if (waiting) {
        // The newer edit replaces the waiting one; a story written here stays a create (its id is
        // the entry's until the service gives one).
        const { id, ...fields } = body;
        const create = isCreate(waiting);
        const request = { operationId: 'saveBlogPost' as const, body: create ? fields : body };
        replaceWaitingRequest(ctx, waiting, request, summary, create ? null : version);
        return queuedRow(ctx, id!, ctx.cache.state.getCached<Story | null>(`story:${id}`)?.value ?? null);
      }
      const entry = queueEntry(ctx, { operationId: 'saveBlogPost', body }, summary, body.id ? version : null);
      const id = body.id ?? entry.id;
      return queuedRow(
        ctx,
        id,
        body.id ? (ctx.cache.state.getCached<Story | null>(`story:${id}`)?.value ?? null) : null,
      );
    },

    'news.delete': async ({ id, version }) => {
      const waiting = queuedStoryEntries(ctx).get(id);
      notWhileSending(waiting);
      if (waiting && isCreate(waiting)) {
        // Never sent: deleting it is forgetting it.
        ctx.writes.discard(waiting.id);
        return { deleted: true };
      }
      const title = ctx.cache.state.getCached<Story | null>(`story:${id}`)?.value?.title;
      const summary = `Delete the story${title ? ` "${title}"` : ''}`;
      const request = { operationId: 'deleteStory' as const, query: { id } };
      if (waiting) replaceWaitingRequest(ctx, waiting, request, summary, version);
      else queueEntry(ctx, request, summary, version);
      return { deleted: true };
    },

    'news.feed': async ({ cursor = null }) => {
      const kept = await keptAnswer<{ items: FeedItem[]; nextCursor: string | null }>(
        ctx,
        `feed:${cursor ?? ''}`,
        () =>
          ctx.session
            .api()
            .call('getFeedItems', { query: { limit: pageSize, ...(cursor ? { cursor } : {}) }, timeoutMs }),
        { items: [], nextCursor: null },
      );
      const rows = kept.value.items.map((item) => ({ item, actorName: personName(ctx, item.actorId) }));
      return { value: { rows, nextCursor: kept.value.nextCursor }, fetchedAt: kept.fetchedAt };
    },

    'news.digest': ({ announce = false }) => digest(announce),
  };
};
