/**
 * The activity feed's items (the contract's FeedItem): history written once, never changed. The feed
 * reads two sources through the temporary view `feed_view`: the table `feed_items`, where any area adds items
 * with `FeedItemRepo.record` inside its write's transaction (stories published, comments added), and the
 * audit records (`audit_records`) of successful `approveDocument` and `rejectDocument` calls, which
 * become `documentApproved` and `documentRejected` items under the audit record's id.
 */
import { randomUUID } from 'node:crypto';
import type { components } from '../../api/generated/schema';
import { type JsonPage, keysetPage } from './paging';
import type { Db } from './schema';

/** The contract's FeedItem. */
export type FeedItem = components['schemas']['FeedItem'];

const documentKind = "CASE a.operation_id WHEN 'approveDocument' THEN 'documentApproved' ELSE 'documentRejected' END";

/** Table of feed items (schema version 2). `audience_id` null: every user sees the item. */
export const feedItemsDdl = `
CREATE TABLE feed_items (
  id TEXT PRIMARY KEY, kind TEXT NOT NULL, occurred_at TEXT NOT NULL, audience_id TEXT, data TEXT NOT NULL);
CREATE INDEX feed_items_time ON feed_items (occurred_at, id);
`;

const feedItemsSelect = 'SELECT id, kind, occurred_at, audience_id, data FROM feed_items';
const auditItemsSelect = `
  SELECT a.id, ${documentKind}, a.occurred_at, NULL, json_object(
    'id', a.id, 'kind', ${documentKind}, 'actorId', a.actor_id,
    'title', substr(coalesce((SELECT json_extract(d.data, '$.title') FROM documents d WHERE d.id = a.resource_id),
      'Deleted document'), 1, 200),
    'summary', substr(a.summary, 1, 500), 'resourceType', 'document', 'resourceId', a.resource_id,
    'occurredAt', a.occurred_at)
  FROM audit_records a
  WHERE a.operation_id IN ('approveDocument', 'rejectDocument') AND a.status BETWEEN 200 AND 299
    AND a.actor_id IS NOT NULL AND a.resource_id IS NOT NULL`;

/** What `FeedItemRepo.record` takes: a FeedItem without `id` (made here), `occurredAt` defaulting to now. */
export type FeedItemInput = Omit<FeedItem, 'id' | 'occurredAt'> & {
  id?: string;
  occurredAt?: string;
  /** The one user who sees the item; omitted or null: every signed-in user. */
  audienceUserId?: string | null;
};

/** The activity feed's items over one database (one per service, made by `server/compose.ts`). */
export class FeedItemRepo {
  private readonly db: Db;
  private readonly insert;

  /**
   * Creates the connection's temporary view `feed_view` (the feed items, plus the document
   * decisions of the audit records when this database has them) and prepares the insert.
   */
  constructor(db: Db) {
    this.db = db;
    const audit = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'audit_records'").get();
    db.exec(
      `CREATE TEMP VIEW IF NOT EXISTS feed_view AS ${feedItemsSelect}${audit ? ` UNION ALL ${auditItemsSelect}` : ''}`,
    );
    this.insert = db.prepare(
      'INSERT INTO feed_items (id, kind, occurred_at, audience_id, data) VALUES (?, ?, ?, ?, ?)',
    );
  }

  /**
   * Adds an item to the activity feed and returns it. `title` is cut to 200 characters and `summary`
   * to 500 (the contract's bounds). Call it in the same transaction as the write it reports.
   */
  record(input: FeedItemInput): FeedItem {
    const item: FeedItem = {
      id: input.id ?? randomUUID(),
      kind: input.kind,
      actorId: input.actorId,
      title: input.title.slice(0, 200),
      summary: input.summary.slice(0, 500),
      resourceType: input.resourceType,
      resourceId: input.resourceId,
      occurredAt: input.occurredAt ?? new Date().toISOString(),
    };
    this.insert.run(item.id, item.kind, item.occurredAt, input.audienceUserId ?? null, JSON.stringify(item));
    return item;
  }

  /** A page of the items `userId` sees, newest first, optionally of one kind and at or after `since` (ISO 8601). */
  list(userId: string, query: { kind?: FeedItem['kind']; since?: string; cursor?: string; limit: number }): JsonPage {
    const where = ['(audience_id IS NULL OR audience_id = ?)'];
    const params: unknown[] = [userId];
    if (query.kind) {
      where.push('kind = ?');
      params.push(query.kind);
    }
    if (query.since) {
      where.push('occurred_at >= ?');
      params.push(new Date(query.since).toISOString());
    }
    return keysetPage(this.db, {
      list: `feed:${query.kind ?? ''}:${query.since ?? ''}`,
      table: 'feed_view',
      where,
      params,
      sort: { name: '-occurredAt', columns: ['occurred_at', 'id'], desc: true },
      cursor: query.cursor,
      limit: query.limit,
    });
  }
}
