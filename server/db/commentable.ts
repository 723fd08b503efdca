/**
 * The records comments may be about (the contract's `CommentResourceType`): whether one exists, its
 * display name and the user it belongs to, who is notified of comments on it (seed §6).
 */
import type { Statement } from 'better-sqlite3';
import type { components } from '../../api/generated/schema';
import type { Db } from './schema';
import type { ServiceStore } from './store';

/** The contract's CommentResourceType. */
export type CommentResourceType = components['schemas']['CommentResourceType'];

/** A commented record: its display name and the user who owns it (null: nobody in particular). */
export interface CommentedRecord {
  name: string;
  ownerUserId: string | null;
}

/** Per database, the prepared reads of other areas' tables that exist there (by table name). */
const recordReads = new WeakMap<Db, Map<string, Statement<unknown[]>>>();

/** The prepared read of `table`'s `data` by id, or undefined while the table does not exist in `db`. */
function recordRead(db: Db, table: string): Statement<unknown[]> | undefined {
  let reads = recordReads.get(db);
  if (!reads) {
    reads = new Map();
    recordReads.set(db, reads);
  }
  let read = reads.get(table);
  if (!read && db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(table)) {
    read = db.prepare(`SELECT data FROM ${table} WHERE id = ?`).pluck();
    reads.set(table, read);
  }
  return read;
}

/**
 * The stored JSON record `id` of another area's entity table (`id` + `data` columns), or undefined
 * when there is none or the table does not exist in this database.
 */
function storedRecord<T>(store: ServiceStore, table: string, id: string): T | undefined {
  const json = recordRead(store.db, table)?.get(id) as string | undefined;
  return json === undefined ? undefined : (JSON.parse(json) as T);
}

/** The user id when the contact is a user, else null. */
function userOrNull(store: ServiceStore, contactId: string): string | null {
  return store.users.currentUser(contactId) ? contactId : null;
}

/** How each kind of record is looked up. */
const lookups: Record<CommentResourceType, (store: ServiceStore, id: string) => CommentedRecord | undefined> = {
  contact: (store, id) => {
    const c = store.contacts.get(id);
    return c && { name: `${c.firstName} ${c.lastName}`, ownerUserId: userOrNull(store, id) };
  },
  company: (store, id) => {
    const c = store.companies.get(id);
    return c && { name: c.name, ownerUserId: null };
  },
  document: (store, id) => {
    const d = store.documents.get(id);
    return d && { name: d.title, ownerUserId: d.ownerId };
  },
  calendarEvent: (store, id) => {
    const e = store.calendar.get(id);
    return e && { name: e.title, ownerUserId: userOrNull(store, e.organizerId) };
  },
  campaign: (store, id) => {
    const c = storedRecord<{ name: string; ownerId: string }>(store, 'campaigns', id);
    return c && { name: c.name, ownerUserId: userOrNull(store, c.ownerId) };
  },
  deal: (store, id) => {
    const d = storedRecord<{ title: string; ownerId: string }>(store, 'deals', id);
    return d && { name: d.title, ownerUserId: userOrNull(store, d.ownerId) };
  },
};

/** The record `type`/`id`, or undefined when there is none. */
export function commentedRecord(
  store: ServiceStore,
  type: CommentResourceType,
  id: string,
): CommentedRecord | undefined {
  return lookups[type](store, id);
}
