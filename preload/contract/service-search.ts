/**
 * The service's own search beside the cache's: Contacts (`listContacts` with `q`), Companies
 * (`getCompanies` with `q`) and Documents (`searchDocuments`). The core asks the service for the
 * first page of matches, writes the records it answered into the cache (so each opens on its page)
 * and answers them in the service's order, each with whether the cache had matched it before; the
 * views mark every row with where it was found (docs/ARCHITECTURE.md, "The service's search beside
 * the local one"). Offline or on a refusal the answer says so in words; it never throws for that.
 */
import { z } from 'zod';
import { call, uuid } from './common';
import type { CompanyRow } from './companies';
import type { ContactRow } from './contacts';
import type { DocumentRow } from './documents';

/** The most matches the service is asked for (its first page). */
export const serviceSearchLimit = 50;

/** Search text the service accepts: 1–200 characters (api/openapi.yaml, `q` and `DocumentSearch.query`). */
export const serviceSearchText = z
  .string()
  .trim()
  .min(1, 'Type something to search for.')
  .max(200, 'A search uses at most 200 characters.');

/** The words of the service search while the service cannot be reached (the core's answer and the view's line). */
export const offlineSearchWords =
  "Offline: only this computer's records are searched. The service is searched again once it can be reached.";

/** One record the service found, as the cache now holds it. */
export interface ServiceSearchHit<T> {
  row: T;
  /** The cache's own search had matched it before the service answered (false: new to this computer, or not matched here). */
  matchedHere: boolean;
  /** The cache's own search lists it now (false: the view adds it beside the cache's results). */
  listedHere: boolean;
}

/**
 * The service's answer to one search: `answered` with its hits in the service's order (`complete`
 * false when it found more than `serviceSearchLimit`), or `offline` / `failed` with `message` in
 * words (what happened, what to do).
 */
export type ServiceSearchAnswer<T> =
  | {
      state: 'answered';
      hits: ServiceSearchHit<T>[];
      complete: boolean;
      /** When the service answered (ISO 8601 UTC). */
      answeredAt: string;
    }
  | { state: 'offline' | 'failed'; message: string };

export const serviceSearchCalls = {
  /** The service's search of contacts (`listContacts` with `q`), first page, merged into the cache. */
  'contacts.searchService': call<ServiceSearchAnswer<ContactRow>>()(z.object({ q: serviceSearchText }).strict()),
  /** The service's search of companies (`getCompanies` with `q`), first page, merged into the cache. */
  'companies.searchService': call<ServiceSearchAnswer<CompanyRow>>()(z.object({ q: serviceSearchText }).strict()),
  /**
   * The service's search of documents (`searchDocuments`), first page; with `folderId`, only the
   * documents directly in that folder are answered (the service also searches its subfolders; those
   * are kept in the cache too). An unknown folder is answered as `failed` in words.
   */
  'documents.searchService': call<ServiceSearchAnswer<DocumentRow>>()(
    z.object({ q: serviceSearchText, folderId: uuid.optional() }).strict(),
  ),
} as const;
