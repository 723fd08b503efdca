/**
 * Campaigns, their recipients and the delivery recorded for each recipient when a campaign is sent.
 * A recipient row holds the contact's name and e-mail as they were when added, its delivery status
 * (`pending` until sent) and, once sent, the delivery's address, failure reason and time.
 */
import type { components } from '../../api/generated/schema';
import type { ContractAjv } from '../contract/ajv';
import type { ChangeFeed } from '../sync/feed';
import { type JsonPage, keysetPage, prefixMatch, type SortSpec } from './paging';
import { recordBody } from './record-body';
import { type RecordBody, RecordTable } from './record-table';
import type { Db } from './schema';

/** The contract's Campaign. */
export type Campaign = components['schemas']['Campaign'];
/** The contract's CampaignState. */
export type CampaignState = components['schemas']['CampaignState'];
/** The contract's CampaignSearch. */
export type CampaignSearch = components['schemas']['CampaignSearch'];
/** The contract's CampaignRecipientStatus. */
export type CampaignRecipientStatus = components['schemas']['CampaignRecipientStatus'];
/** The contract's CampaignDelivery. */
export type CampaignDelivery = components['schemas']['CampaignDelivery'];
/** A recipient to add: the contact and its name and e-mail at the time. */
export interface CampaignRecipientRow {
  contactId: string;
  name: string;
  email: string | null;
}

/** Tables of the campaigns (schema version 2). */
export const campaignsDdl = `
CREATE TABLE campaigns (
  id TEXT PRIMARY KEY, name TEXT NOT NULL COLLATE NOCASE, state TEXT NOT NULL, scheduled_at TEXT,
  created_at TEXT NOT NULL, updated_at TEXT NOT NULL, version INTEGER NOT NULL, data TEXT NOT NULL);
CREATE INDEX campaigns_name ON campaigns (name, id);
CREATE INDEX campaigns_created ON campaigns (created_at, id);
CREATE INDEX campaigns_updated ON campaigns (updated_at, id);
CREATE INDEX campaigns_state ON campaigns (state, scheduled_at);
CREATE VIRTUAL TABLE campaign_search USING fts5 (text, tokenize = 'unicode61 remove_diacritics 2');
CREATE TABLE campaign_recipients (
  campaign_id TEXT NOT NULL REFERENCES campaigns (id) ON DELETE CASCADE, contact_id TEXT NOT NULL,
  name TEXT NOT NULL COLLATE NOCASE, email TEXT, added_at TEXT NOT NULL, status TEXT NOT NULL,
  delivery_email TEXT, failure_reason TEXT, delivered_at TEXT, PRIMARY KEY (campaign_id, contact_id));
CREATE INDEX campaign_recipients_name ON campaign_recipients (campaign_id, name, contact_id);
CREATE INDEX campaign_recipients_status ON campaign_recipients (campaign_id, status);
`;

const sorts: Record<NonNullable<CampaignSearch['sort']>, SortSpec> = {
  '-updatedAt': { name: '-updatedAt', columns: ['updated_at', 'id'], desc: true },
  updatedAt: { name: 'updatedAt', columns: ['updated_at', 'id'], desc: false },
  name: { name: 'name', columns: ['name', 'id'], desc: false },
  '-name': { name: '-name', columns: ['name', 'id'], desc: true },
  '-createdAt': { name: '-createdAt', columns: ['created_at', 'id'], desc: true },
  createdAt: { name: 'createdAt', columns: ['created_at', 'id'], desc: false },
};

const recipientJson = `(SELECT campaign_id, contact_id, name, status, json_object(
  'campaignId', campaign_id, 'contactId', contact_id, 'name', name, 'email', email, 'status', status,
  'addedAt', added_at, 'delivery', json(CASE WHEN status = 'pending' THEN 'null' ELSE json_object(
    'status', status, 'email', delivery_email, 'failureReason', failure_reason, 'at', delivered_at) END)) AS data
  FROM campaign_recipients)`;

/** Campaigns repository. */
export class CampaignRepo {
  readonly table: RecordTable<Campaign>;
  private readonly db: Db;
  private readonly stmts;

  constructor(db: Db, feed: ChangeFeed, ajv: ContractAjv) {
    this.db = db;
    this.table = new RecordTable<Campaign>(db, feed, ajv, {
      table: 'campaigns',
      schema: 'Campaign',
      columnNames: ['name', 'state', 'scheduled_at', 'created_at', 'updated_at'],
      columns: (r) => ({
        name: r.name,
        state: r.state,
        scheduled_at: r.scheduledAt,
        created_at: r.createdAt,
        updated_at: r.updatedAt,
      }),
      search: { table: 'campaign_search', text: (r) => `${r.name} ${r.subject}` },
    });
    this.stmts = {
      has: db.prepare('SELECT 1 FROM campaign_recipients WHERE campaign_id = ? AND contact_id = ?').pluck(),
      insert: db.prepare(
        `INSERT OR IGNORE INTO campaign_recipients (campaign_id, contact_id, name, email, added_at, status)
         VALUES (?, ?, ?, ?, ?, 'pending')`,
      ),
      remove: db.prepare('DELETE FROM campaign_recipients WHERE campaign_id = ? AND contact_id = ?'),
      count: db.prepare('SELECT COUNT(*) FROM campaign_recipients WHERE campaign_id = ?').pluck(),
      counts: db.prepare('SELECT status, COUNT(*) AS n FROM campaign_recipients WHERE campaign_id = ? GROUP BY status'),
      pending: db
        .prepare(
          "SELECT contact_id FROM campaign_recipients WHERE campaign_id = ? AND status = 'pending' ORDER BY contact_id LIMIT ?",
        )
        .pluck(),
      deliver: db.prepare(
        `UPDATE campaign_recipients SET status = @status, delivery_email = @email, failure_reason = @failureReason,
         delivered_at = @at, email = COALESCE(@email, email) WHERE campaign_id = @campaignId AND contact_id = @contactId`,
      ),
      inState: db.prepare('SELECT id FROM campaigns WHERE state = ? ORDER BY id').pluck(),
      due: db
        .prepare("SELECT id FROM campaigns WHERE state = 'scheduled' AND scheduled_at <= ? ORDER BY scheduled_at, id")
        .pluck(),
    };
  }

