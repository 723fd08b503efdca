/** Contacts: storage, prefix search over name, e-mail, phone and company name, keyset lists. */
import type { components } from '../../api/generated/schema';
import type { ContractAjv } from '../contract/ajv';
import type { ChangeFeed } from '../sync/feed';
import type { CompanyRepo } from './companies';
import { type JsonPage, keysetPage, prefixMatch, type SortSpec } from './paging';
import { type RecordBody, RecordTable } from './record-table';
import type { Db } from './schema';

/** The contract's Contact. */
export type Contact = components['schemas']['Contact'];
/** Sort orders of `listContacts`. */
export type ContactSort = 'lastName' | '-lastName' | 'updatedAt' | '-updatedAt';

const sorts: Record<ContactSort, SortSpec> = {
  lastName: { name: 'lastName', columns: ['last_name', 'first_name', 'id'], desc: false },
  '-lastName': { name: '-lastName', columns: ['last_name', 'first_name', 'id'], desc: true },
  updatedAt: { name: 'updatedAt', columns: ['updated_at', 'id'], desc: false },
  '-updatedAt': { name: '-updatedAt', columns: ['updated_at', 'id'], desc: true },
};

/** Filters and paging of a contact list. */
export interface ContactListQuery {
  q?: string;
  companyId?: string;
  state?: Contact['state'];
  type?: Contact['type'];
  /** Exact city, case-insensitive. */
  city?: string;
  /** ISO 3166-1 alpha-2 code. */
  country?: string;
  sort?: ContactSort;
  cursor?: string;
  limit: number;
}

interface ContactExtras {
  companyName: string | null;
}

/** Contacts repository. */
export class ContactRepo {
  readonly table: RecordTable<Contact, ContactExtras>;
  private readonly db: Db;
  private readonly companies: CompanyRepo;

  constructor(db: Db, feed: ChangeFeed, ajv: ContractAjv, companies: CompanyRepo) {
    this.db = db;
    this.companies = companies;
    this.table = new RecordTable<Contact, ContactExtras>(db, feed, ajv, {
      table: 'contacts',
      type: 'contact',
      schema: 'Contact',
      columnNames: ['last_name', 'first_name', 'company_id', 'state', 'updated_at'],
      columns: (r) => ({
        last_name: r.lastName,
        first_name: r.firstName,
        company_id: r.companyId,
        state: r.state,
        updated_at: r.updatedAt,
      }),
      search: {
        table: 'contact_search',
        text: (r, x) => [r.firstName, r.lastName, r.email, r.phone, x.companyName].filter(Boolean).join(' '),
      },
    });
  }

  /** The contact, or undefined. */
  get(id: string): Contact | undefined {
    return this.table.get(id);
  }

  /**
   * Creates or replaces a contact. `companyName` (when known) saves a lookup during bulk seeding.
   * Throws when `companyId` names no company or the record does not match the contract.
   */
  save(
    id: string,
    body: RecordBody<Contact>,
    options: { companyName?: string | null; createdAt?: string; updatedAt?: string } = {},
  ): Contact {
    let companyName = options.companyName;
    if (companyName === undefined) {
      companyName = body.companyId ? (this.companies.get(body.companyId)?.name ?? null) : null;
      if (body.companyId && companyName === null) throw new Error(`No company with id ${body.companyId} exists.`);
    }
    return this.table.write(id, body, { companyName }, options);
  }

  /** Deletes a contact (tombstone in the feed). Returns false when there was none. */
  delete(id: string): boolean {
    return this.table.remove(id, { companyName: null });
  }

  /** Re-indexes the contacts of a company after its name changed. */
  reindexCompany(companyId: string, companyName: string): void {
    const rows = this.db.prepare('SELECT data FROM contacts WHERE company_id = ?').pluck().all(companyId) as string[];
    for (const json of rows) this.table.reindex(JSON.parse(json) as Contact, { companyName });
  }

  /** One page of contacts (JSON texts). */
  list(query: ContactListQuery): JsonPage {
    const where: string[] = [];
    const params: unknown[] = [];
    if (query.q !== undefined) {
      const match = prefixMatch(query.q);
      if (match === null) return { items: [], nextCursor: null };
      where.push('rowid IN (SELECT rowid FROM contact_search WHERE contact_search MATCH ?)');
      params.push(match);
    }
    if (query.companyId !== undefined) {
      where.push('company_id = ?');
      params.push(query.companyId);
    }
    if (query.state !== undefined) {
      where.push('state = ?');
      params.push(query.state);
    }
    if (query.type !== undefined) {
      where.push("json_extract(data, '$.type') = ?");
      params.push(query.type);
    }
    if (query.city !== undefined) {
      where.push("json_extract(data, '$.city') = ? COLLATE NOCASE");
      params.push(query.city);
    }
    if (query.country !== undefined) {
      where.push("json_extract(data, '$.country') = ?");
      params.push(query.country);
    }
    return keysetPage(this.db, {
      list: 'contacts',
      table: 'contacts',
      where,
      params,
      sort: sorts[query.sort ?? 'lastName'],
      cursor: query.cursor,
      limit: query.limit,
    });
  }

  /** Number of contacts. */
  count(): number {
    return this.db.prepare('SELECT COUNT(*) FROM contacts').pluck().get() as number;
  }
}
