/**
 * Operations of the Blog group: save (create or update, publish or unpublish), read, list and delete
 * stories. Publishing adds a `storyPublished` feed item.
 */
import { randomUUID } from 'node:crypto';
import type { components } from '../../api/generated/schema';
import { pageJson } from '../db/paging';
import type { RecordBody } from '../db/record-table';
import type { ServiceRepos } from '../db/service-repos';
import type { Story } from '../db/stories';
import type { ServiceStore } from '../db/store';
import type { OperationHandlers } from '../http/bind';
import { checkIfMatch } from '../http/preconditions';
import { conflict, notFound } from '../http/problem';
import { nextState, type TransitionTable } from '../http/transitions';
import { type RecordRule, roleAllowsAny } from '../../api/access';
import { accessModel, operationAccess } from '../../api/generated/access';
import { type OperationDeps, versionETag } from './deps';

type StoryInput = components['schemas']['StoryInput'];
type StoryState = Story['state'];

/** The story state machine, as the contract's `StoryState` states it. */
const storyTransitions: TransitionTable<StoryState, 'publish' | 'unpublish'> = {
  publish: { from: ['draft'], to: 'published' },
  unpublish: { from: ['published'], to: 'draft' },
};

/**
 * Saves a story as `userId` would: creates it (no `input.id`) with that user as author, or updates
 * it. Moves its state through `storyTransitions`, sets `publishedAt` when
 * published (now, or `at`) and clears it when unpublished, refuses a slug another story uses (409),
 * and records a `storyPublished` feed item on publishing. Throws 404, 409 and 412 problems (who may call it is `saveBlogPost`'s `x-access`).
 */
export function saveStory(
  store: ServiceStore,
  repos: Pick<ServiceRepos, 'stories' | 'feedItems'>,
  userId: string,
  input: StoryInput,
  options: { ifMatch?: string; at?: string } = {},
): { story: Story; created: boolean } {
  const { stories } = repos;
  return store.transaction(() => {
    const existing = input.id === undefined ? undefined : stories.get(input.id);
    if (input.id !== undefined && !existing) throw notFound('story', input.id);
    checkIfMatch(options.ifMatch, existing, 'story');
    const id = existing?.id ?? randomUUID();
    const slug = input.slug !== undefined ? input.slug : (existing?.slug ?? null);
    if (slug !== null) {
      const holder = stories.idOfSlug(slug);
      if (holder !== undefined && holder !== id)
        throw conflict(`The slug ${slug} is used by story ${holder}; choose another one.`);
    }
    const current: StoryState = existing?.state ?? 'draft';
    const wanted = input.state ?? current;
    const state =
      wanted === current
        ? current
        : nextState(storyTransitions, wanted === 'published' ? 'publish' : 'unpublish', current, 'story', id);
    const at = options.at ?? new Date().toISOString();
    const publishing = state === 'published' && current === 'draft';
    const body: RecordBody<Story> = {
      title: input.title,
      slug,
      summary: input.summary,
      body: input.body,
      authorId: existing?.authorId ?? userId,
      state,
      publishedAt: state === 'draft' ? null : publishing ? at : (existing?.publishedAt ?? at),
      tags: input.tags ?? existing?.tags ?? [],
      pinned: input.pinned ?? existing?.pinned ?? false,
    };
    const story = stories.save(id, body, { createdAt: at, updatedAt: at });
    if (publishing) {
      repos.feedItems.record({
        kind: 'storyPublished',
        actorId: userId,
        title: story.title,
        summary: story.summary,
        resourceType: 'story',
        resourceId: story.id,
        occurredAt: at,
      });
    }
    return { story, created: !existing };
  });
}

/** Handlers of the Blog group. */
export function blogHandlers(
  deps: OperationDeps,
): Pick<OperationHandlers, 'saveBlogPost' | 'getStory' | 'listNewsStories' | 'deleteStory'> {
  const { store, repos } = deps;
  const { stories } = repos;
  /** The story `id`, else a 404 problem (who may read a draft is `getStory`'s `x-access`). */
  const existing = (id: string): Story => {
    const story = stories.get(id);
    if (!story) throw notFound('story', id);
    return story;
  };
  /** Drafts are listed only to those who may read every draft (a role in `getStory`'s rule) and to their authors. */
  const readsEveryDraft = (userId: string) =>
    roleAllowsAny(
      accessModel,
      operationAccess.getStory.records?.[0] as RecordRule,
      store.users.currentUser(userId)?.roles ?? [],
    );
  return {
    saveBlogPost: ({ body, headers, reply, userId }) => {
      const { story, created } = saveStory(store, repos, userId, body, { ifMatch: headers['If-Match'] });
      reply.code(created ? 201 : 200).header('ETag', versionETag(story));
      return story;
    },

    getStory: ({ query, reply }) => {
      const story = existing(query.id);
      reply.header('ETag', versionETag(story));
      return story;
    },

    listNewsStories: ({ query, userId }) => {
      const state = query.state ?? 'published';
      return pageJson(
        stories.list({
          state,
          authorId: state === 'draft' && !readsEveryDraft(userId) ? userId : undefined,
          tag: query.tag,
          q: query.q,
          pinned: query.pinned,
          sort: query.sort ?? '-publishedAt',
          cursor: query.cursor,
          limit: query.limit ?? 50,
        }),
      );
    },

    deleteStory: ({ query, reply }) => {
      const story = existing(query.id);
      stories.delete(story.id);
      reply.code(204);
      return reply.send();
    },
  };
}
