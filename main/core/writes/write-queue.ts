/**
 * The write path (one mechanism for every edit; docs/ARCHITECTURE.md, "The write path"): an edit
 * is applied to the cache at once (its row marked pending) and queued in the durable outbox with
 * its Idempotency-Key and the If-Match of the version it was made against; `push.ts` replays the
 * outbox in order. Records created here get local ids, mapped to service ids when they land. The
 * pending-changes panel reads, retries, discards and resolves entries here. Nothing is dropped
 * without the user's word.
 */
import type { Database } from 'better-sqlite3';
import { BridgeError, type OutboxCounts, type OutboxEntry, type SyncedType } from '../../../preload/contract';
import { writesOf } from '../areas/writes';
import type { ChangeApplier } from '../cache/apply-changes';
import { changedFields, resolve, threeWayMerge } from './merge';
import type { NewEntry, OutboxRequest, OutboxStore, StoredEntry } from './outbox-store';
import { reapplyEdits } from './overlay';
import type { RecordWrites } from './record-writes';

/** What the queue needs from the core. */
export interface WriteQueueDeps {
  db: Database;
  outbox: OutboxStore;
  applier: ChangeApplier;
  /** Tells views that cached data of these types changed. */
  changed(types: Iterable<SyncedType>): void;
  /** Tells the shell that the outbox changed. */
  outboxChanged(counts: OutboxCounts): void;
  /** Asks sync to push soon. */
  kick(): void;
  /**
   * An edit's commit failed after local.db took its part and before cache.db took its own (a full
   * disk, say): the edit is kept (local.db is the truth) and its row is written over the cache again
   * once the folder takes writes (recover.ts). Reports `err`, the commit's failure, and returns its
   * words ("BRM Desktop cannot write to …").
   */
  cacheBehind(err: unknown): string;
}

/** What the user is told, after the failure's words, about an edit local.db took while cache.db did not. */
export const keptEditWords =
  'This change was saved all the same; it shows once BRM Desktop can write to its folder again.';

/**
 * A setting of local.db that each edit's transaction sets to a new value. SQLite commits attached
 * files one after the other (https://sqlite.org/lang_attach.html), local.db first: when the commit
 * fails and the value is there, local.db committed the edit and only cache.db's part was lost
 * (docs/ARCHITECTURE.md, "Two files, one truth").
 */
const commitMarkKey = 'lastEditCommit';

type AnyRecord = Record<string, unknown> & { id: string; version: number };

/** The queue's operations. */
export interface WriteQueue {
  /** The id a record has now: the service id of a local id that has landed, else `id`. */
  currentId(id: string): string;
  /** The record as the cache holds it (with this machine's edits), or null. */
  read(type: SyncedType, id: string): AnyRecord | null;
  /** Creates a record here (with a new local id) and queues it. Returns it. */
  create(type: SyncedType, fields: Record<string, unknown>, defaults: Record<string, unknown>): AnyRecord;
  /** Edits fields of a record and queues the save. Returns the record as edited. */
  update(type: SyncedType, id: string, changes: Record<string, unknown>): AnyRecord;
  /** Deletes a record (at once for one created here and not yet sent). */
  remove(type: SyncedType, id: string): void;
  /** Queues an action (archive, mark read…) whose local effect is `mine`. */
  action(type: SyncedType, id: string, mine: AnyRecord | null, request: OutboxRequest, summary: string): void;
  /** Queues an entry about a record that is not synced (a note). */
  queue(entry: NewEntry): StoredEntry;
  list(): OutboxEntry[];
  counts(): OutboxCounts;
  retry(id: string): OutboxEntry | null;
  discard(id: string): boolean;
  resolveFields(id: string, choices: Record<string, 'mine' | 'theirs'>): OutboxEntry | null;
  resolveDeleted(id: string, recreate: boolean): OutboxEntry | null;
  /** Writes every waiting edit over the cache again (after sync pages or a rebuild). */
  reapply(only?: ReadonlySet<string>): Set<SyncedType>;
  /** Entries left `sending` by a crash wait again (their Idempotency-Key makes a resend safe). */
  recover(): void;
  /** Emits the counts (after the push changed entries). */
  announce(): void;
}

function writesFor(type: SyncedType): RecordWrites<Record<string, unknown>> {
  const writes = writesOf(type);
  if (!writes) throw new BridgeError('invalid_input', `Records of type ${type} are not edited in BRM Desktop.`);
  return writes;
}

/** The bridge shape of a stored entry. */
export function toOutboxEntry(entry: StoredEntry): OutboxEntry {
  return {
    id: entry.id,
    summary: entry.summary,
    kind: entry.kind,
    recordType: entry.recordType,
    recordId: entry.recordId,
    state: entry.state,
    message: entry.message,
    fieldErrors: entry.fieldErrors,
    conflict: entry.conflict?.kind === 'fields' ? { kind: 'fields', fields: entry.conflict.fields } : entry.conflict,
    attempts: entry.attempts,
    createdAt: entry.createdAt,
  };
}

