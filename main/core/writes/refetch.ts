/**
 * Reads records again after an edit of them was discarded: the cache had shown the edit over the
 * service's data, and the change feed will not send the record again until it changes, so the
 * record is fetched once (its area's `fetch` request) and written over the row.
 */
import type { Database } from 'better-sqlite3';
import type { SyncedType } from '../../../preload/contract';
import type { OperationId } from '../../../api/generated/operations';
import type { ApiClient, RequestOptions } from '../api/client';
import type { ChangeApplier } from '../cache/apply-changes';
import { ServiceError } from '../errors';
import type { OutboxStore } from './outbox-store';
import type { RecordWrites } from './record-writes';

/** What the refetch needs. */
export interface RefetchDeps {
  db: Database;
  outbox: OutboxStore;
  applier: ChangeApplier;
  writesOf(type: string): RecordWrites<Record<string, unknown>> | null;
}

/** Fetches every record on the refetch list; a record the service no longer has is removed. Returns the types changed. */
export async function refetchRecords(
  deps: RefetchDeps,
  client: ApiClient,
  signal: AbortSignal,
): Promise<Set<SyncedType>> {
  const changed = new Set<SyncedType>();
  for (const { type, id } of deps.outbox.refetchList()) {
    const request = deps.writesOf(type)?.fetch?.(id);
    let record: unknown = null;
    if (request) {
      try {
        record = await client.call(request.operationId, {
          query: request.query,
          signal,
        } as RequestOptions<OperationId>);
      } catch (err) {
        if (!(err instanceof ServiceError) || err.status !== 404) throw err;
      }
    }
    deps.db.transaction(() => {
      deps.outbox.removeRefetch(type, id);
      if (deps.outbox.forRecord(id).length > 0) return;
      const result = record
        ? deps.applier.writeLocal(type, record, null)
        : request
          ? deps.applier.deleteLocal(type, id)
          : new Set<SyncedType>();
      for (const t of result) changed.add(t);
    })();
  }
  return changed;
}
