/**
 * Saved contact queries (the contract's `ContactQuery`, listed by `Get Query List`): a name and a
 * contact filter, own or shared.
 */
import type { components } from '../../api/generated/schema';
import type { ContractAjv } from '../contract/ajv';
import type { ChangeFeed } from '../sync/feed';
import { type JsonPage, keysetPage, type SortSpec } from './paging';
import { type RecordBody, RecordTable } from './record-table';
import type { Db } from './schema';

/** The contract's ContactQuery. */
export type ContactQuery = components['schemas']['ContactQuery'];
/** Which saved queries a list shows: the caller's and shared ones, only the caller's, or only shared ones. */
export type QueryScope = 'all' | 'own' | 'shared';

/** Table of saved queries. */
export const contactQueriesDdl = `
CREATE TABLE contact_queries (
  id TEXT PRIMARY KEY, owner_id TEXT NOT NULL REFERENCES users (id) ON DELETE CASCADE, shared INTEGER NOT NULL,
  name TEXT NOT NULL COLLATE NOCASE, version INTEGER NOT NULL, data TEXT NOT NULL);
CREATE INDEX contact_queries_name ON contact_queries (name, id);
`;

const byName: SortSpec = { name: 'name', columns: ['name', 'id'], desc: false };

/** Saved queries repository. */
export class ContactQueryRepo {
  readonly table: RecordTable<ContactQuery>;
  private readonly db: Db;

  constructor(db: Db, feed: ChangeFeed, ajv: ContractAjv) {
    this.db = db;
    this.table = new RecordTable<ContactQuery>(db, feed, ajv, {
      table: 'contact_queries',
      schema: 'ContactQuery',
      columnNames: ['owner_id', 'shared', 'name'],
      columns: (r) => ({ owner_id: r.ownerId, shared: r.shared ? 1 : 0, name: r.name }),
    });
  }

  /** Saves a query (creating it when `id` is new); `at` is ISO 8601 UTC. */
  save(id: string, body: RecordBody<ContactQuery>, at?: string): ContactQuery {
    return this.table.write(id, body, undefined, at ? { createdAt: at, updatedAt: at } : {});
  }

  /** The query when `userId` may run it (their own or shared), else undefined. */
  visible(id: string, userId: string): ContactQuery | undefined {
    const query = this.table.get(id);
    return query && (query.shared || query.ownerId === userId) ? query : undefined;
  }

  /** One page of the queries `userId` may see, by name. */
  list(userId: string, scope: QueryScope, cursor: string | undefined, limit: number): JsonPage {
    const where =
      scope === 'own' ? ['owner_id = ?'] : scope === 'shared' ? ['shared = 1'] : ['(owner_id = ? OR shared = 1)'];
    return keysetPage(this.db, {
      list: 'contactQueries',
      table: 'contact_queries',
      where,
      params: scope === 'shared' ? [] : [userId],
      sort: byName,
      cursor,
      limit,
    });
  }
}
