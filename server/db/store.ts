/**
 * ServiceStore: the service's data layer for the core records (see `server/README.md`). Handlers and
 * tests use it; every write bumps the record's `version`, sets `updatedAt` and records the change in
 * the change feed.
 */
import { randomUUID } from 'node:crypto';
import type { components } from '../../api/generated/schema';
import { sharedContractAjv } from '../contract/ajv';
import { loadContract } from '../contract/spec';
import { FileStore } from '../files/file-store';
import { ChangeFeed } from '../sync/feed';
import { CalendarRepo } from './calendar';
import { type Company, CompanyRepo } from './companies';
import { type Contact, ContactRepo } from './contacts';
import { DocumentRepo } from './documents';
import { IdempotencyRepo } from './idempotency';
import { type Notification, NotificationRepo } from './notifications';
import { type Db, openDatabase } from './schema';
import { UserRepo } from './users';

/** Input of ServiceStore.saveContact: a whole or partial contact; `id` names one to update. */
export type ContactInput = Partial<Contact> & { firstName: string; lastName: string; id?: string };
/** Input of ServiceStore.saveCompany. */
export type CompanyInput = Partial<Company> & { name: string; id?: string };
/** Input of ServiceStore.createNotification. */
export interface NotificationInput {
  userId: string;
  kind: components['schemas']['NotificationKind'];
  title: string;
  body: string;
  resourceType?: Notification['resourceType'];
  resourceId?: string | null;
}

function withoutMeta<T extends { id?: string; version?: number; createdAt?: string; updatedAt?: string }>(input: T) {
  const { id: _i, version: _v, createdAt: _c, updatedAt: _u, ...rest } = input;
  return rest;
}

/** The service's data layer over one SQLite database and a folder of files. */
export class ServiceStore {
  readonly db: Db;
  readonly feed: ChangeFeed;
  readonly companies: CompanyRepo;
  readonly contacts: ContactRepo;
  readonly users: UserRepo;
  readonly calendar: CalendarRepo;
  readonly documents: DocumentRepo;
  readonly notifications: NotificationRepo;
  readonly idempotency: IdempotencyRepo;
  readonly files: FileStore;

  /**
   * Opens the database `<dataDir>/service.db` and the file store `<dataDir>/files`. `areaDdl` holds
   * the SQL that creates the service areas' tables (schema version 2, see `./schema.ts`); the
   * start-up code (`server/compose.ts`) collects it from the areas. Throws when the database was
   * written by a newer schema version.
   */
  constructor(dataDir: string, areaDdl: string) {
    this.db = openDatabase(`${dataDir}/service.db`, areaDdl);
    const ajv = sharedContractAjv(loadContract().contract);
    this.feed = new ChangeFeed(this.db);
    this.companies = new CompanyRepo(this.db, this.feed, ajv);
    this.contacts = new ContactRepo(this.db, this.feed, ajv, this.companies);
    this.users = new UserRepo(this.db);
    this.calendar = new CalendarRepo(this.db, this.feed, ajv);
    this.documents = new DocumentRepo(this.db, this.feed, ajv);
    this.notifications = new NotificationRepo(this.db, this.feed, ajv);
    this.idempotency = new IdempotencyRepo(this.db);
    this.files = new FileStore(`${dataDir}/files`);
  }

  /** The demo user's id (the first user). Throws before the store is seeded. */
  get demoUserId(): string {
    const id = this.users.firstUserId();
    if (!id) throw new Error('The service has no users yet.');
    return id;
  }

  /** Runs `fn` in one transaction. */
  transaction<T>(fn: () => T): T {
    return this.db.transaction(fn)();
  }

  /**
   * Creates a contact (no `id`, or an unknown one) or updates one (fields not given are kept).
   * Throws when the result does not match the contract or `companyId` names no company.
   */
  saveContact(input: ContactInput): Contact {
    return this.transaction(() => {
      const id = input.id ?? randomUUID();
      const existing = this.contacts.get(id);
      const body = {
        email: null,
        phone: null,
        jobTitle: null,
        companyId: null,
        type: 'customer' as const,
        state: 'active' as const,
        city: null,
        country: null,
        ...(existing ? withoutMeta(existing) : {}),
        ...withoutMeta(input),
      };
      return this.contacts.save(id, body);
    });
  }

  /** Deletes a contact; its tombstone appears in the feed. Throws when the contact is a user. */
  deleteContact(id: string): void {
    this.transaction(() => {
      if (this.users.currentUser(id)) throw new Error(`Contact ${id} is a user and cannot be deleted.`);
      this.contacts.delete(id);
    });
  }

  /** Creates or updates a company; its contacts are re-indexed for search when the name changes. */
  saveCompany(input: CompanyInput): Company {
    return this.transaction(() => {
      const id = input.id ?? randomUUID();
      const existing = this.companies.get(id);
      const body = {
        industry: null,
        website: null,
        phone: null,
        address: { street: null, city: null, postalCode: null, country: null },
        ...(existing ? withoutMeta(existing) : {}),
        ...withoutMeta(input),
      };
      const company = this.companies.save(id, body);
      if (existing && existing.name !== company.name) this.contacts.reindexCompany(id, company.name);
      return company;
    });
  }

  /** Creates an unread notification for a user (newest: `createdAt` now). */
  createNotification(input: NotificationInput): Notification {
    return this.transaction(() =>
      this.notifications.save(input.userId, randomUUID(), {
        kind: input.kind,
        title: input.title,
        body: input.body,
        state: 'unread',
        resourceType: input.resourceType ?? null,
        resourceId: input.resourceId ?? null,
      }),
    );
  }

  /** Deletes tombstones older than `iso` (ISO 8601); cursors from before them then get 410. */
  purgeTombstonesBefore(iso: string): void {
    this.feed.purgeTombstonesBefore(iso);
  }

  /** Closes the database. */
  close(): void {
    this.db.close();
  }
}