  /** The campaign, or undefined. */
  get(id: string): Campaign | undefined {
    return this.table.get(id);
  }

  /** Creates or replaces a campaign; `times` may set `createdAt`/`updatedAt` (ISO 8601 UTC, default now). */
  save(id: string, body: RecordBody<Campaign>, times?: { createdAt?: string; updatedAt?: string }): Campaign {
    return this.table.write(id, body, undefined, times);
  }

  /** Writes `patch` over a stored campaign (bumping its version). */
  update(campaign: Campaign, patch: Partial<RecordBody<Campaign>>, at?: string): Campaign {
    return this.save(campaign.id, { ...recordBody(campaign), ...patch }, { updatedAt: at });
  }

  /** Deletes a campaign with its recipients. Returns false when there was none. */
  delete(id: string): boolean {
    return this.table.remove(id, undefined);
  }

  /** One page of campaigns matching a search (JSON texts). */
  search(query: CampaignSearch): JsonPage {
    const where: string[] = [];
    const params: unknown[] = [];
    if (query.q !== undefined) {
      const match = prefixMatch(query.q);
      if (match === null) return { items: [], nextCursor: null };
      where.push('rowid IN (SELECT rowid FROM campaign_search WHERE campaign_search MATCH ?)');
      params.push(match);
    }
    if (query.states?.length) {
      where.push(`state IN (${query.states.map(() => '?').join(', ')})`);
      params.push(...query.states);
    }
    if (query.ids?.length) {
      where.push(`id IN (${query.ids.map(() => '?').join(', ')})`);
      params.push(...query.ids);
    }
    return keysetPage(this.db, {
      list: 'campaigns',
      table: 'campaigns',
      where,
      params,
      sort: sorts[query.sort ?? '-updatedAt'],
      cursor: query.cursor,
      cursorPointer: '/body/cursor',
      limit: query.limit ?? 50,
    });
  }

  /** True when the contact is a recipient of the campaign. */
  hasRecipient(campaignId: string, contactId: string): boolean {
    return this.stmts.has.get(campaignId, contactId) !== undefined;
  }

  /** Adds recipients (`pending`), ignoring contacts already on the campaign. Returns how many were added. */
  addRecipients(campaignId: string, rows: CampaignRecipientRow[], addedAt: string): number {
    let added = 0;
    for (const r of rows) added += this.stmts.insert.run(campaignId, r.contactId, r.name, r.email, addedAt).changes;
    return added;
  }

  /** Removes one recipient. Returns false when the contact was not a recipient. */
  removeRecipient(campaignId: string, contactId: string): boolean {
    return this.stmts.remove.run(campaignId, contactId).changes > 0;
  }

  /** Number of recipients of the campaign. */
  recipientCount(campaignId: string): number {
    return this.stmts.count.get(campaignId) as number;
  }

  /** Number of recipients per delivery status. */
  statusCounts(campaignId: string): Record<CampaignRecipientStatus, number> {
    const counts = { pending: 0, delivered: 0, failed: 0 };
    for (const row of this.stmts.counts.all(campaignId) as Array<{ status: CampaignRecipientStatus; n: number }>)
      counts[row.status] = row.n;
    return counts;
  }

  /** Up to `limit` contact ids of recipients still `pending`. */
  pendingRecipients(campaignId: string, limit: number): string[] {
    return this.stmts.pending.all(campaignId, limit) as string[];
  }

  /** Records the delivery to one recipient (its status becomes the delivery's). */
  recordDelivery(campaignId: string, contactId: string, delivery: CampaignDelivery): void {
    this.stmts.deliver.run({ campaignId, contactId, ...delivery });
  }

  /** Ids of the campaigns in a state. */
  idsInState(state: CampaignState): string[] {
    return this.stmts.inState.all(state) as string[];
  }

  /** Ids of `scheduled` campaigns whose `scheduledAt` is at or before `iso` (ISO 8601 UTC), earliest first. */
  dueScheduled(iso: string): string[] {
    return this.stmts.due.all(iso) as string[];
  }

  /** A page of the campaign's recipients by name, optionally of one delivery status. */
  recipients(
    campaignId: string,
    query: { status?: CampaignRecipientStatus; cursor?: string; limit: number },
  ): JsonPage {
    return keysetPage(this.db, {
      list: `campaignRecipients:${query.status ?? ''}`,
      table: recipientJson,
      where: query.status ? ['campaign_id = ?', 'status = ?'] : ['campaign_id = ?'],
      params: query.status ? [campaignId, query.status] : [campaignId],
      sort: { name: 'name', columns: ['name', 'contact_id'], desc: false },
      cursor: query.cursor,
      limit: query.limit,
    });
  }
}
