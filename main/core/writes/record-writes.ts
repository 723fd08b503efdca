/**
 * How an area's records are written to the service: the request of a create, an update and a
 * delete built from the record as edited here, the request that fetches one record again, and
 * the record's name for the pending-changes panel. Declared per area (`areas/<area>/writes.ts`)
 * and collected in `areas/writes.ts`.
 */
import type { SyncedType } from '../../../preload/contract';
import type { OutboxRequest } from './outbox-store';

/** The writes of one synced type; `R` is its contract record. */
export interface RecordWrites<R> {
  type: SyncedType;
  /** The record's noun in the panel ("contact"). */
  noun: string;
  /** The record's name in the panel ("Ada Byron"). */
  label(record: R): string;
  /** The request creating `record` (its id is local and not sent). */
  create(record: R): OutboxRequest;
  /** The request saving `record` over the service's version. */
  update(record: R): OutboxRequest;
  delete(id: string): OutboxRequest;
  /** The request reading the record again (its answer is the record); absent when the contract has none. */
  fetch?(id: string): OutboxRequest;
}

/** Picks `keys` of `record` into a request body. */
export function pick<R, K extends keyof R>(record: R, keys: readonly K[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key of keys) out[key as string] = record[key];
  return out;
}
