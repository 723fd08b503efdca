/**
 * Audit records (the contract's `AuditRecord`): one append-only row per write through the interface and
 * per failed sign-in. Rows keep the query columns plus the record's JSON in `data`, like the entity
 * tables, so pages splice stored JSON. Records are never updated or deleted.
 */
import { randomUUID } from 'node:crypto';
import type { components } from '../../api/generated/schema';
import { type JsonPage, keysetPage } from './paging';
import type { Db } from './schema';

/** The contract's AuditRecord. */
export type AuditRecord = components['schemas']['AuditRecord'];
/** The contract's AuditTrailQuery (the body of `auditTrail`). */
export type AuditTrailQuery = components['schemas']['AuditTrailQuery'];
/** A record to write: everything but `id`, which the repository assigns. */
export type AuditInput = Omit<AuditRecord, 'id'>;

/** Tables and indexes of the audit records (one index per filter of `auditTrail`, each ending with the sort key). */
export const auditDdl = `
CREATE TABLE audit_records (
  seq INTEGER PRIMARY KEY, id TEXT NOT NULL UNIQUE, occurred_at TEXT NOT NULL, actor_id TEXT,
  operation_id TEXT NOT NULL, method TEXT NOT NULL, tag TEXT NOT NULL, resource_type TEXT, resource_id TEXT,
  status INTEGER NOT NULL, request_id TEXT NOT NULL, summary TEXT NOT NULL, data TEXT NOT NULL);
CREATE INDEX audit_records_time ON audit_records (occurred_at, seq);
CREATE INDEX audit_records_actor ON audit_records (actor_id, occurred_at, seq);
CREATE INDEX audit_records_operation ON audit_records (operation_id, occurred_at, seq);
CREATE INDEX audit_records_tag ON audit_records (tag, occurred_at, seq);
CREATE INDEX audit_records_resource ON audit_records (resource_id, occurred_at, seq);
`;

/** A filter of `auditTrail` after permission checks; times are ISO 8601 UTC as stored. */
export interface AuditFilter {
  actorId?: string;
  operationId?: string;
  tag?: string;
  resourceType?: string;
  resourceId?: string;
  from?: string;
  to?: string;
  statusClass?: NonNullable<AuditTrailQuery['statusClass']>;
}

/** Audit records repository over one database (one per service, made by `server/compose.ts`). */
export class AuditRepo {
  private readonly db: Db;
  private readonly insertStmt;

  constructor(db: Db) {
    this.db = db;
    this.insertStmt = db.prepare(
      `INSERT INTO audit_records (id, occurred_at, actor_id, operation_id, method, tag, resource_type, resource_id,
        status, request_id, summary, data)
       VALUES (@id, @occurredAt, @actorId, @operationId, @method, @tag, @resourceType, @resourceId,
        @status, @requestId, @summary, @data)`,
    );
  }

  /** Appends a record (a prepared INSERT; tens of microseconds) with a new id (or `id`). Returns it. */
  append(input: AuditInput, id: string = randomUUID()): AuditRecord {
    const record: AuditRecord = { id, ...input, summary: input.summary.slice(0, 500) };
    this.insertStmt.run({ ...record, data: JSON.stringify(record) });
    return record;
  }

  /**
   * A page of records matching every given filter, newest first unless `sort` is `occurredAt`.
   * Throws a 400 problem (pointer `/body/cursor`) for a cursor of another list or sort.
   */
  list(filter: AuditFilter, page: { sort: 'occurredAt' | '-occurredAt'; cursor?: string; limit: number }): JsonPage {
    const where: string[] = [];
    const params: unknown[] = [];
    const equal: Array<[string, string | undefined]> = [
      ['actor_id', filter.actorId],
      ['operation_id', filter.operationId],
      ['tag', filter.tag],
      ['resource_type', filter.resourceType],
      ['resource_id', filter.resourceId],
    ];
    for (const [column, value] of equal) {
      if (value === undefined) continue;
      where.push(`${column} = ?`);
      params.push(value);
    }
    if (filter.from !== undefined) {
      where.push('occurred_at >= ?');
      params.push(filter.from);
    }
    if (filter.to !== undefined) {
      where.push('occurred_at < ?');
      params.push(filter.to);
    }
    if (filter.statusClass !== undefined) {
      const low = filter.statusClass === '2xx' ? 200 : 400;
      where.push('status BETWEEN ? AND ?');
      params.push(low, low + 99);
    }
    return keysetPage(this.db, {
      list: 'auditRecords',
      table: 'audit_records',
      where,
      params,
      sort: { name: page.sort, columns: ['occurred_at', 'seq'], desc: page.sort === '-occurredAt' },
      cursor: page.cursor,
      cursorPointer: '/body/cursor',
      limit: page.limit,
    });
  }
}
