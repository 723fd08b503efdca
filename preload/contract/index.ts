/**
 * The bridge contract: the one definition of every call the renderer may make to the core and
 * every event the core sends back, merged from one file per area. The Electron preload, the
 * browser-mode client, the host dispatcher and the renderer all derive from it; no channel is
 * declared anywhere else. Adding an area adds its file and one line to `calls` (and `EventPayloads`).
 *
 * Inputs are zod schemas (validated by the host dispatcher before the core sees them); results
 * and event payloads are plain JSON-serialisable types.
 */
import type { z } from 'zod';
import { accountCalls } from './account';
import { adminCalls } from './admin';
import { type AppEvents, appCalls } from './app';
import { auditCalls } from './audit';
import { branchesCalls } from './branches';
import { calendarCalls } from './calendar';
import { campaignsCalls } from './campaigns';
import { cmtCalls } from './cmt';
import { commentsCalls } from './comments';
import type { FileRef } from './common';
import { companiesCalls } from './companies';
import { contactsCalls } from './contacts';
import { dealsCalls } from './deals';
import { documentActionsCalls } from './document-actions';
import { documentPreviewCalls } from './document-preview';
import { documentThumbnailCalls } from './document-thumbnails';
import { documentsCalls } from './documents';
import { draftsCalls } from './drafts';
import { emailsCalls } from './emails';
import { groupsCalls } from './groups';
import { listingChecksCalls } from './listing-checks';
import { newsCalls } from './news';
import { pimCalls } from './pim';
import { exportsCalls } from './exports';
import { notificationsCalls } from './notifications';
import { type OutboxEvents, outboxCalls } from './outbox';
import { type RecordLinkEvents, recordLinkCalls } from './record-links';
import { savedQueriesCalls } from './saved-queries';
import { rebatesCalls } from './rebates';
import { searchCalls } from './search';
import { serviceSearchCalls } from './service-search';
import { spendCalls } from './spend';
import { type SessionEvents, sessionCalls } from './session';
import { type StorageEvents, storageCalls } from './storage';
import { type SyncEvents, syncCalls } from './sync';
import { type TransferEvents, transfersCalls } from './transfers';
import { type UpdateEvents, updatesCalls } from './updates';
import { usersCalls } from './users';

export * from './account';
export * from './admin';
export * from './app';
export * from './audit';
export * from './branches';
export * from './calendar';
export * from './campaigns';
export * from './cmt';
export * from './comments';
export * from './common';
export * from './companies';
export * from './contacts';
export * from './deals';
export * from './document-actions';
export * from './document-preview';
export * from './document-thumbnails';
export * from './documents';
export * from './drafts';
export * from './emails';
export * from './groups';
export * from './listing-checks';
export * from './news';
export * from './pim';
export * from './exports';
export * from './notifications';
export * from './outbox';
export * from './rebates';
export * from './record-links';
export * from './saved-queries';
export * from './search';
export * from './service-search';
export * from './session';
export * from './spend';
export * from './storage';
export * from './sync';
export * from './transfers';
export * from './updates';
export * from './users';
export * from './write-inputs';

/** Every bridge call: name → input schema and (phantom) result type. */
export const calls = {
  ...appCalls,
  ...recordLinkCalls,
  ...updatesCalls,
  ...sessionCalls,
  ...syncCalls,
  ...outboxCalls,
  ...contactsCalls,
  ...companiesCalls,
  ...dealsCalls,
  ...calendarCalls,
  ...documentsCalls,
  ...documentActionsCalls,
  ...documentPreviewCalls,
  ...documentThumbnailCalls,
  ...transfersCalls,
  ...notificationsCalls,
  ...commentsCalls,
  ...searchCalls,
  ...serviceSearchCalls,
  ...draftsCalls,
  ...storageCalls,
  ...rebatesCalls,
  ...cmtCalls,
  ...branchesCalls,
  ...savedQueriesCalls,
  ...usersCalls,
  ...groupsCalls,
  ...exportsCalls,
  ...spendCalls,
  ...auditCalls,
  ...accountCalls,
  ...adminCalls,
  ...emailsCalls,
  ...newsCalls,
  ...campaignsCalls,
  ...pimCalls,
  ...listingChecksCalls,
} as const;

export type CallName = keyof typeof calls;
/** What the renderer passes to a call (before defaults). */
export type CallInput<K extends CallName> = z.input<(typeof calls)[K]['input']>;
/** What a handler receives: the input after validation (defaults filled in). */
export type CallParsed<K extends CallName> = z.output<(typeof calls)[K]['input']>;
export type CallResult<K extends CallName> = (typeof calls)[K]['result'];

/** Every core event: name → payload. */
export type EventPayloads = AppEvents &
  RecordLinkEvents &
  UpdateEvents &
  SessionEvents &
  SyncEvents &
  OutboxEvents &
  TransferEvents &
  StorageEvents;
export type EventName = keyof EventPayloads;
export const eventNames = [
  'session.changed',
  'sync.status',
  'data.changed',
  'answers.refreshed',
  'outbox.changed',
  'transfer.progress',
  'app.notify',
  'app.recordLink',
  'updates.changed',
  'storage.notices',
] as const satisfies readonly EventName[];
type MissingEvent = Exclude<EventName, (typeof eventNames)[number]>;
const everyEventListed: [MissingEvent] extends [never] ? true : false = true;
void everyEventListed;

/** The API the renderer sees as `window.brm`: one `call`, one `on`, and file references for dropped/picked files. */
export interface BrmBridge {
  call<K extends CallName>(name: K, input: CallInput<K>): Promise<CallResult<K>>;
  /** Subscribes to an event; returns the unsubscribe function. */
  on<E extends EventName>(name: E, listener: (payload: EventPayloads[E]) => void): () => void;
  /** Turns a `File` from a drop or a file input into a reference the core can read. */
  fileRef(file: File): Promise<FileRef>;
}
