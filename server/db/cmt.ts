/** CMT records (customer management terms): the commercial terms agreed with a company, one per company. */
import type { components } from '../../api/generated/schema';
import type { ContractAjv } from '../contract/ajv';
import type { ChangeFeed } from '../sync/feed';
import { type RecordBody, RecordTable } from './record-table';
import type { Db } from './schema';

/** The contract's Cmt. */
export type Cmt = components['schemas']['Cmt'];

/** The CMT table: `company_id` is unique (one set of terms per company). */
export const cmtDdl = `
CREATE TABLE cmts (
  id TEXT PRIMARY KEY, company_id TEXT NOT NULL UNIQUE REFERENCES companies (id) ON DELETE CASCADE,
  version INTEGER NOT NULL, data TEXT NOT NULL);
`;

/** CMT repository. */
export class CmtRepo {
  readonly table: RecordTable<Cmt>;
  private readonly byCompanyStmt;

  constructor(db: Db, feed: ChangeFeed, ajv: ContractAjv) {
    this.table = new RecordTable<Cmt>(db, feed, ajv, {
      table: 'cmts',
      schema: 'Cmt',
      columnNames: ['company_id'],
      columns: (r) => ({ company_id: r.companyId }),
    });
    this.byCompanyStmt = db.prepare('SELECT data FROM cmts WHERE company_id = ?').pluck();
  }

  /** The CMT, or undefined. */
  get(id: string): Cmt | undefined {
    return this.table.get(id);
  }

  /** The CMT of a company, or undefined. */
  getByCompany(companyId: string): Cmt | undefined {
    const json = this.byCompanyStmt.get(companyId) as string | undefined;
    return json === undefined ? undefined : (JSON.parse(json) as Cmt);
  }

  /** Creates or replaces a CMT. Throws when it does not match the contract or the company already has another. */
  save(id: string, body: RecordBody<Cmt>, times?: { createdAt?: string; updatedAt?: string }): Cmt {
    return this.table.write(id, body, undefined, times);
  }
}
