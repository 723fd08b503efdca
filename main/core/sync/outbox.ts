/**
 * The push step of sync: replays the outbox (edits made offline) in order, each with its
 * idempotency key, before any pull. A conflict (409/412) or a refusal (other 4xx) marks the entry
 * so that it can be shown to the user; it is never dropped silently. An entry the service accepted
 * is removed, and the record it answered is applied to the cache.
 */
import type { Database } from 'better-sqlite3';
import type { SyncedType } from '../../../preload/contract';
import type { OperationId } from '../../../api/generated/operations';
import type { ApiClient, RequestOptions } from '../api/client';
import type { ChangeApplier } from '../cache/apply-changes';
import type { RecordOf } from '../cache/record-tables';
import { ServiceError } from '../errors';

interface OutboxRow {
  id: number;
  operationId: OperationId;
  idempotencyKey: string;
  recordType: SyncedType | null;
  payload: string;
}

/** Replays pending entries. Returns the types whose cache changed. Throws on offline/server errors (retry later). */
export async function replayOutbox(
  db: Database,
  client: ApiClient,
  applier: ChangeApplier,
  signal: AbortSignal,
): Promise<Set<SyncedType>> {
  const pending = db.prepare(
    `SELECT id, operation_id AS operationId, idempotency_key AS idempotencyKey, record_type AS recordType, payload
     FROM outbox WHERE state = 'pending' ORDER BY id`,
  );
  const done = db.prepare('DELETE FROM outbox WHERE id = ?');
  const refused = db.prepare('UPDATE outbox SET state = ?, attempts = attempts + 1, last_error = ? WHERE id = ?');
  const changed = new Set<SyncedType>();
  for (const row of pending.all() as OutboxRow[]) {
    const options = {
      body: JSON.parse(row.payload),
      headers: { 'Idempotency-Key': row.idempotencyKey },
      signal,
    } as RequestOptions<OperationId>;
    let answer: unknown;
    try {
      answer = await client.call(row.operationId, options);
    } catch (err) {
      if (!(err instanceof ServiceError) || err.status === 0 || err.status === 429 || err.status >= 500) throw err;
      refused.run(err.code === 'conflict' ? 'conflict' : 'failed', err.message, row.id);
      continue;
    }
    db.transaction(() => {
      const record = answer as { id?: string; version?: number } | null;
      if (row.recordType && record?.id && typeof record.version === 'number') {
        const result = applier.apply([
          {
            type: row.recordType,
            id: record.id,
            op: 'upsert',
            version: record.version,
            data: record as RecordOf[SyncedType],
          },
        ]);
        for (const type of result.changedTypes) changed.add(type);
      }
      done.run(row.id);
    })();
  }
  return changed;
}
