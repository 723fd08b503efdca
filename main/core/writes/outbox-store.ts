/**
 * The durable outbox (local-only tables of the cache, kept across rebuilds): edits in the order they
 * were made, each with its Idempotency-Key (the entry id) and the If-Match it was made against;
 * the local-to-service id mapping of records created here; and records to fetch again after an
 * edit of them was discarded. See docs/ARCHITECTURE.md, "The write path".
 */
import type { Database } from 'better-sqlite3';
import type { ConflictField, FieldError, OutboxCounts, SyncedType } from '../../../preload/contract';
import type { OperationId } from '../../../api/generated/operations';

/** The record type an entry is about: a synced type, or a note (`comment`), which is not synced. */
export type OutboxRecordType = SyncedType | 'comment';

/** The request an entry sends: its operation, query and JSON body (ids may be local until sent). */
export interface OutboxRequest {
  operationId: OperationId;
  query?: Record<string, unknown>;
  body?: Record<string, unknown>;
}

/** One stored entry. `base` and `mine` are whole records (the service's before the edit, and with it). */
export interface StoredEntry {
  seq: number;
  id: string;
  kind: 'create' | 'update' | 'delete' | 'action' | 'upload';
  recordType: OutboxRecordType;
  recordId: string | null;
  request: OutboxRequest;
  base: Record<string, unknown> | null;
  mine: Record<string, unknown> | null;
  ifMatch: number | null;
  summary: string;
  state: 'waiting' | 'sending' | 'conflict' | 'refused';
  message: string | null;
  fieldErrors: FieldError[];
  conflict: { kind: 'fields'; fields: ConflictField[]; theirs: Record<string, unknown> } | { kind: 'deleted' } | null;
  /** A file this entry sends (a note's attachment), kept under the data folder until sent. */
  file: { path: string; name: string; size: number } | null;
  attempts: number;
  createdAt: string;
}

/** A new entry: what `add` needs. */
export type NewEntry = Pick<
  StoredEntry,
  'kind' | 'recordType' | 'recordId' | 'request' | 'base' | 'mine' | 'ifMatch' | 'summary'
> & {
  id?: string;
  file?: StoredEntry['file'];
};

interface Row {
  seq: number;
  id: string;
  kind: StoredEntry['kind'];
  record_type: OutboxRecordType;
  record_id: string | null;
  operation_id: string;
  body: string;
  base: string | null;
  mine: string | null;
  if_match: number | null;
  summary: string;
  state: StoredEntry['state'];
  message: string | null;
  field_errors: string | null;
  conflict: string | null;
  file: string | null;
  attempts: number;
  created_at: string;
}

const parse = <T>(text: string | null): T | null => (text === null ? null : (JSON.parse(text) as T));

function toEntry(row: Row): StoredEntry {
  const body = JSON.parse(row.body) as Omit<OutboxRequest, 'operationId'>;
  return {
    seq: row.seq,
    id: row.id,
    kind: row.kind,
    recordType: row.record_type,
    recordId: row.record_id,
    request: { operationId: row.operation_id as OperationId, ...body },
    base: parse(row.base),
    mine: parse(row.mine),
    ifMatch: row.if_match,
    summary: row.summary,
    state: row.state,
    message: row.message,
    fieldErrors: parse<FieldError[]>(row.field_errors) ?? [],
    conflict: parse(row.conflict),
    file: parse(row.file),
    attempts: row.attempts,
    createdAt: row.created_at,
  };
}

/** Reads and writes the outbox, the id mapping and the refetch list. */
export interface OutboxStore {
  /** Appends an entry; returns it. */
  add(entry: NewEntry): StoredEntry;
  get(id: string): StoredEntry | null;
  /** Every entry in order. */
  all(): StoredEntry[];
  /** Entries about `recordId`, in order. */
  forRecord(recordId: string): StoredEntry[];
  counts(): OutboxCounts;
  /** Replaces the stored fields of an entry (all but seq, id, createdAt). */
  update(entry: StoredEntry): void;
  remove(id: string): void;
  /** Every entry after `seq` that names `localId` (record id, request, records) now names `serviceId`. */
  rename(localId: string, serviceId: string, afterSeq: number): void;
  /** The next entry of `recordId` after `seq` made against version `from` now goes against `to`. */
  moveIfMatch(recordId: string, afterSeq: number, from: number | null, to: number): void;
  /** Records that a record created here (`localId`) is `serviceId` on the service. */
  mapId(localId: string, type: OutboxRecordType, serviceId: string | null): void;
  /** The service id of a local id (null while unsent), or undefined when `id` is not a local id. */
  serviceIdOf(id: string): string | null | undefined;
  /** The local id that became `serviceId`, if any. */
  localIdOf(serviceId: string): string | null;
  /** Remembers that `id` must be fetched again from the service (its discarded edit left the cache behind). */
  addRefetch(type: SyncedType, id: string): void;
  refetchList(): { type: SyncedType; id: string }[];
  removeRefetch(type: SyncedType, id: string): void;
}

