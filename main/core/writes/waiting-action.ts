/**
 * Outbox entries of kind 'action' about records that are not synced (a branch, an export template):
 * which record an entry is about, and replacing the request of the one that waits, so that one
 * entry per record waits and the newer edit wins (docs/ARCHITECTURE.md, "The write path").
 */
import type { SyncEngine } from '../sync/engine';
import type { NewEntry, OutboxStore, StoredEntry } from './outbox-store';
import type { WriteQueue } from './write-queue';

/** The id of the record an entry is about: the `id` its body or query names, or the entry's own id for a creation. */
export function actionSubjectId(entry: StoredEntry): string {
  const named = entry.request.body?.id ?? entry.request.query?.id;
  return typeof named === 'string' ? named : entry.id;
}

/** What replacing a waiting entry needs (the handlers' context has it). */
export interface WaitingDeps {
  outbox: OutboxStore;
  writes: Pick<WriteQueue, 'announce'>;
  sync: Pick<SyncEngine, 'kick'>;
}

/** An edit of a record that is not synced, as an outbox entry of kind 'action' carries it. */
export interface ActionEdit {
  /** The synced record type the entry is filed under in Pending changes (its owner's). */
  recordType: NewEntry['recordType'];
  request: StoredEntry['request'];
  summary: string;
  /** The version the edit was made against (If-Match), or null for a creation. */
  ifMatch: number | null;
}

/** Queues `edit` as a new outbox entry of kind 'action' about no synced record. */
export function queueAction(writes: Pick<WriteQueue, 'queue'>, edit: ActionEdit): StoredEntry {
  return writes.queue({
    kind: 'action',
    recordType: edit.recordType,
    recordId: null,
    request: edit.request,
    base: null,
    mine: null,
    ifMatch: edit.ifMatch,
    summary: edit.summary,
  });
}

/**
 * One entry per record waits: `edit` replaces the request of `waiting` when there is one that is not
 * being sent (the newer edit wins), else it is queued as a new entry. Returns the entry.
 */
export function queueOrReplaceAction(
  deps: WaitingDeps & { writes: Pick<WriteQueue, 'announce' | 'queue'> },
  waiting: StoredEntry | null | undefined,
  edit: ActionEdit,
): StoredEntry {
  if (!waiting || waiting.state === 'sending') return queueAction(deps.writes, edit);
  replaceWaitingRequest(deps, waiting, edit.request, edit.summary, edit.ifMatch);
  return waiting;
}

/**
 * Puts `request` (with `summary` and the If-Match `ifMatch`, the version the newer edit was made
 * against) in place of a waiting entry's, clears a refusal it had, and asks sync to send it.
 */
export function replaceWaitingRequest(
  deps: WaitingDeps,
  entry: StoredEntry,
  request: StoredEntry['request'],
  summary: string,
  ifMatch: number | null,
): void {
  entry.request = request;
  entry.ifMatch = ifMatch;
  entry.summary = summary;
  entry.state = 'waiting';
  entry.message = null;
  entry.fieldErrors = [];
  deps.outbox.update(entry);
  deps.writes.announce();
  deps.sync.kick();
}
