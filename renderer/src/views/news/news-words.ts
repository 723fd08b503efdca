/** The words of the News view: feed item kinds, digest record types, a queued edit's state. */
import type { DigestType, FeedItem, QueuedStoryEdit, RecordSyncState } from '../../../../preload/contract';

/** What a feed item's kind says happened (api/openapi.yaml, FeedItemKind). */
export const feedKindLabel: Record<FeedItem['kind'], string> = {
  storyPublished: 'Story published',
  commentAdded: 'Comment added',
  documentApproved: 'Document approved',
  documentRejected: 'Document rejected',
};

/** The words of a record type a feed item or the digest names, for "Open …" buttons. */
export const recordNoun: Record<FeedItem['resourceType'], string> = {
  contact: 'contact',
  company: 'company',
  document: 'document',
  calendarEvent: 'event',
  campaign: 'campaign',
  deal: 'deal',
  story: 'story',
};

/** Headings of the digest's sections, singular and plural. */
export const digestHeading: Record<DigestType, [string, string]> = {
  contact: ['contact', 'contacts'],
  company: ['company', 'companies'],
  calendarEvent: ['calendar event', 'calendar events'],
  document: ['document', 'documents'],
  notification: ['notification', 'notifications'],
};

/** Where a story's queued edit stands, as the shared sync state badge shows it. */
export function queuedState(queued: QueuedStoryEdit | null): RecordSyncState {
  if (!queued) return 'synced';
  if (queued.state === 'conflict' || queued.state === 'refused') return queued.state;
  return 'pending';
}

/** What a queued edit waits to do, in words. */
export function queuedWords(queued: QueuedStoryEdit): string {
  if (queued.state === 'refused') {
    // The service's words end their own sentence.
    const reason = (queued.message ?? 'no reason given').trim().replace(/[.!]*$/, '.');
    return `The service refused this change: ${reason} Fix it and save again, or discard it in Pending changes.`;
  }
  if (queued.state === 'conflict')
    return 'The story changed on the service too: open Pending changes to choose which version to keep.';
  if (queued.kind === 'delete') return 'Waits to be deleted on the service; it goes when the service can be reached.';
  if (queued.kind === 'create') return 'Written here; it is sent to the service when it can be reached.';
  return 'Changed here; the change is sent to the service when it can be reached.';
}
