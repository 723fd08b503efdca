/**
 * Story edits waiting in the outbox (`Save blog post` and `Delete Story` entries of kind 'action';
 * see main/core/areas/news/handlers.ts) and the stories as this computer shows them with those edits
 * applied.
 */
import type { QueuedStoryEdit, Story, StoryInput, StoryRow } from '../../../../preload/contract';
import type { StoredEntry } from '../../writes/outbox-store';
import { actionSubjectId } from '../../writes/waiting-action';
import type { HandlerContext } from '../context';

/** True for an outbox entry about a story. */
function isStoryEntry(entry: StoredEntry): boolean {
  return entry.request.operationId === 'saveBlogPost' || entry.request.operationId === 'deleteStory';
}

/** True for a save that creates a story (its body has no id). */
export const isCreate = (entry: StoredEntry): boolean =>
  entry.request.operationId === 'saveBlogPost' && !entry.request.body?.id;

/** Every story entry in the outbox, keyed by story id (the latest entry wins). */
export function queuedStoryEntries(ctx: HandlerContext): Map<string, StoredEntry> {
  const found = new Map<string, StoredEntry>();
  for (const entry of ctx.outbox.all()) if (isStoryEntry(entry)) found.set(actionSubjectId(entry), entry);
  return found;
}

function toQueued(entry: StoredEntry): QueuedStoryEdit {
  const kind = entry.request.operationId === 'deleteStory' ? 'delete' : isCreate(entry) ? 'create' : 'update';
  return { entryId: entry.id, kind, state: entry.state, message: entry.message };
}

/** The signed-in user's id, or null. */
function userIdOf(ctx: HandlerContext): string | null {
  const state = ctx.session.state();
  return state.state === 'signedIn' ? state.user.id : null;
}

/**
 * The story a queued save makes of `base` (the service's story; null for one written here, whose
 * author is the signed-in user), as the service will: `published` sets `publishedAt` (now, shown
 * as the time it was written here), back to `draft` clears it (api/openapi.yaml, StoryState).
 */
function applied(ctx: HandlerContext, entry: StoredEntry, base: Story | null): Story {
  const save = entry.request.body as StoryInput;
  const { id: _id, ...fields } = save;
  const start: Story = base ?? {
    id: actionSubjectId(entry),
    version: 0,
    title: '',
    slug: null,
    summary: '',
    body: '',
    authorId: userIdOf(ctx) ?? entry.id,
    state: 'draft',
    publishedAt: null,
    tags: [],
    pinned: false,
    createdAt: entry.createdAt,
    updatedAt: entry.createdAt,
  };
  const story: Story = { ...start, ...fields };
  if (story.state === 'draft') story.publishedAt = null;
  else if (start.state !== 'published' || !story.publishedAt) story.publishedAt = entry.createdAt;
  return story;
}

/** The author's name from the cache (users are contacts: docs/interpretations/contacts.md). */
export function personName(ctx: HandlerContext, id: string): string | null {
  const contact = ctx.stores.contacts.get(id);
  return contact ? `${contact.firstName} ${contact.lastName}` : null;
}

function rowOf(ctx: HandlerContext, story: Story, entry: StoredEntry | undefined): StoryRow {
  const shown = entry && entry.request.operationId === 'saveBlogPost' ? applied(ctx, entry, story) : story;
  return { story: shown, queued: entry ? toQueued(entry) : null, authorName: personName(ctx, shown.authorId) };
}

/**
 * The rows of `stories` (the service's) with the queued edits applied; with `created`, the stories
 * written here and not yet sent in `created` state come first, newest first. A story whose delete
 * waits stays, marked.
 */
export function withQueued(ctx: HandlerContext, stories: Story[], created?: Story['state']): StoryRow[] {
  const entries = queuedStoryEntries(ctx);
  const rows = stories.map((story) => rowOf(ctx, story, entries.get(story.id)));
  if (created === undefined) return rows;
  const fresh: StoryRow[] = [];
  for (const entry of entries.values()) {
    if (!isCreate(entry)) continue;
    const story = applied(ctx, entry, null);
    if (story.state === created)
      fresh.unshift({ story, queued: toQueued(entry), authorName: personName(ctx, story.authorId) });
  }
  return [...fresh, ...rows];
}

/** The story `id` written here and not yet sent, as a row; null when `id` names no such story. */
export function createdRow(ctx: HandlerContext, id: string): StoryRow | null {
  const entry = queuedStoryEntries(ctx).get(id);
  if (!entry || !isCreate(entry)) return null;
  const story = applied(ctx, entry, null);
  return { story, queued: toQueued(entry), authorName: personName(ctx, story.authorId) };
}

/**
 * The story `id` as this computer shows it after an edit was queued: `base` (the kept story; null
 * for one written here or never read) with the waiting edit applied.
 */
export function queuedRow(ctx: HandlerContext, id: string, base: Story | null): StoryRow {
  const entry = queuedStoryEntries(ctx).get(id);
  if (!entry) throw new Error(`No edit of the story ${id} waits in the outbox.`);
  const story = entry.request.operationId === 'saveBlogPost' ? applied(ctx, entry, base) : base;
  if (!story) throw new Error(`The story ${id} is not kept here.`);
  return { story, queued: toQueued(entry), authorName: personName(ctx, story.authorId) };
}
