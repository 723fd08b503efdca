/**
 * The push step of sync: replays the outbox in order, exactly once (each entry's id is its
 * Idempotency-Key, so an entry resent after a crash gets the stored answer), before any pull.
 * - Entries about a record wait while an earlier entry about it is in conflict or refused, and
 *   while a record they name was created here and has not reached the service yet.
 * - A create's answer maps the local id to the service id everywhere (cache rows, later entries).
 * - 412: a three-way merge with the service's current record (`current`); fields changed on one
 *   side merge by themselves and the entry is sent again; fields changed on both wait for the user.
 * - 404 on an edit: the record was deleted on the service; the user re-creates or discards.
 * - Other refusals (400, 403, 409, 422): the entry stays, with the service's words and field pointers.
 * - No answer, 429, 5xx: the entry waits and the push stops (sync retries with backoff).
 */
import { createReadStream } from 'node:fs';
import type { SyncedType } from '../../../preload/contract';
import { syncedTypes } from '../../../preload/contract';
import type { ApiClient, RequestOptions } from '../api/client';
import type { OperationId } from '../../../api/generated/operations';
import { writesOf } from '../areas/writes';
import type { ChangeApplier } from '../cache/apply-changes';
import { ServiceError } from '../errors';
import { createMultipartBody } from '../transfers/multipart';
import { threeWayMerge } from './merge';
import type { OutboxStore, StoredEntry } from './outbox-store';
import { reapplyEdits } from './overlay';

/** What the push needs. */
export interface PushDeps {
  db: import('better-sqlite3').Database;
  outbox: OutboxStore;
  applier: ChangeApplier;
  /** Called after each entry is settled (sent, refused, in conflict), with the types whose cache changed. */
  settled(changed: Set<SyncedType>): void;
  /** Called after a note (comment) entry was sent, with its record's type and id. */
  noteSent?(entry: StoredEntry): void;
  /**
   * Called inside the transaction that removes a sent entry, with the service's answer (validated
   * against the contract; undefined for an answer without a body), for answers nothing else keeps.
   */
  sent?(entry: StoredEntry, answer: unknown): void;
}

type AnyRecord = Record<string, unknown> & { id: string; version: number };
const uuidPattern = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi;
/** Automatic merges of one entry in one push, at most (a record changing faster than that waits for the next sync). */
const maxMergesPerEntry = 3;

const isSynced = (type: string): type is SyncedType => (syncedTypes as readonly string[]).includes(type);

/** The record an answer carries: itself, or its `event` (Add Recipients). */
function recordIn(answer: unknown): AnyRecord | null {
  const value = answer as { id?: unknown; version?: unknown; event?: unknown } | null;
  if (value && typeof value.id === 'string' && typeof value.version === 'number') return value as AnyRecord;
  if (value?.event) return recordIn(value.event);
  return null;
}

/**
 * The entry's request with local ids replaced by service ids; null when it names a record created
 * here that has not reached the service yet (the entry waits).
 */
function resolveIds(outbox: OutboxStore, entry: StoredEntry): StoredEntry['request'] | null {
  let text = JSON.stringify(entry.request);
  for (const id of new Set(text.match(uuidPattern) ?? [])) {
    if (entry.kind === 'create' && id === entry.recordId) continue;
    const mapped = outbox.serviceIdOf(id);
    if (mapped === null) return null;
    if (mapped) text = text.replaceAll(id, mapped);
  }
  return JSON.parse(text) as StoredEntry['request'];
}

/** Replays the outbox. Returns the types whose cache changed. Throws on offline/server errors (retry later). */
export async function pushOutbox(deps: PushDeps, client: ApiClient, signal: AbortSignal): Promise<Set<SyncedType>> {
  const { outbox, db } = deps;
  const changed = new Set<SyncedType>();
  const blocked = new Set<string>();
  const merges = new Map<string, number>();
  const queue = outbox.all();
  for (let i = 0; i < queue.length; i++) {
    signal.throwIfAborted();
    const entry = outbox.get(queue[i].id);
    if (!entry) continue;
    if (entry.state === 'conflict' || entry.state === 'refused') {
      if (entry.recordId) blocked.add(entry.recordId);
      continue;
    }
    if (entry.recordId && blocked.has(entry.recordId)) continue;
    const request = resolveIds(outbox, entry);
    if (!request) {
      if (entry.recordId) blocked.add(entry.recordId);
      continue;
    }
    entry.state = 'sending';
    entry.attempts += 1;
    outbox.update(entry);
    deps.settled(new Set());
    let answer: unknown;
    try {
      answer = await send(client, entry, request, signal);
    } catch (err) {
      const status = err instanceof ServiceError ? err.status : 0;
      if (!(err instanceof ServiceError) || status === 0 || status === 401 || status === 429 || status >= 500) {
        entry.state = 'waiting';
        outbox.update(entry);
        deps.settled(new Set());
        throw err;
      }
      const again = db.transaction(() => settleRefusal(deps, entry, err, merges, changed))();
      deps.settled(changed);
      if (again) i--;
      else if (entry.recordId) blocked.add(entry.recordId);
      continue;
    }
    db.transaction(() => {
      settleSuccess(deps, entry, answer, changed);
      deps.sent?.(entry, answer);
    })();
    deps.settled(changed);
    if (entry.recordType === 'comment') deps.noteSent?.(entry);
  }
  return changed;
}

