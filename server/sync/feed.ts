/**
 * The change feed (operation `getChanges`): one compacted row per record in `changes`, at the
 * sequence number of the record's latest change. Every write replaces the record's row with a new
 * seq (INSERT OR REPLACE on UNIQUE(type, id)), so a bootstrap reads each record once.
 *
 * Cursor: base64url JSON `{ s, h }`: `s` is the last seq the client has; `h` is the bootstrap
 * horizon (the highest seq when the bootstrap started; 0 for a delta feed). While `s < h`,
 * tombstones at or below `h` are skipped: the client never had those records.
 */
import type { components } from '../../api/generated/schema';
import type { Db } from '../db/schema';
import { decodeCursor, encodeCursor } from '../http/cursor';
import { ProblemError } from '../http/problem';

/** A record type of the feed. */
export type ChangeType = components['schemas']['ChangeType'];

/** Every record type of the feed, in the contract's order. */
export const changeTypes: readonly ChangeType[] = [
  'contact',
  'company',
  'calendarEvent',
  'folder',
  'document',
  'notification',
];

interface FeedCursor {
  s: number;
  h: number;
}

function isFeedCursor(value: unknown): value is FeedCursor {
  const v = value as FeedCursor;
  return (
    typeof v === 'object' &&
    v !== null &&
    Number.isSafeInteger(v.s) &&
    Number.isSafeInteger(v.h) &&
    v.s >= 0 &&
    v.h >= 0 &&
    Object.keys(v).length === 2
  );
}

/** A page request. `types` empty or absent means all types. */
export interface ReadChangesInput {
  userId: string;
  cursor?: string;
  /** Changes per page (1..2000). */
  limit: number;
  types?: ChangeType[];
}

type Row = [seq: number, type: string, id: string, op: string, version: number, data: string | null];

/** Writes and reads the change feed. */
export class ChangeFeed {
  private readonly db: Db;
  private readonly recordStmt;
  private readonly maxSeqStmt;
  private readonly readStmts = new Map<string, ReturnType<Db['prepare']>>();
  private horizon: number;

  constructor(db: Db) {
    this.db = db;
    this.recordStmt = db.prepare(
      'INSERT OR REPLACE INTO changes (type, id, op, version, data, owner_id, changed_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    this.maxSeqStmt = db.prepare('SELECT COALESCE(MAX(seq), 0) FROM changes').pluck();
    const stored = db.prepare("SELECT value FROM meta WHERE key = 'purge_horizon'").pluck().get() as string | undefined;
    this.horizon = stored ? Number(stored) : 0;
  }

  /**
   * Records a record's latest change. `data` is the record's JSON (null for a delete); `ownerId`
   * scopes the record to one user (null: visible to every signed-in user); `at` is ISO 8601 UTC.
   */
  record(
    type: ChangeType,
    id: string,
    op: 'upsert' | 'delete',
    version: number,
    data: string | null,
    ownerId: string | null,
    at: string,
  ): void {
    this.recordStmt.run(type, id, op, version, data, ownerId, at);
  }

  /**
   * Reads one page as the JSON text of a `ChangePage`, splicing the stored record JSON.
   * Throws 400 for a malformed cursor and 410 for a cursor older than the purge horizon.
   */
  read(input: ReadChangesInput): string {
    const cursor = input.cursor
      ? decodeCursor(input.cursor, '/query/cursor', isFeedCursor)
      : { s: 0, h: Math.max(this.maxSeqStmt.get() as number, this.horizon) };
    if (this.horizon > Math.max(cursor.s, cursor.h)) {
      throw new ProblemError(
        410,
        '/problems/gone',
        'This sync cursor is older than the retained deletions. Discard the local copy and start again without a cursor.',
      );
    }
    const rows = this.statement(input.types)
      .raw(true)
      .all({ s: cursor.s, h: cursor.h, u: input.userId, n: input.limit + 1 }) as Row[];
    const hasMore = rows.length > input.limit;
    const count = hasMore ? input.limit : rows.length;
    const parts = new Array<string>(count);
    for (let i = 0; i < count; i++) {
      const r = rows[i];
      parts[i] =
        `{"seq":${r[0]},"type":"${r[1]}","id":"${r[2]}","op":"${r[3]}","version":${r[4]},"data":${r[5] ?? 'null'}}`;
    }
    const s = count > 0 ? rows[count - 1][0] : cursor.s;
    const next = encodeCursor({ s, h: s >= cursor.h ? 0 : cursor.h });
    return `{"changes":[${parts.join(',')}],"nextCursor":"${next}","hasMore":${hasMore}}`;
  }

  /**
   * Deletes tombstones whose change is older than `iso` (ISO 8601) and raises the purge horizon, so
   * that cursors from before the newest purged tombstone get 410.
   */
  purgeTombstonesBefore(iso: string): void {
    this.db.transaction(() => {
      const max = this.db
        .prepare("SELECT MAX(seq) FROM changes WHERE op = 'delete' AND changed_at < ?")
        .pluck()
        .get(iso) as number | null;
      if (max === null) return;
      this.db.prepare("DELETE FROM changes WHERE op = 'delete' AND changed_at < ?").run(iso);
      this.horizon = Math.max(this.horizon, max);
      this.db
        .prepare(
          "INSERT INTO meta (key, value) VALUES ('purge_horizon', ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        )
        .run(String(this.horizon));
    })();
  }

  private statement(types: ChangeType[] | undefined) {
    const known = types?.filter((t) => changeTypes.includes(t)) ?? [];
    const key = [...new Set(known)].sort().join(',');
    let stmt = this.readStmts.get(key);
    if (!stmt) {
      const typeFilter = key
        ? ` AND type IN (${key
            .split(',')
            .map((t) => `'${t}'`)
            .join(',')})`
        : '';
      stmt = this.db.prepare(
        `SELECT seq, type, id, op, version, data FROM changes
         WHERE seq > @s AND (op = 'upsert' OR seq > @h) AND (owner_id IS NULL OR owner_id = @u)${typeFilter}
         ORDER BY seq LIMIT @n`,
      );
      this.readStmts.set(key, stmt);
    }
    return stmt;
  }
}
