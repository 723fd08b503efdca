/**
 * Bridge calls and events of the outbox: the edits made on this machine that the service has not
 * yet accepted (the pending-changes panel), with retry, discard and conflict resolution.
 */
import { z } from 'zod';
import { byId, call, empty, type FieldError, type SyncedType } from './common';

/**
 * One field of a conflict: its value when the edit started (`base`), in the edit (`mine`) and on
 * the service now (`theirs`). Values are JSON.
 */
export interface ConflictField {
  field: string;
  base: unknown;
  mine: unknown;
  theirs: unknown;
}

/** What a conflict needs from the user. `deleted`: the service deleted the record this edit changes. */
export type OutboxConflict = { kind: 'fields'; fields: ConflictField[] } | { kind: 'deleted' };

/** One queued edit, as the pending-changes panel shows it. */
export interface OutboxEntry {
  id: string;
  /** What the edit does, in words ("Edit contact Ada Byron"). */
  summary: string;
  /** What the edit does to its record: creates, updates or deletes it, an action on it (archive, mark read), or an upload. */
  kind: 'create' | 'update' | 'delete' | 'action' | 'upload';
  /** The edited record: its type (a synced type, or 'comment') and id (a local id until the service gave one). */
  recordType: SyncedType | 'comment';
  recordId: string | null;
  state: 'waiting' | 'sending' | 'conflict' | 'refused';
  /** The service's words, when it refused the edit. */
  message: string | null;
  /** Per-field messages (JSON pointers into the edit's fields, e.g. `/email`), when refused. */
  fieldErrors: FieldError[];
  conflict: OutboxConflict | null;
  attempts: number;
  createdAt: string;
}

/** How many edits wait, per state. */
export interface OutboxCounts {
  waiting: number;
  sending: number;
  conflict: number;
  refused: number;
}

export const outboxCalls = {
  'outbox.list': call<OutboxEntry[]>()(empty),
  /** Sends a refused or waiting entry again now (a refused one usually after the record was edited). */
  'outbox.retry': call<OutboxEntry | null>()(byId),
  /** Drops the entry and takes its change out of the cache (the service's version shows again). */
  'outbox.discard': call<{ discarded: boolean }>()(byId),
  /**
   * Resolves a conflict. For a field conflict, `choices` names the side kept for every field in
   * conflict; for a record deleted on the service, `recreate` true creates it again with the edit.
   */
  'outbox.resolve': call<OutboxEntry | null>()(
    z.union([
      z
        .object({
          id: z.uuid(),
          choices: z.record(z.string().min(1).max(64), z.enum(['mine', 'theirs'])),
        })
        .strict(),
      z.object({ id: z.uuid(), recreate: z.boolean() }).strict(),
    ]),
  ),
} as const;

export interface OutboxEvents {
  /** The outbox changed (an entry added, sent, refused, resolved or discarded). */
  'outbox.changed': OutboxCounts;
}
