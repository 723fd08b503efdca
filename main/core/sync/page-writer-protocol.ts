/** Messages between the sync engine and its writer thread (page-writer-worker.ts). */
import type { ChangeToApply } from '../cache/apply-changes';
import type { PageWriteResult } from './page-transaction';

/** Data the writer thread starts with. */
export interface WriterData {
  /** Absolute path of the cache database (already migrated by the main thread). */
  file: string;
}

/** A request to the writer thread. */
export type WriterRequest =
  | { id: number; kind: 'write'; changes: readonly ChangeToApply[]; cursor: string; bootstrapped: boolean }
  | { id: number; kind: 'clear' }
  | { id: number; kind: 'close' };

/** An answer of the writer thread: `ready` once after opening the database, then one per request. */
export type WriterResponse =
  | { kind: 'ready' }
  | { kind: 'done'; id: number; result: PageWriteResult | null }
  | { kind: 'failed'; id: number | null; message: string };

/** A request without its id (the writer numbers them). */
export type WriterRequestBody = WriterRequest extends infer R
  ? R extends WriterRequest
    ? Omit<R, 'id'>
    : never
  : never;
