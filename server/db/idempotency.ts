/**
 * Idempotency keys (draft-ietf-httpapi-idempotency-key-header): the first request with a key (per
 * user) stores its response; a replay within 24 hours gets the stored response; a replay while the
 * first is still running gets 409; the same key with another request body gets 409 too. The columns
 * `request_hash` and `location` are added by the audit-platform area's DDL (`idempotencyDdl`).
 */
import type { Db } from './schema';

/** How long a stored response is replayed, ms (24 h). */
export const idempotencyWindowMs = 24 * 3600 * 1000;

/** A stored response. `location` is its `Location` header (absent or null when it had none). */
export interface StoredResponse {
  status: number;
  etag: string | null;
  body: string;
  location?: string | null;
}

/** The outcome of claiming a key. */
export type IdempotencyClaim =
  | { state: 'claimed' }
  | { state: 'replay'; response: StoredResponse }
  | { state: 'in-progress' }
  | { state: 'other-operation'; operationId: string }
  | { state: 'other-request' };

/** Idempotency keys repository. */
export class IdempotencyRepo {
  private readonly db: Db;
  private readonly stmts;

  constructor(db: Db) {
    this.db = db;
    this.stmts = {
      purge: db.prepare('DELETE FROM idempotency WHERE created_at < ?'),
      get: db.prepare(
        'SELECT operation_id, status, etag, body, request_hash, location FROM idempotency WHERE user_id = ? AND key = ?',
      ),
      claim: db.prepare(
        'INSERT INTO idempotency (user_id, key, operation_id, created_at, request_hash) VALUES (?, ?, ?, ?, ?)',
      ),
      complete: db.prepare(
        'UPDATE idempotency SET status = ?, etag = ?, body = ?, location = ? WHERE user_id = ? AND key = ?',
      ),
      release: db.prepare('DELETE FROM idempotency WHERE user_id = ? AND key = ? AND status IS NULL'),
      releaseUnfinished: db.prepare('DELETE FROM idempotency WHERE status IS NULL'),
    };
  }

  /**
   * Claims `key` for an operation of a user, or reports why it cannot be claimed. `requestHash`
   * (a digest of the request's parameters and body) makes a replay with other content `other-request`.
   */
  claim(userId: string, key: string, operationId: string, requestHash: string | null = null): IdempotencyClaim {
    return this.db.transaction((): IdempotencyClaim => {
      this.stmts.purge.run(new Date(Date.now() - idempotencyWindowMs).toISOString());
      const row = this.stmts.get.get(userId, key) as
        | {
            operation_id: string;
            status: number | null;
            etag: string | null;
            body: string | null;
            request_hash: string | null;
            location: string | null;
          }
        | undefined;
      if (!row) {
        this.stmts.claim.run(userId, key, operationId, new Date().toISOString(), requestHash);
        return { state: 'claimed' };
      }
      if (row.operation_id !== operationId) return { state: 'other-operation', operationId: row.operation_id };
      if (row.request_hash !== requestHash) return { state: 'other-request' };
      if (row.status === null || row.body === null) return { state: 'in-progress' };
      return {
        state: 'replay',
        response: { status: row.status, etag: row.etag, body: row.body, location: row.location },
      };
    })();
  }

  /** Stores the response of a claimed key. */
  complete(userId: string, key: string, response: StoredResponse): void {
    this.stmts.complete.run(response.status, response.etag, response.body, response.location ?? null, userId, key);
  }

  /** Releases a claimed key whose request failed, so that it can be retried. */
  release(userId: string, key: string): void {
    this.stmts.release.run(userId, key);
  }

  /**
   * Releases every claim whose answer was never stored, returning how many. Only for when the
   * service starts: no request of an earlier run can still be running then, and a claim left by a
   * run that was killed (an upload cut by a crash) would otherwise answer every retry of its key 409
   * "still running" for the whole replay window, so the client could never finish it.
   */
  releaseUnfinished(): number {
    return this.stmts.releaseUnfinished.run().changes;
  }
}
