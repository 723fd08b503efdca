/** The words of the News view: feed item kinds, digest record types, a queued edit's state. */
import type { DigestType, FeedItem } from '../../../../preload/contract';

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
