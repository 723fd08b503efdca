/** The cache as the rest of the core sees it: the database and its stores, opened together. */
import type { Database } from 'better-sqlite3';
import { type ChangeApplier, createChangeApplier } from './apply-changes';
import { type CalendarStore, createCalendarStore } from './calendar-store';
import { type ContactsStore, createContactsStore } from './contacts-store';
import { openCacheDatabase } from './database';
import { createDocumentsStore, type DocumentsStore } from './documents-store';
import { createNotificationsStore, type NotificationsStore } from './notifications-store';
import { createStateStore, type StateStore } from './state-store';

/** The open cache. */
export interface Cache {
  db: Database;
  state: StateStore;
  contacts: ContactsStore;
  calendar: CalendarStore;
  documents: DocumentsStore;
  notifications: NotificationsStore;
  applier: ChangeApplier;
  close(): void;
}

/** Opens `<dataDir>/cache.db` (migrating it) and prepares its stores. Throws NewerSchemaError for a newer database. */
export function openCache(dataDir: string): Cache {
  const db = openCacheDatabase(dataDir);
  return {
    db,
    state: createStateStore(db),
    contacts: createContactsStore(db),
    calendar: createCalendarStore(db),
    documents: createDocumentsStore(db),
    notifications: createNotificationsStore(db),
    applier: createChangeApplier(db),
    close: () => db.close(),
  };
}
