/**
 * Messages between the sync engine and its writer thread (page-writer-worker.ts), and how errors
 * cross between them: a ServiceError (an unreadable or invalid page) arrives as the same
 * user-facing ServiceError; anything else as an Error with the same message and code.
 */
import type { BridgeErrorCode } from '../../../preload/contract';
import { ServiceError } from '../errors';
import type { FeedPageResult, PageCursor } from './page-transaction';

/** Data the writer thread starts with. */
export interface WriterData {
  /** Absolute path of the cache database (already migrated by the main thread). */
  file: string;
}

/**
 * A request to the writer thread. A `page` carries a `getChanges` answer body, transferred (not
 * copied) with postMessage's transfer list, and the cursor it was asked for with (`asked`, null for
 * the first page of a bootstrap).
 */
export type WriterRequest =
  | { id: number; kind: 'page'; body: ArrayBuffer; bootstrapped: boolean; asked: string | null }
  | { id: number; kind: 'clear' }
  | { id: number; kind: 'close' };

/** An error as it crosses the thread boundary. */
export interface WriterError {
  message: string;
  /** Set for a ServiceError: its code and HTTP status. */
  service: { code: BridgeErrorCode; status: number } | null;
  /** The error's own code otherwise (e.g. SQLite's `SQLITE_FULL`), for main/core/storage-errors.ts. */
  code?: string;
}

/**
 * An answer of the writer thread: `ready` once after opening the database; per request one `done`
 * or `failed`, and for a `page` first a `read` with its cursor once it is parsed and valid.
 */
export type WriterResponse =
  | { kind: 'ready' }
  | { kind: 'read'; id: number; cursor: PageCursor }
  | { kind: 'done'; id: number; result: FeedPageResult | null }
  | { kind: 'failed'; id: number | null; error: WriterError };

/** A request without its id (the writer numbers them). */
export type WriterRequestBody = WriterRequest extends infer R
  ? R extends WriterRequest
    ? Omit<R, 'id'>
    : never
  : never;

/** Describes anything thrown on the writer thread for the trip to the main thread. */
export function toWriterError(err: unknown): WriterError {
  const message = err instanceof Error ? err.message : String(err);
  const code = (err as { code?: unknown } | null)?.code;
  return {
    message,
    service: err instanceof ServiceError ? { code: err.code, status: err.status } : null,
    ...(typeof code === 'string' && !(err instanceof ServiceError) ? { code } : {}),
  };
}

/** Rebuilds on the main thread the error the writer thread described. */
export function fromWriterError(error: WriterError): Error {
  if (error.service) return new ServiceError(error.service.code, error.message, error.service.status);
  return error.code ? Object.assign(new Error(error.message), { code: error.code }) : new Error(error.message);
}
