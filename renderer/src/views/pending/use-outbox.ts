/**
 * Reads the outbox (`outbox.list`): every edit made on this machine that the service has not
 * accepted yet, re-read whenever the outbox changes (`outbox.changed` bumps the `outbox` data version).
 */
import type { OutboxEntry } from '../../../../preload/contract';
import { type QueryState, useBridgeQuery } from '../../lib/use-bridge-query';

/** Every outbox entry, oldest first; skipped while `enabled` is false. */
export function useOutboxEntries(enabled = true): QueryState<OutboxEntry[]> {
  return useBridgeQuery('outbox.list', enabled ? {} : null, ['outbox']);
}

/** The entries about record `recordId` (null: none asked, nothing read). */
export function useRecordOutbox(recordId: string | null): OutboxEntry[] {
  const { data } = useOutboxEntries(recordId !== null);
  return recordId && data ? data.filter((entry) => entry.recordId === recordId) : [];
}
