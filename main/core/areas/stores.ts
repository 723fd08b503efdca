/**
 * The store registry: each area's queries over the cache, prepared once per database. Handlers of
 * any area read through these; an area with cached records adds its store here in one line.
 */
import type { Database } from 'better-sqlite3';
import { type CalendarStore, createCalendarStore } from './calendar/store';
import { type CompaniesStore, createCompaniesStore } from './companies/store';
import { type ContactsStore, createContactsStore } from './contacts/store';
import { createDraftsStore, type DraftsStore } from './drafts/store';
import { createDocumentsStore, type DocumentsStore } from './documents/store';
import { createNotificationsStore, type NotificationsStore } from './notifications/store';

/** Every area's store. */
export interface AreaStores {
  contacts: ContactsStore;
  companies: CompaniesStore;
  calendar: CalendarStore;
  documents: DocumentsStore;
  notifications: NotificationsStore;
  drafts: DraftsStore;
}

/** Prepares every area's store over `db`. */
export function createAreaStores(db: Database): AreaStores {
  return {
    contacts: createContactsStore(db),
    companies: createCompaniesStore(db),
    calendar: createCalendarStore(db),
    documents: createDocumentsStore(db),
    notifications: createNotificationsStore(db),
    drafts: createDraftsStore(db),
  };
}
