/**
 * Bridge calls of the Contact group's saved queries, `Get Query List` (getQueryList) and `Get Query
 * Results` (getQueryResults): the saved contact queries the signed-in user may run, and a query's
 * matching contacts, both fetched on demand and kept with their age for offline use. The Contacts
 * view shows them as saved views of its list.
 */
import { z } from 'zod';
import { type ApiSchemas, call, empty, type KeptAnswer, uuid } from './common';
import { type ServiceContactWindow, serviceListNarrowing } from './users';

/** A saved contact query (the contract's ContactQuery): name, description, owner, shared flag and filter. */
export type SavedQuery = ApiSchemas['ContactQuery'];

/** The most saved queries the client lists (one page of the service's). */
export const maxSavedQueries = 500;

export const savedQueriesCalls = {
  /** The user's own and shared saved queries, by name: the service's answer when online, else the last one with its age. */
  'savedQueries.list': call<KeptAnswer<SavedQuery[]>>()(empty),
  /**
   * The contacts saved query `queryId` matches, in its sort order (at most `maxServiceContacts`),
   * narrowed by the view's search and filters, a window at a time, with the results' age.
   */
  'savedQueries.results': call<ServiceContactWindow>()(z.object({ queryId: uuid, ...serviceListNarrowing }).strict()),
} as const;