/** Creates the write queue. */
export function createWriteQueue(deps: WriteQueueDeps): WriteQueue {
  const { db, outbox, applier } = deps;
  const announce = () => deps.outboxChanged(outbox.counts());

  function currentId(id: string): string {
    return outbox.serviceIdOf(id) ?? id;
  }

  function read(type: SyncedType, id: string): AnyRecord | null {
    return applier.read(type, currentId(id)) as AnyRecord | null;
  }

  const putMark = db.prepare(
    'INSERT INTO main.settings (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
  );
  const getMark = db.prepare('SELECT value FROM main.settings WHERE key = ?').pluck();
  /** True when local.db holds `mark` (a read that fails counts as not). */
  function committed(mark: string): boolean {
    try {
      return getMark.get(commitMarkKey) === mark;
    } catch {
      return false;
    }
  }

  /**
   * Runs `work` in one transaction, then tells views and the shell, and kicks the push. A commit that
   * failed after local.db took the edit fails with the failure's words and `keptEditWords` (code
   * `storage`): the edit will be sent, and the user must not be told it was not saved.
   */
  function commit<T>(work: () => { result: T; changed: Iterable<SyncedType> }): T {
    const mark = crypto.randomUUID();
    let worked: { result: T; changed: Iterable<SyncedType> } | undefined;
    let done: { result: T; changed: Iterable<SyncedType> };
    try {
      done = db.transaction(() => {
        putMark.run(commitMarkKey, mark);
        worked = work();
        return worked;
      })();
    } catch (err) {
      if (!worked || !committed(mark)) throw err;
      announce();
      deps.kick();
      throw new BridgeError('storage', `${deps.cacheBehind(err)} ${keptEditWords}`);
    }
    const { result, changed } = done;
    deps.changed(changed);
    announce();
    deps.kick();
    return result;
  }

  function refresh(recordId: string): Set<SyncedType> {
    return reapplyEdits(outbox, applier, new Set([recordId]));
  }

  /** Restores a record whose edits were all discarded: the service's version it started from, fetched again later. */
  function restore(entry: StoredEntry): Set<SyncedType> {
    const type = entry.recordType as SyncedType;
    const id = entry.recordId!;
    if (outbox.forRecord(id).length > 0) return refresh(id);
    if (entry.kind === 'create') return applier.deleteLocal(type, id);
    const changed = entry.base ? applier.writeLocal(type, entry.base, null) : new Set<SyncedType>();
    if (writesOf(type)?.fetch) outbox.addRefetch(type, id);
    return changed;
  }

  return {
    currentId,
    read,
    create(type, fields, defaults) {
      const writes = writesFor(type);
      const now = new Date().toISOString();
      const record = {
        ...defaults,
        ...fields,
        id: crypto.randomUUID(),
        version: 0,
        createdAt: now,
        updatedAt: now,
      } as AnyRecord;
      return commit(() => {
        outbox.mapId(record.id, type, null);
        outbox.add({
          kind: 'create',
          recordType: type,
          recordId: record.id,
          request: writes.create(record),
          base: null,
          mine: record,
          ifMatch: null,
          summary: `New ${writes.noun} ${writes.label(record)}`,
        });
        return { result: record, changed: applier.writeLocal(type, record, 'pending') };
      });
    },
    update(type, id, changes) {
      const writes = writesFor(type);
      const recordId = currentId(id);
      return commit(() => {
        const current = applier.read(type, recordId) as AnyRecord | null;
        if (!current)
          throw new BridgeError('not_found', `That ${writes.noun} is not here any more; it may have been deleted.`);
        const mine = { ...current, ...changes, updatedAt: new Date().toISOString() } as AnyRecord;
        const entries = outbox.forRecord(recordId);
        const last = entries[entries.length - 1];
        if (last && last.state === 'waiting' && (last.kind === 'create' || last.kind === 'update')) {
          // Not sent yet: the edit joins it (one request, the first edit's base).
          last.mine = mine;
          last.request = last.kind === 'create' ? writes.create(mine) : writes.update(mine);
          last.summary = `${last.kind === 'create' ? 'New' : 'Edit'} ${writes.noun} ${writes.label(mine)}`;
          outbox.update(last);
        } else {
          const base = (last?.mine as AnyRecord | undefined) ?? current;
          if (changedFields(base, mine).length === 0 && !last) return { result: current, changed: [] };
          outbox.add({
            kind: 'update',
            recordType: type,
            recordId,
            request: writes.update(mine),
            base,
            mine,
            ifMatch: base.version > 0 ? base.version : null,
            summary: `Edit ${writes.noun} ${writes.label(mine)}`,
          });
        }
        return { result: mine, changed: refresh(recordId) };
      });
    },
    remove(type, id) {
      const writes = writesFor(type);
      const recordId = currentId(id);
      commit(() => {
        const entries = outbox.forRecord(recordId);
        const created = entries[0]?.kind === 'create' && entries[0].state !== 'sending';
        if (created) {
          // It never reached the service: forget it and everything queued about it.
          for (const entry of entries) outbox.remove(entry.id);
          for (const entry of outbox.all()) {
            if (JSON.stringify(entry.request).includes(recordId)) {
              entry.state = 'refused';
              entry.message = `This change names a ${writes.noun} that was deleted before it reached the service. Discard it.`;
              outbox.update(entry);
            }
          }
          return { result: undefined, changed: applier.deleteLocal(type, recordId) };
        }
        const current = applier.read(type, recordId) as AnyRecord | null;
        if (!current && entries.length === 0)
          throw new BridgeError('not_found', `That ${writes.noun} is not here any more; it may have been deleted.`);
        const base = (entries[entries.length - 1]?.mine as AnyRecord | undefined) ?? current;
        outbox.add({
          kind: 'delete',
          recordType: type,
          recordId,
          request: writes.delete(recordId),
          base,
          mine: base,
          ifMatch: null,
          summary: `Delete ${writes.noun} ${base ? writes.label(base) : ''}`.trim(),
        });
        return { result: undefined, changed: applier.deleteLocal(type, recordId) };
      });
    },
    action(type, id, mine, request, summary) {
      const recordId = currentId(id);
      commit(() => {
        const current = applier.read(type, recordId) as AnyRecord | null;
        outbox.add({
          kind: 'action',
          recordType: type,
          recordId,
          request,
          base: current,
          mine,
          ifMatch: null,
          summary,
        });
        return { result: undefined, changed: mine ? refresh(recordId) : [] };
      });
    },
    queue(entry) {
      return commit(() => ({ result: outbox.add(entry), changed: [] }));
    },
    list: () => outbox.all().map(toOutboxEntry),
    counts: () => outbox.counts(),
    retry(id) {
      const entry = outbox.get(id);
      if (!entry) return null;
      if (entry.state === 'conflict') throw new BridgeError('conflict', 'Choose which version to keep first.');
      return commit(() => {
        entry.state = 'waiting';
        entry.message = null;
        entry.fieldErrors = [];
        // A refused save is sent with the record as it is now (the user may have fixed it since).
        if (entry.kind === 'update' || entry.kind === 'create') {
          const writes = writesOf(entry.recordType);
          const now = entry.recordId ? applier.read(entry.recordType as SyncedType, entry.recordId) : null;
          if (writes && now) {
            entry.mine = { ...now, version: entry.mine?.version ?? now.version };
            entry.request = entry.kind === 'create' ? writes.create(entry.mine) : writes.update(entry.mine);
          }
        }
        outbox.update(entry);
        return { result: toOutboxEntry(entry), changed: entry.recordId ? refresh(entry.recordId) : [] };
      });
    },
    discard(id) {
      const entry = outbox.get(id);
      if (!entry) return false;
      commit(() => {
        const dropped = [entry];
        if (entry.kind === 'create' && entry.recordId)
          dropped.push(...outbox.forRecord(entry.recordId).filter((e) => e.id !== id));
        for (const e of dropped) outbox.remove(e.id);
        const changed = entry.recordId && entry.recordType !== 'comment' ? restore(entry) : new Set<SyncedType>();
        return { result: true, changed };
      });
      return true;
    },
    resolveFields(id, choices) {
      const entry = outbox.get(id);
      if (entry?.conflict?.kind !== 'fields' || !entry.base || !entry.mine) return null;
      const writes = writesFor(entry.recordType as SyncedType);
      const { theirs, fields } = entry.conflict;
      const missing = fields.filter((f) => !choices[f.field]).map((f) => f.field);
      if (missing.length) throw new BridgeError('invalid_input', `Choose a version for: ${missing.join(', ')}.`);
      const merged = resolve(threeWayMerge(entry.base, entry.mine, theirs).merged, fields, choices) as AnyRecord;
      return commit(() => {
        entry.mine = merged;
        entry.base = theirs;
        entry.ifMatch = (theirs as AnyRecord).version;
        entry.request = writes.update(merged);
        entry.state = 'waiting';
        entry.conflict = null;
        entry.message = null;
        outbox.update(entry);
        return { result: toOutboxEntry(entry), changed: refresh(entry.recordId!) };
      });
    },
    resolveDeleted(id, recreate) {
      const entry = outbox.get(id);
      if (entry?.conflict?.kind !== 'deleted') return null;
      if (!recreate) {
        this.discard(id);
        return null;
      }
      const writes = writesFor(entry.recordType as SyncedType);
      return commit(() => {
        entry.kind = 'create';
        entry.request = writes.create(entry.mine!);
        entry.ifMatch = null;
        entry.state = 'waiting';
        entry.conflict = null;
        entry.message = null;
        entry.summary = `Re-create ${writes.noun} ${writes.label(entry.mine!)}`;
        outbox.mapId(entry.recordId!, entry.recordType, null);
        outbox.update(entry);
        return { result: toOutboxEntry(entry), changed: refresh(entry.recordId!) };
      });
    },
    reapply: (only) => reapplyEdits(outbox, applier, only),
    recover() {
      for (const entry of outbox.all()) {
        if (entry.state === 'sending') {
          entry.state = 'waiting';
          outbox.update(entry);
        }
      }
    },
    announce,
  };
}
