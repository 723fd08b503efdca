/** E-mails logged against the CRM and their attachments (metadata; the bytes live in the FileStore). */
import type { components } from '../../api/generated/schema';
import type { ContractAjv } from '../contract/ajv';
import type { ChangeFeed } from '../sync/feed';
import { type JsonPage, keysetPage, prefixMatch, type SortSpec } from './paging';
import { type RecordBody, RecordTable } from './record-table';
import type { Db } from './schema';

/** The contract's Email. */
export type Email = components['schemas']['Email'];
/** The contract's EmailAttachment. */
export type EmailAttachment = components['schemas']['EmailAttachment'];
/** The sort orders of `Get Emails`. */
export type EmailSort = 'sentAt' | '-sentAt' | 'subject' | '-subject';

/** Tables of the e-mail records (schema version 2). */
export const emailDdl = `
CREATE TABLE emails (
  id TEXT PRIMARY KEY, sent_at TEXT NOT NULL, subject TEXT NOT NULL COLLATE NOCASE, direction TEXT NOT NULL,
  contact_id TEXT, company_id TEXT, version INTEGER NOT NULL, data TEXT NOT NULL);
CREATE INDEX emails_sent ON emails (sent_at, id);
CREATE INDEX emails_subject ON emails (subject, id);
CREATE INDEX emails_contact ON emails (contact_id, sent_at, id);
CREATE INDEX emails_company ON emails (company_id, sent_at, id);
CREATE VIRTUAL TABLE email_search USING fts5 (text, tokenize = 'unicode61 remove_diacritics 2');
CREATE TABLE email_attachments (
  id TEXT PRIMARY KEY, email_id TEXT NOT NULL REFERENCES emails (id) ON DELETE CASCADE,
  file_name TEXT NOT NULL COLLATE NOCASE, version INTEGER NOT NULL, data TEXT NOT NULL);
CREATE INDEX email_attachments_email ON email_attachments (email_id, file_name, id);
`;

const sorts: Record<EmailSort, SortSpec> = {
  sentAt: { name: 'sentAt', columns: ['sent_at', 'id'], desc: false },
  '-sentAt': { name: '-sentAt', columns: ['sent_at', 'id'], desc: true },
  subject: { name: 'subject', columns: ['subject', 'id'], desc: false },
  '-subject': { name: '-subject', columns: ['subject', 'id'], desc: true },
};

/** Filters and paging of `Get Emails`; `from`/`to` bound `sentAt` to [from, to) (ISO 8601 UTC). */
export interface EmailListQuery {
  contactId?: string;
  companyId?: string;
  direction?: Email['direction'];
  q?: string;
  from?: string;
  to?: string;
  sort?: EmailSort;
  cursor?: string;
  limit: number;
}

/** Most attachments one e-mail may have (the contract's `attachmentCount` maximum). */
export const maxEmailAttachments = 50;

/** E-mail repository. */
export class EmailRepo {
  readonly emails: RecordTable<Email>;
  readonly attachments: RecordTable<EmailAttachment>;
  private readonly db: Db;
  private readonly attachmentsOf;

  constructor(db: Db, feed: ChangeFeed, ajv: ContractAjv) {
    this.db = db;
    this.emails = new RecordTable<Email>(db, feed, ajv, {
      table: 'emails',
      schema: 'Email',
      columnNames: ['sent_at', 'subject', 'direction', 'contact_id', 'company_id'],
      columns: (r) => ({
        sent_at: r.sentAt,
        subject: r.subject,
        direction: r.direction,
        contact_id: r.contactId,
        company_id: r.companyId,
      }),
      search: {
        table: 'email_search',
        text: (r) => [r.subject, r.from.name, r.from.email].filter(Boolean).join(' '),
      },
    });
    this.attachments = new RecordTable<EmailAttachment>(db, feed, ajv, {
      table: 'email_attachments',
      schema: 'EmailAttachment',
      columnNames: ['email_id', 'file_name'],
      columns: (r) => ({ email_id: r.emailId, file_name: r.fileName }),
    });
    this.attachmentsOf = db
      .prepare('SELECT data FROM email_attachments WHERE email_id = ? ORDER BY file_name, id LIMIT ?')
      .pluck();
  }

  /** The e-mail, or undefined. */
  get(id: string): Email | undefined {
    return this.emails.get(id);
  }

  /** Stores a new e-mail (or replaces one with the same id); throws when it does not match the contract. */
  save(id: string, body: RecordBody<Email>, times?: { createdAt?: string; updatedAt?: string }): Email {
    return this.emails.write(id, body, undefined, times);
  }

  /** Stores an attachment's metadata; its bytes must be in the FileStore under the attachment id. */
  saveAttachment(
    id: string,
    body: RecordBody<EmailAttachment>,
    times?: { createdAt?: string; updatedAt?: string },
  ): EmailAttachment {
    return this.attachments.write(id, body, undefined, times);
  }

  /** The JSON texts of an e-mail's attachments (at most 50), by file name. */
  attachmentJson(emailId: string): string[] {
    return this.attachmentsOf.all(emailId, maxEmailAttachments) as string[];
  }

  /** An e-mail's attachments, by file name. */
  attachmentsFor(emailId: string): EmailAttachment[] {
    return this.attachmentJson(emailId).map((json) => JSON.parse(json) as EmailAttachment);
  }

  /** A page of e-mails matching the filters. */
  list(query: EmailListQuery): JsonPage {
    const where: string[] = [];
    const params: unknown[] = [];
    if (query.q !== undefined) {
      const match = prefixMatch(query.q);
      if (match === null) return { items: [], nextCursor: null };
      where.push('rowid IN (SELECT rowid FROM email_search WHERE email_search MATCH ?)');
      params.push(match);
    }
    const equal: Array<[string, string | undefined]> = [
      ['contact_id', query.contactId],
      ['company_id', query.companyId],
      ['direction', query.direction],
    ];
    for (const [column, value] of equal) {
      if (value === undefined) continue;
      where.push(`${column} = ?`);
      params.push(value);
    }
    // Stored times are ISO 8601 UTC with milliseconds; normalize the bounds so text comparison is exact.
    if (query.from !== undefined) {
      where.push('sent_at >= ?');
      params.push(new Date(query.from).toISOString());
    }
    if (query.to !== undefined) {
      where.push('sent_at < ?');
      params.push(new Date(query.to).toISOString());
    }
    return keysetPage(this.db, {
      list: 'emails',
      table: 'emails',
      where,
      params,
      sort: sorts[query.sort ?? '-sentAt'],
      cursor: query.cursor,
      limit: query.limit,
    });
  }

  /** Number of e-mails. */
  count(): number {
    return this.db.prepare('SELECT COUNT(*) FROM emails').pluck().get() as number;
  }
}
