/**
 * The change feed (operation `getChanges`): one compacted row per record in `changes`, at the
 * sequence number of the record's latest change. Every write replaces the record's row with a new
 * seq (INSERT OR REPLACE on UNIQUE(type, id)), so a bootstrap reads each record once.
 *
 * The feed has an id (a UUID made with the database, `meta.feed_id`), carried by every cursor with
 * the last seq, the bootstrap horizon and the last change delivered (`./feed-cursor.ts`). While
 * `seq < horizon`, tombstones at or below the horizon are skipped: the client never had those
 * records. A cursor of another feed, or one this feed can no longer have issued (its database was
 * restored from an earlier copy: `./feed-continuity.ts`), answers 410
 * `/problems/cursor-from-another-feed`; one older than the purge horizon answers 410 `/problems/gone`.
 */
import { randomUUID } from 'node:crypto';
import type { components } from '../../api/generated/schema';
import type { Db } from '../db/schema';
import { ProblemError } from '../http/problem';
import { checkFeedCursor, type CursorVerdict } from './feed-continuity';
import { decodeFeedCursor, encodeFeedCursor, type FeedCursor } from './feed-cursor';
import { FeedWaits } from './feed-waits';

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

const replacedDetail =
  "The BRM service's data was replaced (a new data folder) since this sync cursor was issued, so the local copy belongs to other data. Discard the local copy and sync again from the start (without a cursor).";
const rewoundDetail =
  "The BRM service's data went back to an earlier state (restored from a backup) since this sync cursor was issued, so the local copy holds changes the service no longer has. Discard the local copy and sync again from the start (without a cursor).";
const purgedDetail =
  'This sync cursor is older than the retained deletions. Discard the local copy and start again without a cursor.';

/** The 410 answer to a cursor the feed cannot resume, by verdict. */
function goneProblem(verdict: Exclude<CursorVerdict, 'ok'>): ProblemError {
  if (verdict === 'purged') return new ProblemError(410, '/problems/gone', purgedDetail);
  return new ProblemError(
    410,
    '/problems/cursor-from-another-feed',
    verdict === 'rewound' ? rewoundDetail : replacedDetail,
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
  private readonly highestSeqStmt;
  private readonly rowStmt;
  private readonly readStmts = new Map<string, ReturnType<Db['prepare']>>();
  private horizon: number;
  /** The feed's id (UUID), made with the database and kept in `meta.feed_id`. */
  readonly feedId: string;
  /** Requests waiting for the feed's next change (long polls). */
  readonly waits = new FeedWaits();

  constructor(db: Db) {
    this.db = db;
    this.recordStmt = db.prepare(
      'INSERT OR REPLACE INTO changes (type, id, op, version, data, owner_id, changed_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
    );
    this.maxSeqStmt = db.prepare('SELECT COALESCE(MAX(seq), 0) FROM changes').pluck();
    // AUTOINCREMENT's counter: the highest seq ever issued, also after purges removed the top rows.
    this.highestSeqStmt = db.prepare("SELECT seq FROM sqlite_sequence WHERE name = 'changes'").pluck();
    this.rowStmt = db.prepare('SELECT seq, version FROM changes WHERE type = ? AND id = ?');
    db.prepare("INSERT INTO meta (key, value) VALUES ('feed_id', ?) ON CONFLICT (key) DO NOTHING").run(randomUUID());
    this.feedId = db.prepare("SELECT value FROM meta WHERE key = 'feed_id'").pluck().get() as string;
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
    this.waits.changed();
  }

  /**
   * Reads one page as the JSON text of a `ChangePage`, splicing the stored record JSON.
   * Throws 400 for a malformed cursor; 410 `/problems/cursor-from-another-feed` for a cursor of
   * another feed (or one issued before feeds had ids) or one this feed can no longer have issued;
   * 410 `/problems/gone` for a cursor older than the purge horizon.
   */
  read(input: ReadChangesInput): string {
    return this.readPage(input).json;
  }

  /** Reads one page (see `read`): its JSON text and how many changes it holds. */
  readPage(input: ReadChangesInput): { json: string; count: number } {
    const cursor = input.cursor ? this.resumable(input.cursor) : this.bootstrapCursor();
    const rows = this.statement(input.types)
      .raw(true)
      .all({ s: cursor.seq, h: cursor.horizon, u: input.userId, n: input.limit + 1 }) as Row[];
    const hasMore = rows.length > input.limit;
    const count = hasMore ? input.limit : rows.length;
    const parts = new Array<string>(count);
    for (let i = 0; i < count; i++) {
      const r = rows[i];
      parts[i] =
        `{"seq":${r[0]},"type":"${r[1]}","id":"${r[2]}","op":"${r[3]}","version":${r[4]},"data":${r[5] ?? 'null'}}`;
    }
    const lastRow = count > 0 ? rows[count - 1] : null;
    const seq = lastRow ? lastRow[0] : cursor.seq;
    const next = encodeFeedCursor({
      feedId: this.feedId,
      seq,
      horizon: seq >= cursor.horizon ? 0 : cursor.horizon,
      last: lastRow ? { type: lastRow[1], id: lastRow[2], version: lastRow[4], seq } : cursor.last,
    });
    return { json: `{"changes":[${parts.join(',')}],"nextCursor":"${next}","hasMore":${hasMore}}`, count };
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

  /** The cursor of a bootstrap: nothing delivered yet, the horizon at the feed's current top. */
  private bootstrapCursor(): FeedCursor {
    return {
      feedId: this.feedId,
      seq: 0,
      horizon: Math.max(this.maxSeqStmt.get() as number, this.horizon),
      last: null,
    };
  }

  /** Decodes a client's cursor and checks the feed can resume it; throws 400 or 410 (see `read`). */
  private resumable(text: string): FeedCursor {
    const read = decodeFeedCursor(text);
    if (read.kind === 'legacy') throw goneProblem('another-feed');
    const verdict = checkFeedCursor(read.cursor, {
      feedId: this.feedId,
      highestSeq: (this.highestSeqStmt.get() as number | undefined) ?? 0,
      purgeHorizon: this.horizon,
      rowOf: (type, id) => this.rowStmt.get(type, id) as { seq: number; version: number } | undefined,
    });
    if (verdict !== 'ok') throw goneProblem(verdict);
    return read.cursor;
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
