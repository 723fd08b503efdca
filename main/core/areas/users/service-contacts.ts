/**
 * On-demand lists of contacts (the Contact group's `ContactPage` operations: getCompanyUsers,
 * getUsersOfType, getQueryResults): fetching their pages up to a bound, and reading them back as
 * rows. A row is the cached contact when this computer has it (so it shows edits made here and its
 * page opens), else the service's fields; the view's search and filters narrow a list here, and
 * a window of it is returned with the list's age. Shared by the users and saved-queries areas.
 */
import type {
  ApiSchemas,
  ContactRow,
  KeptAnswer,
  ServiceContactRow,
  ServiceContactWindow,
} from '../../../../preload/contract';
import { maxServiceContacts } from '../../../../preload/contract';
import type { HandlerContext } from '../context';

/** A contact as the service answers it (the contract's Contact). */
export type ServiceContact = ApiSchemas['Contact'];

/** An on-demand list of contacts as kept: the service's contacts in its order, and whether that was all of them. */
export interface ServiceContactList {
  contacts: ServiceContact[];
  /** False when the service had more than `max` contacts. */
  complete: boolean;
}

/** How long a fetched list answers the windows of one view without asking the service again, ms. */
export const listFreshForMs = 60_000;

/** Time allowed for each page of an on-demand list, ms. */
export const pageTimeoutMs = 10_000;

/**
 * Fetches pages with `fetchPage(cursor, limit)` (limit ≤ 500, the contract's page bound) following
 * `nextCursor` until the service has no more or `max` contacts were read. Throws what `fetchPage` throws.
 */
export async function fetchContactPages(
  fetchPage: (cursor: string | undefined, limit: number) => Promise<ApiSchemas['ContactPage']>,
  max = maxServiceContacts,
): Promise<ServiceContactList> {
  const contacts: ServiceContact[] = [];
  let cursor: string | undefined;
  for (;;) {
    const page = await fetchPage(cursor, Math.min(500, max - contacts.length));
    contacts.push(...page.items.slice(0, max - contacts.length));
    if (page.nextCursor === null) return { contacts, complete: true };
    if (contacts.length >= max) return { contacts, complete: false };
    cursor = page.nextCursor;
  }
}

/** The row of service contact `contact`: the cached one when this computer has it, else built from the service's fields. */
export function serviceRow(ctx: HandlerContext, contact: ServiceContact): ServiceContactRow {
  const cached = ctx.stores.contacts.get(ctx.writes.currentId(contact.id));
  if (cached) {
    const { company: _company, ...row } = cached;
    return { ...row, cached: true };
  }
  const { version: _version, createdAt: _createdAt, ...fields } = contact;
  const company = contact.companyId ? ctx.stores.companies.get(contact.companyId) : null;
  return { ...fields, companyName: company?.name ?? null, syncState: 'synced', cached: false };
}

/** The view's search and filters over an on-demand list (see `serviceListNarrowing` in preload/contract/users.ts). */
export interface ListNarrowing {
  query?: string;
  type?: ContactRow['type'];
  state?: ContactRow['state'];
}

/** True when `row` matches `narrowing`: its type and state, and every word of the query in its name, e-mail, job title or company. */
export function matchesNarrowing(row: ContactRow, narrowing: ListNarrowing): boolean {
  if (narrowing.type && row.type !== narrowing.type) return false;
  if (narrowing.state && row.state !== narrowing.state) return false;
  const words = (narrowing.query ?? '').toLocaleLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = [row.firstName, row.lastName, row.email, row.jobTitle, row.companyName]
    .filter(Boolean)
    .join(' ')
    .toLocaleLowerCase();
  return words.every((word) => text.includes(word));
}

/** Rows `offset`..`offset+limit` of the kept list `kept` narrowed by `narrowing`, with the list's age and completeness. */
export function serviceWindow(
  ctx: HandlerContext,
  kept: KeptAnswer<ServiceContactList>,
  narrowing: ListNarrowing,
  offset: number,
  limit: number,
): ServiceContactWindow {
  const narrowed = Boolean(narrowing.query?.trim() || narrowing.type || narrowing.state);
  const { contacts, complete } = kept.value;
  if (!narrowed) {
    const rows = contacts.slice(offset, offset + limit).map((contact) => serviceRow(ctx, contact));
    return { rows, total: contacts.length, fetchedAt: kept.fetchedAt, complete };
  }
  const matching = contacts
    .map((contact) => serviceRow(ctx, contact))
    .filter((row) => matchesNarrowing(row, narrowing));
  return { rows: matching.slice(offset, offset + limit), total: matching.length, fetchedAt: kept.fetchedAt, complete };
}
