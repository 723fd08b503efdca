/**
 * The records comments may be about (the contract's `CommentResourceType`): whether one exists, its
 * display name and the user it belongs to, who is notified of comments on it (the contract's `Add Comment`).
 */
import type { components } from '../../api/generated/schema';
import type { CampaignRepo } from './campaigns';
import type { DealRepo } from './deals';
import type { ServiceStore } from './store';

/** The contract's CommentResourceType. */
export type CommentResourceType = components['schemas']['CommentResourceType'];

/** A commented record: its display name and the user who owns it (null: nobody in particular). */
export interface CommentedRecord {
  name: string;
  ownerUserId: string | null;
}

/** The repositories of other areas' records that comments may be about. */
export interface CommentableRepos {
  campaigns: CampaignRepo;
  deals: DealRepo;
}

/** The user id when the contact is a user, else null. */
function userOrNull(store: ServiceStore, contactId: string): string | null {
  return store.users.currentUser(contactId) ? contactId : null;
}

/** How each kind of record is looked up. */
const lookups: Record<
  CommentResourceType,
  (store: ServiceStore, repos: CommentableRepos, id: string) => CommentedRecord | undefined
> = {
  contact: (store, _repos, id) => {
    const c = store.contacts.get(id);
    return c && { name: `${c.firstName} ${c.lastName}`, ownerUserId: userOrNull(store, id) };
  },
  company: (store, _repos, id) => {
    const c = store.companies.get(id);
    return c && { name: c.name, ownerUserId: null };
  },
  document: (store, _repos, id) => {
    const d = store.documents.get(id);
    return d && { name: d.title, ownerUserId: d.ownerId };
  },
  calendarEvent: (store, _repos, id) => {
    const e = store.calendar.get(id);
    return e && { name: e.title, ownerUserId: userOrNull(store, e.organizerId) };
  },
  campaign: (store, repos, id) => {
    const c = repos.campaigns.get(id);
    return c && { name: c.name, ownerUserId: userOrNull(store, c.ownerId) };
  },
  deal: (store, repos, id) => {
    const d = repos.deals.get(id);
    return d && { name: d.title, ownerUserId: userOrNull(store, d.ownerId) };
  },
};

/** The record `type`/`id`, or undefined when there is none. */
export function commentedRecord(
  store: ServiceStore,
  repos: CommentableRepos,
  type: CommentResourceType,
  id: string,
): CommentedRecord | undefined {
  return lookups[type](store, repos, id);
}
