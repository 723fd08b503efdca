/**
 * The group changes waiting in the outbox: entries of kind 'action' whose operation is one of the
 * Groups operations (api/openapi.yaml, tag Groups). They are queued about no synced record (groups
 * are not in the change feed), so they are found by operation.
 */
import { type GroupWriteOperation, groupWriteOperations, type QueuedGroupWrite } from '../../../../preload/contract';
import type { OutboxStore, StoredEntry } from '../../writes/outbox-store';

const isGroupWrite = (operationId: string): operationId is GroupWriteOperation =>
  (groupWriteOperations as readonly string[]).includes(operationId);

/** The group an entry changes: `id` or `groupId` of its body, or `id` of its query (null for a create). */
export function groupIdOf(entry: Pick<StoredEntry, 'request'>): string | null {
  const { body, query } = entry.request;
  const id = body?.id ?? body?.groupId ?? query?.id;
  return typeof id === 'string' ? id : null;
}

/** The entry as the bridge shows it, or null when it is not a group change. */
export function toQueuedGroupWrite(entry: StoredEntry): QueuedGroupWrite | null {
  const operationId = entry.request.operationId;
  if (!isGroupWrite(operationId)) return null;
  return {
    entryId: entry.id,
    operationId,
    groupId: operationId === 'createGroup' ? null : groupIdOf(entry),
    summary: entry.summary,
    state: entry.state,
    message: entry.message,
  };
}

/** Every group change in the outbox, oldest first, with its request body (ids as queued). */
export function queuedGroupWrites(outbox: OutboxStore): { write: QueuedGroupWrite; entry: StoredEntry }[] {
  const found: { write: QueuedGroupWrite; entry: StoredEntry }[] = [];
  for (const entry of outbox.all()) {
    const write = toQueuedGroupWrite(entry);
    if (write) found.push({ write, entry });
  }
  return found;
}