async function send(
  client: ApiClient,
  entry: StoredEntry,
  request: StoredEntry['request'],
  signal: AbortSignal,
): Promise<unknown> {
  const headers: Record<string, string> = { 'Idempotency-Key': entry.id };
  if (entry.ifMatch !== null && entry.kind !== 'create') headers['If-Match'] = `"${entry.ifMatch}"`;
  if (entry.kind === 'upload' && entry.file) {
    const file = entry.file;
    const fields = Object.entries(request.body ?? {}).map(([name, value]) => ({ name, value: String(value) }));
    return client.call(request.operationId, {
      headers,
      signal,
      timeoutMs: null,
      stream: () => {
        const body = createMultipartBody(fields, {
          field: 'file',
          filename: file.name,
          contentType: 'application/octet-stream',
          size: file.size,
          open: () => createReadStream(file.path) as AsyncIterable<Uint8Array>,
        });
        return { body: ReadableStream.from(body.chunks()), length: body.length, contentType: body.contentType };
      },
    } as RequestOptions<OperationId>);
  }
  const options = { query: request.query, body: request.body, headers, signal } as RequestOptions<OperationId>;
  // Answers without a JSON body (204) come back as undefined.
  return client.call(request.operationId, options);
}

function settleSuccess(deps: PushDeps, entry: StoredEntry, answer: unknown, changed: Set<SyncedType>): void {
  const { outbox, applier } = deps;
  outbox.remove(entry.id);
  const record = recordIn(answer);
  const type = entry.recordType;
  if (entry.kind === 'create' && entry.recordId) {
    const serviceId = record?.id ?? null;
    if (serviceId) {
      outbox.mapId(entry.recordId, type, serviceId);
      outbox.rename(entry.recordId, serviceId, entry.seq);
      if (isSynced(type)) {
        for (const t of applier.deleteLocal(type, entry.recordId)) changed.add(t);
        for (const t of applier.remapReferences(type, entry.recordId, serviceId)) changed.add(t);
      }
      outbox.moveIfMatch(serviceId, entry.seq, null, record!.version);
    }
  } else if (record && entry.recordId) {
    outbox.moveIfMatch(entry.recordId, entry.seq, entry.ifMatch, record.version);
  }
  if (isSynced(type) && record && (record.id === entry.recordId || entry.kind === 'create')) {
    const result = applier.apply([
      { type, id: record.id, op: 'upsert', version: record.version, data: record as never },
    ]);
    for (const t of result.changedTypes) changed.add(t);
    const rest = outbox.forRecord(record.id);
    applier.setLocalState(type, record.id, null);
    if (rest.length > 0) for (const t of reapplyEdits(outbox, applier, new Set([record.id]))) changed.add(t);
  } else if (isSynced(type) && entry.recordId && entry.kind !== 'delete') {
    for (const t of reapplyEdits(outbox, applier, new Set([entry.recordId]))) changed.add(t);
    if (outbox.forRecord(entry.recordId).length === 0) applier.setLocalState(type, entry.recordId, null);
  }
}

/** Settles a refusal. Returns true when the entry was merged and should be sent again now. */
function settleRefusal(
  deps: PushDeps,
  entry: StoredEntry,
  err: ServiceError,
  merges: Map<string, number>,
  changed: Set<SyncedType>,
): boolean {
  const { outbox, applier } = deps;
  const type = entry.recordType;
  const theirs = recordIn(err.problem?.current);
  if (err.status === 412 && theirs && entry.base && entry.mine && isSynced(type)) {
    const { merged, conflicts } = threeWayMerge(entry.base, entry.mine, theirs);
    const count = (merges.get(entry.id) ?? 0) + 1;
    merges.set(entry.id, count);
    if (conflicts.length === 0 && count <= maxMergesPerEntry) {
      const writes = writesOf(type)!;
      entry.mine = { ...merged, version: theirs.version };
      entry.base = theirs;
      entry.ifMatch = theirs.version;
      if (entry.kind === 'update') entry.request = writes.update(entry.mine);
      entry.state = 'waiting';
      outbox.update(entry);
      for (const t of reapplyEdits(outbox, applier, new Set([entry.recordId!]))) changed.add(t);
      return true;
    }
    entry.state = 'conflict';
    entry.conflict = { kind: 'fields', fields: conflicts, theirs };
    entry.message = 'The service has a newer version of this record: choose what to keep.';
  } else if (err.status === 404 && entry.kind === 'delete') {
    // Already gone on the service: nothing left to do.
    outbox.remove(entry.id);
    return false;
  } else if (err.status === 404 && entry.kind === 'update' && entry.mine) {
    entry.state = 'conflict';
    entry.conflict = { kind: 'deleted' };
    entry.message = 'This record was deleted on the service while you edited it. Re-create it or discard your edit.';
  } else {
    entry.state = 'refused';
    entry.message = err.message;
    entry.fieldErrors = err.problem?.errors ?? [];
  }
  outbox.update(entry);
  if (entry.recordId && isSynced(type)) {
    if (entry.kind === 'delete' && entry.base)
      for (const t of applier.writeLocal(type, entry.base, 'refused')) changed.add(t);
    for (const t of reapplyEdits(outbox, applier, new Set([entry.recordId]))) changed.add(t);
  }
  return false;
}
