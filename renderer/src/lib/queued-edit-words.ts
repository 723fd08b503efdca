/**
 * Where an edit of a record that is not synced (a story, a campaign) stands while it waits in the
 * outbox: as the shared sync state badge shows it, and in words.
 */
import type { RecordSyncState } from '../../../preload/contract';

/** A queued edit as the areas' bridge calls give it (e.g. `QueuedStoryEdit`). */
export interface QueuedEditState {
  kind: 'create' | 'update' | 'delete';
  state: 'waiting' | 'sending' | 'conflict' | 'refused';
  /** Why the service refused it, in its words (null while waiting). */
  message: string | null;
}

/** Where a queued edit stands, as the shared sync state badge shows it. */
export function queuedState(queued: QueuedEditState | null): RecordSyncState {
  if (!queued) return 'synced';
  if (queued.state === 'conflict' || queued.state === 'refused') return queued.state;
  return 'pending';
}

/** What a queued edit of a `noun` ("story", "campaign") waits to do, in words. */
export function queuedWords(queued: QueuedEditState, noun: string): string {
  if (queued.state === 'refused') {
    // The service's words end their own sentence.
    const reason = (queued.message ?? 'no reason given').trim().replace(/[.!]*$/, '.');
    return `The service refused this change: ${reason} Fix it and save again, or discard it in Pending changes.`;
  }
  if (queued.state === 'conflict')
    return `The ${noun} changed on the service too: open Pending changes to choose which version to keep.`;
  if (queued.kind === 'delete') return 'Waits to be deleted on the service; it goes when the service can be reached.';
  if (queued.kind === 'create') return 'Written here; it is sent to the service when it can be reached.';
  return 'Changed here; the change is sent to the service when it can be reached.';
}
