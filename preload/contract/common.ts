/**
 * Building blocks every area's bridge contract uses: the `call` declarer, shared zod inputs, the
 * record types derived from the HTTP contract's generated types, the row window, the record sync
 * state, and the bridge error. Types and zod only: no Node or DOM imports, so every side can use it.
 * Timestamps are ISO 8601 UTC strings, sizes bytes, ids UUIDs.
 */
import { z } from 'zod';
import type { components } from '../../api/generated/schema';

/** The HTTP contract's schemas (api/openapi.yaml), by name. */
export type ApiSchemas = components['schemas'];

export const uuid = z.uuid();
export const isoDateTime = z.iso.datetime({ offset: false });
export const empty = z.object({}).strict();
export const byId = z.object({ id: uuid }).strict();

/** Offset and limit of a window over a cached list (rows `offset`..`offset+limit`). */
export const windowInput = {
  offset: z.number().int().min(0).max(10_000_000),
  limit: z.number().int().min(1).max(500),
};

/** The longest search text a bridge call accepts, characters; search fields hold it themselves. */
export const maxSearchLength = 200;
/** Optional free-text search of a list. */
export const searchText = z.string().max(maxSearchLength).optional();

/** Declares a call: `call<Result>()(inputSchema)`. The result type is phantom (types only). */
export function call<R>() {
  return <I extends z.ZodType>(input: I): { input: I; result: R } => ({ input, result: undefined as unknown as R });
}

/**
 * Record types that the core keeps in its cache and that `data.changed` names: the contract's
 * `ChangeType` (the change feed's types). The check below fails to compile when they drift apart.
 */
export const syncedTypes = ['contact', 'company', 'calendarEvent', 'folder', 'document', 'notification'] as const;
export type SyncedType = (typeof syncedTypes)[number];
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const syncedTypesMatchContract: Same<SyncedType, ApiSchemas['ChangeType']> = true;
void syncedTypesMatchContract;

/**
 * Where a cached record stands against the service: `synced`, `pending` (an edit waits in the
 * outbox), `conflict` (the service changed it too; the user chooses) or `refused` (the service said
 * no; the user fixes or discards the edit).
 */
export type RecordSyncState = 'synced' | 'pending' | 'conflict' | 'refused';

/** A window of rows out of `total` rows that match. */
export interface RowWindow<T> {
  rows: T[];
  total: number;
}

/**
 * Rows a list view asks for at a time: a few screens. The core's cost of a broad search's window
 * grows with its rows (at 100,000 contacts, a one-letter search reads about rows / share of the
 * list), so a view asks for what is soon shown, not more (docs/PERFORMANCE.md, row 3).
 */
export const listWindowRows = 100;

/** An answer fetched on demand from the service and kept for offline use; `fetchedAt` null: never fetched. */
export interface KeptAnswer<T> {
  value: T;
  /** When the service gave this answer (ISO 8601 UTC), or null when it never has (offline from the start). */
  fetchedAt: string | null;
  /**
   * True when this is the kept answer, given at once, while the service is being asked again in the
   * background; `answers.refreshed` names the area when the new answer is kept.
   */
  refreshing?: boolean;
}

/**
 * Areas whose large on-demand answers are shown from what is kept first and refreshed in the
 * background (docs/ARCHITECTURE.md, "Decisions taken where the design was silent"); `answers.refreshed`
 * names them and views showing them re-query.
 */
export const keptFirstAreas = ['deals', 'branches', 'spend'] as const;
export type KeptFirstArea = (typeof keptFirstAreas)[number];

/** A file picked or dropped by the user, as the host can read it (see `FileRef` in the preload). */
export const fileRefSchema = z.object({
  /** A path (Electron) or a staging id (browser mode); only the host resolves it. */
  ref: z.string().min(1).max(4096),
  name: z.string().min(1).max(255),
});
export type FileRef = z.infer<typeof fileRefSchema>;

/**
 * Error codes a call may reject with. `message` is written for the user: what happened and what to do.
 * - invalid_input: the call's arguments failed validation; `fields` says which (JSON pointers).
 * - unauthorized: sign in again.
 * - offline: the service cannot be reached; the action needs it.
 * - not_found, conflict, too_large, server_error: as the service answered.
 * - internal: an unexpected failure in the core.
 * - storage: the data folder cannot be written (disk full, read-only, disk error); the message names
 *   the folder and what to do (main/core/storage-errors.ts).
 */
export type BridgeErrorCode =
  | 'invalid_input'
  | 'unauthorized'
  | 'offline'
  | 'not_found'
  | 'conflict'
  | 'too_large'
  | 'server_error'
  | 'internal'
  | 'storage';

/** A message about one input field, `pointer` an RFC 6901 JSON pointer into the call's input (e.g. `/fields/email`). */
export interface FieldError {
  pointer: string;
  message: string;
}

/** The serialized error a rejected call carries across the bridge. */
export interface BridgeErrorShape {
  code: BridgeErrorCode;
  message: string;
  fields?: FieldError[];
}

/** An error thrown by the core or the dispatcher, carried across the bridge as `BridgeErrorShape`. */
export class BridgeError extends Error {
  readonly code: BridgeErrorCode;
  readonly fields: FieldError[] | undefined;
  constructor(code: BridgeErrorCode, message: string, fields?: FieldError[]) {
    super(message);
    this.name = 'BridgeError';
    this.code = code;
    this.fields = fields;
  }
}
