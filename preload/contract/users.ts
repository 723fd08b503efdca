/**
 * Bridge calls of the Contact group's user lookups, `Gets all users from company` (getCompanyUsers)
 * and `Gets all users of type` (getUsersOfType): contacts as the service lists them now, fetched on
 * demand and kept with their age for offline use. In these operations a "user" is a contact
 * (docs/interpretations/contacts.md, "Contact vs. user"). Also the shapes every on-demand list of
 * contacts shares (the saved queries' results use them too).
 */
import { z } from 'zod';
import { call, type KeptAnswer, type RowWindow, searchText, uuid, windowInput } from './common';
import { type ContactRow, contactStates, contactTypes } from './contacts';

/** A contact of a list the service answered: its cached row when this computer has it, else the service's fields. */
export type ServiceContactRow = ContactRow & {
  /** True when the contact is in the cache, so its page can open (and the row shows any edit made here). */
  cached: boolean;
};

/** A window over an on-demand list of contacts, with the list's age. */
export interface ServiceContactWindow extends RowWindow<ServiceContactRow> {
  /** When the service gave the list (ISO 8601 UTC); null when it never has (offline from the start). */
  fetchedAt: string | null;
  /** False when the service had more contacts than the most kept (`maxServiceContacts`). */
  complete: boolean;
}

/** The most contacts of one on-demand list the client fetches and keeps (4 pages of 500). */
export const maxServiceContacts = 2000;

/** Contacts the company page's "Recently updated" section shows (getCompanyUsers, latest changes first). */
export const recentCompanyContacts = 8;

/**
 * The Contacts view's search and filters applied to an on-demand list by the core, and the window
 * asked for. `query`: every word must appear in the name, e-mail, job title or company (case-insensitive).
 */
export const serviceListNarrowing = {
  query: searchText,
  type: z.enum(contactTypes).optional(),
  state: z.enum(contactStates).optional(),
  ...windowInput,
};

export const usersCalls = {
  /**
   * The contacts of a company most recently updated on the service (getCompanyUsers sorted by
   * `-updatedAt`, the first `recentCompanyContacts`): the service's answer when online, else the last one with its age.
   */
  'users.recentAtCompany': call<KeptAnswer<ServiceContactRow[]>>()(z.object({ companyId: uuid }).strict()),
  /**
   * Contacts of one type (`ofType`), latest changes first (getUsersOfType sorted by `-updatedAt`, at
   * most `maxServiceContacts`), narrowed by the view's search and filters, a window at a time.
   */
  'users.ofType': call<ServiceContactWindow>()(
    z.object({ ofType: z.enum(contactTypes), ...serviceListNarrowing }).strict(),
  ),
} as const;
