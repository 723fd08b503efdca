/**
 * Bridge calls of News: blog stories (api/openapi.yaml tag Blog: `List News Stories`, `Get Story`,
 * `Save blog post`, `Delete Story`), the activity feed (tag Feed: `Get feed items`) and the
 * "Since you were away" digest. Stories and feed items are not in the change feed (ChangeType), so
 * they are read on demand and kept with their age for offline use; a story written, edited or
 * deleted goes through the write path (queued in the outbox, sent once by sync), so it works
 * offline too. The digest is built by the core from the cache: what sync brought since the end of
 * the user's last session, with the count of unread notifications (`Get recent notifications`).
 */
import { z } from 'zod';
import { writeSchemas } from '../../api/generated/write-schemas';
import { type ApiSchemas, call, type KeptAnswer, uuid } from './common';
import { fromContract } from './write-inputs';

/** A story as the service keeps it (the contract's Story; `body` is Markdown). */
export type Story = ApiSchemas['Story'];
/** The body of `Save blog post` (the contract's StoryInput). */
export type StoryInput = ApiSchemas['StoryInput'];
/** A story's state (the contract's StoryState). */
export type StoryState = ApiSchemas['StoryState'];
/** One event of the activity feed (the contract's FeedItem). */
export type FeedItem = ApiSchemas['FeedItem'];

/**
 * Body of `Save blog post` (StoryInput) as a zod schema built from the contract's own JSON Schema
 * (`api/generated/write-schemas.ts`), so a story is refused before it is queued with exactly the
 * limits the service applies.
 */
export const storyInputSchema = fromContract<StoryInput>(writeSchemas.StoryInput);

/** The contract's StoryState values, in the order the form offers them. */
export const storyStates = ['draft', 'published'] as const satisfies readonly StoryState[];

/** An edit of a story made here and not yet accepted by the service. */
export interface QueuedStoryEdit {
  /** The outbox entry (its id is the request's Idempotency-Key). */
  entryId: string;
  kind: 'create' | 'update' | 'delete';
  state: 'waiting' | 'sending' | 'conflict' | 'refused';
  /** Why the service refused it, in its words (null while waiting). */
  message: string | null;
}

/**
 * A story as this computer shows it: the service's (kept) story with the queued edit applied. A
 * story written here and not yet sent has its outbox entry's id as `id` and `version` 0.
 */
export interface StoryRow {
  story: Story;
  queued: QueuedStoryEdit | null;
  /** The author's name from the cache (users are contacts); null when the contact is not cached. */
  authorName: string | null;
}

/** One page of stories, newest first, and the cursor of the next (null: the last page). */
export interface StoryListPage {
  rows: StoryRow[];
  nextCursor: string | null;
}

/** A feed item with the name of the user who did it (from the cache; null when not cached). */
export interface FeedRow {
  item: FeedItem;
  actorName: string | null;
}

/** One page of the activity feed, newest first. */
export interface FeedPage {
  rows: FeedRow[];
  nextCursor: string | null;
}

/** The record types the digest counts (synced types a salesperson opens). */
export const digestTypes = ['contact', 'company', 'calendarEvent', 'document', 'notification'] as const;
export type DigestType = (typeof digestTypes)[number];

/** A record of the digest: its words and the record it opens (null when no view opens it). */
export interface DigestItem {
  id: string;
  label: string;
  opens: { type: 'contact' | 'company' | 'calendarEvent' | 'document' | 'deal'; id: string } | null;
}

/** What sync brought of one type: records new since, records changed since, and the first few. */
export interface DigestSection {
  type: DigestType;
  added: number;
  changed: number;
  /** The newest first, at most `digestItemsPerType`. */
  items: DigestItem[];
}

/** Records of each type the digest lists by name. */
export const digestItemsPerType = 3;

/** The "Since you were away" digest of this session. */
export interface SinceAway {
  /** The end of the user's last session on this computer (ISO 8601 UTC); null at the first one. */
  since: string | null;
  /** When the digest was made: the end of this session's first sync (ISO 8601 UTC). */
  madeAt: string;
  /** Only the types with something new or changed. */
  sections: DigestSection[];
  /** Unread notifications in all (`Get recent notifications`), kept with its age; null when never read. */
  unread: KeptAnswer<number | null>;
  /** True once, for the first `announce` ask of the session when there is something to tell. */
  announce: boolean;
}

/** Which stories to list: published ones (newest first), or drafts (the caller's; every one for an admin). */
export const storyListInput = z
  .object({
    state: z.enum(storyStates).default('published'),
    cursor: z.string().min(1).max(512).nullable().default(null),
  })
  .strict();

const version = z.number().int().min(0).nullable();

export const newsCalls = {
  /**
   * A page of stories (`List News Stories`): published ones newest first (the first page starts with
   * the pinned ones, which no page lists again), or drafts by last change. The first page lists the
   * stories written here and not yet sent at its top. Online from the service, else the last answer
   * with its age.
   */
  'news.stories': call<KeptAnswer<StoryListPage>>()(storyListInput),
  /**
   * One story (`Get Story`) with its queued edit; null when it no longer exists. Kept for offline. A
   * story written here and sent since is answered under the id the service gave it (`story.id`
   * then differs from the `id` asked).
   */
  'news.story': call<KeptAnswer<StoryRow | null>>()(z.object({ id: uuid }).strict()),
  /**
   * Saves a story through the write path (creates one without `id`). `version` is the version the
   * edit was made against (sent as If-Match; null when creating). An edit still waiting for the same
   * story is replaced by this one.
   */
  'news.save': call<StoryRow>()(z.object({ story: storyInputSchema, version }).strict()),
  /** Deletes a story through the write path (at once for one written here and not yet sent). */
  'news.delete': call<{ deleted: true }>()(z.object({ id: uuid, version }).strict()),
  /** A page of the activity feed (`Get feed items`), newest first; kept for offline with its age. */
  'news.feed': call<KeptAnswer<FeedPage>>()(
    z.object({ cursor: z.string().min(1).max(512).nullable().default(null) }).strict(),
  ),
  /**
   * The "Since you were away" digest, made from the cache when this session's first sync ended;
   * null until then. With `announce`, `announce` in the answer is true the first time only.
   */
  'news.digest': call<SinceAway | null>()(z.object({ announce: z.boolean().default(false) }).strict()),
} as const;
