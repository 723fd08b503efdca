/**
 * Stories written here keep their place on screen once sent: when the service accepts a story
 * created on this computer (`Save blog post` without `id`, answered 201 with the Story), the story
 * is kept as the answer to `Get Story` and the outbox entry's id (the story's id until then) is
 * mapped to the service's, in the query cache (cleared with the user's data). Called by the push
 * (main/core/writes/push.ts, `sent`) inside the transaction that removes the sent entry.
 */
import type { Story } from '../../../../preload/contract';
import type { StateStore } from '../../cache/state-store';
import type { StoredEntry } from '../../writes/outbox-store';

/** The query cache key of the service id of a story written here under `localId`. */
const sentKey = (localId: string) => `sentStory:${localId}`;

/** Keeps a created story's answer and its id mapping; ignores every other entry. */
export function keepSentStory(state: StateStore, entry: StoredEntry, answer: unknown): void {
  if (entry.request.operationId !== 'saveBlogPost' || entry.request.body?.id) return;
  const story = answer as Story | undefined;
  if (!story || typeof story.id !== 'string') return;
  const now = new Date().toISOString();
  state.putCached(`story:${story.id}`, story, now);
  state.putCached(sentKey(entry.id), story.id, now);
}

/** The service's id of the story written here under `localId`, once sent; null otherwise. */
export function sentStoryId(state: StateStore, localId: string): string | null {
  return state.getCached<string>(sentKey(localId))?.value ?? null;
}