/** Creates the OutboxStore over `db`. */
export function createOutboxStore(db: Database): OutboxStore {
  const insert = db.prepare(
    `INSERT INTO outbox (id, kind, record_type, record_id, operation_id, body, base, mine, if_match, summary, file, created_at)
     VALUES (@id, @kind, @recordType, @recordId, @operationId, @body, @base, @mine, @ifMatch, @summary, @file, @createdAt)`,
  );
  const byId = db.prepare('SELECT * FROM outbox WHERE id = ?');
  const everything = db.prepare('SELECT * FROM outbox ORDER BY seq');
  const ofRecord = db.prepare('SELECT * FROM outbox WHERE record_id = ? ORDER BY seq');
  const countStates = db.prepare('SELECT state, count(*) AS n FROM outbox GROUP BY state');
  const put = db.prepare(
    `UPDATE outbox SET kind = @kind, record_type = @recordType, record_id = @recordId, operation_id = @operationId,
       body = @body, base = @base, mine = @mine, if_match = @ifMatch, summary = @summary, state = @state,
       message = @message, field_errors = @fieldErrors, conflict = @conflict, file = @file, attempts = @attempts
     WHERE id = @id`,
  );
  const del = db.prepare('DELETE FROM outbox WHERE id = ?');
  const renameRows = db.prepare(
    `UPDATE outbox SET record_id = CASE WHEN record_id = @local THEN @service ELSE record_id END,
       body = replace(body, @local, @service), mine = replace(mine, @local, @service), base = replace(base, @local, @service)
     WHERE seq > @after AND (record_id = @local OR instr(body, @local) > 0 OR instr(mine, @local) > 0)`,
  );
  const nextOfRecord = db.prepare(
    'SELECT seq, if_match AS ifMatch FROM outbox WHERE record_id = ? AND seq > ? ORDER BY seq LIMIT 1',
  );
  const setIfMatch = db.prepare('UPDATE outbox SET if_match = ? WHERE seq = ?');
  const putMap = db.prepare(
    `INSERT INTO id_map (local_id, record_type, service_id, created_at) VALUES (?, ?, ?, ?)
     ON CONFLICT (local_id) DO UPDATE SET service_id = excluded.service_id`,
  );
  const mapped = db.prepare('SELECT service_id AS serviceId FROM id_map WHERE local_id = ?');
  const reverse = db.prepare('SELECT local_id FROM id_map WHERE service_id = ?').pluck();
  const putRefetch = db.prepare('INSERT OR IGNORE INTO refetch (record_type, id) VALUES (?, ?)');
  const listRefetch = db.prepare('SELECT record_type AS type, id FROM refetch');
  const delRefetch = db.prepare('DELETE FROM refetch WHERE record_type = ? AND id = ?');

  const params = (entry: Omit<StoredEntry, 'seq'>) => ({
    id: entry.id,
    kind: entry.kind,
    recordType: entry.recordType,
    recordId: entry.recordId,
    operationId: entry.request.operationId,
    body: JSON.stringify({ query: entry.request.query, body: entry.request.body }),
    base: entry.base ? JSON.stringify(entry.base) : null,
    mine: entry.mine ? JSON.stringify(entry.mine) : null,
    ifMatch: entry.ifMatch,
    summary: entry.summary,
    state: entry.state,
    message: entry.message,
    fieldErrors: entry.fieldErrors.length ? JSON.stringify(entry.fieldErrors) : null,
    conflict: entry.conflict ? JSON.stringify(entry.conflict) : null,
    file: entry.file ? JSON.stringify(entry.file) : null,
    attempts: entry.attempts,
    createdAt: entry.createdAt,
  });

  const store: OutboxStore = {
    add(entry) {
      const full: Omit<StoredEntry, 'seq'> = {
        id: entry.id ?? crypto.randomUUID(),
        kind: entry.kind,
        recordType: entry.recordType,
        recordId: entry.recordId,
        request: entry.request,
        base: entry.base,
        mine: entry.mine,
        ifMatch: entry.ifMatch,
        summary: entry.summary,
        state: 'waiting',
        message: null,
        fieldErrors: [],
        conflict: null,
        file: entry.file ?? null,
        attempts: 0,
        createdAt: new Date().toISOString(),
      };
      const { state: _s, message: _m, fieldErrors: _f, conflict: _c, attempts: _a, ...columns } = params(full);
      insert.run(columns);
      return store.get(full.id)!;
    },
    get: (id) => {
      const row = byId.get(id) as Row | undefined;
      return row ? toEntry(row) : null;
    },
    all: () => (everything.all() as Row[]).map(toEntry),
    forRecord: (recordId) => (ofRecord.all(recordId) as Row[]).map(toEntry),
    counts() {
      const counts: OutboxCounts = { waiting: 0, sending: 0, conflict: 0, refused: 0 };
      for (const { state, n } of countStates.all() as { state: keyof OutboxCounts; n: number }[]) counts[state] = n;
      return counts;
    },
    update: (entry) => void put.run(params(entry)),
    remove: (id) => void del.run(id),
    rename: (local, service, after) => void renameRows.run({ local, service, after }),
    moveIfMatch(recordId, afterSeq, from, to) {
      const next = nextOfRecord.get(recordId, afterSeq) as { seq: number; ifMatch: number | null } | undefined;
      if (next && (next.ifMatch === from || next.ifMatch === null)) setIfMatch.run(to, next.seq);
    },
    mapId: (localId, type, serviceId) => void putMap.run(localId, type, serviceId, new Date().toISOString()),
    serviceIdOf(id) {
      const row = mapped.get(id) as { serviceId: string | null } | undefined;
      return row === undefined ? undefined : row.serviceId;
    },
    localIdOf: (serviceId) => (reverse.get(serviceId) as string | undefined) ?? null,
    addRefetch: (type, id) => void putRefetch.run(type, id),
    refetchList: () => listRefetch.all() as { type: SyncedType; id: string }[],
    removeRefetch: (type, id) => void delRefetch.run(type, id),
  };
  return store;
}
