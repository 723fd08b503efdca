/**
 * The bridge contract: the one definition of every call the renderer may make to the core and
 * every event the core sends back. The Electron preload, the browser-mode client, the host
 * dispatcher and the renderer all derive from this file; no channel is declared anywhere else.
 *
 * Inputs are zod schemas (validated by the host dispatcher before the core sees them); results
 * and event payloads are plain JSON-serialisable types. Timestamps are ISO 8601 UTC strings,
 * sizes are bytes, ids are UUIDs.
 */
import { z } from 'zod';

const uuid = z.uuid();
const isoDateTime = z.iso.datetime({ offset: false });
const empty = z.object({}).strict();

/** Record types that the core keeps in its cache and that `data.changed` names. */
export const syncedTypes = ['contact', 'company', 'calendarEvent', 'folder', 'document', 'notification'] as const;
export type SyncedType = (typeof syncedTypes)[number];

// ---------------------------------------------------------------------------------------------
// Result and event payload types
// ---------------------------------------------------------------------------------------------

/** Facts about the running app, for the sign-in screen and the about box. */
export interface AppInfo {
  version: string;
  mode: 'electron' | 'browser';
  /** URL of the embedded demo service, or null when none runs. */
  defaultServerUrl: string | null;
  /** Credentials of the embedded demo service's demo user, when it runs. */
  demoCredentials: { username: string; password: string } | null;
  dataDir: string;
  downloadsDir: string;
  /** Largest file the service accepts for upload, bytes. */
  maxUploadBytes: number;
}

export interface SignedInUser {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
}

/** Where the session stands. `keychain: 'memory'` means no OS keychain: the user signs in every launch. */
export type SessionState =
  | { state: 'signedOut'; serverUrl: string | null; keychain: 'os' | 'memory' }
  | { state: 'signedIn'; serverUrl: string; user: SignedInUser; keychain: 'os' | 'memory' };

/** Sync status, shown always in the app shell. `counts` are records applied by the current/last run, per type. */
export interface SyncStatus {
  state: 'idle' | 'syncing' | 'offline' | 'error' | 'signedOut';
  phase: 'bootstrap' | 'delta' | null;
  counts: Partial<Record<SyncedType, number>>;
  lastSyncedAt: string | null;
  /** What went wrong and what to do, when `state` is `error` or `offline`. */
  message: string | null;
  nextRetryAt: string | null;
}

export interface Company {
  id: string;
  name: string;
  industry: string | null;
  website: string | null;
  phone: string | null;
  street: string | null;
  city: string | null;
  postalCode: string | null;
  country: string | null;
  updatedAt: string;
}

export interface ContactRow {
  id: string;
  firstName: string;
  lastName: string;
  email: string | null;
  phone: string | null;
  jobTitle: string | null;
  companyId: string | null;
  companyName: string | null;
  type: 'customer' | 'prospect' | 'partner' | 'supplier' | 'employee';
  state: 'active' | 'archived';
  city: string | null;
  country: string | null;
  updatedAt: string;
}

export interface ContactDetail extends ContactRow {
  company: Company | null;
}

export interface CalendarEvent {
  id: string;
  title: string;
  description: string | null;
  location: string | null;
  startsAt: string;
  endsAt: string;
  allDay: boolean;
  status: 'confirmed' | 'tentative' | 'cancelled';
  organizerId: string;
  organizerName: string | null;
  recipientCount: number;
}

export interface CalendarRecipient {
  contactId: string | null;
  name: string;
  email: string;
  response: 'needsAction' | 'accepted' | 'declined' | 'tentative';
}

/** An event with its recipients. `recipientsAsOf` is when the recipients were fetched (null: never, e.g. offline). */
export interface CalendarEventDetail extends CalendarEvent {
  recipients: CalendarRecipient[];
  recipientsAsOf: string | null;
}

export interface Folder {
  id: string;
  parentId: string | null;
  name: string;
  documentCount: number;
}

export interface DocumentRow {
  id: string;
  folderId: string;
  name: string;
  title: string;
  contentType: string;
  size: number;
  state: 'draft' | 'pendingApproval' | 'approved' | 'rejected';
  updatedAt: string;
}

/** A document and, when it has been downloaded on this machine, where. */
export interface DocumentDetail extends DocumentRow {
  sha256: string;
  ownerId: string;
  ownerName: string | null;
  createdAt: string;
  localPath: string | null;
}

export interface Notification {
  id: string;
  kind: 'documentAwaitingApproval' | 'documentApproved' | 'documentRejected' | 'comment' | 'campaignSent' | 'calendarInvitation';
  title: string;
  body: string;
  state: 'unread' | 'read' | 'dismissed';
  resourceType: 'contact' | 'company' | 'calendarEvent' | 'document' | 'campaign' | null;
  resourceId: string | null;
  createdAt: string;
}

/** An upload or a download. Progress in bytes. */
export interface Transfer {
  id: string;
  kind: 'upload' | 'download';
  name: string;
  folderId: string | null;
  documentId: string | null;
  bytesDone: number;
  bytesTotal: number;
  state: 'queued' | 'running' | 'done' | 'failed' | 'cancelled';
  /** What went wrong and what to do, when `state` is `failed`. */
  error: string | null;
  /** The downloaded file, when a download is `done`. */
  localPath: string | null;
}

/** A window of rows out of `total` rows that match. */
export interface RowWindow<T> {
  rows: T[];
  total: number;
}

/** A file picked or dropped by the user, as the host can read it (see `FileRef` in the preload). */
export const fileRefSchema = z.object({
  /** A path (Electron) or a staging id (browser mode); only the host resolves it. */
  ref: z.string().min(1).max(4096),
  name: z.string().min(1).max(255),
});
export type FileRef = z.infer<typeof fileRefSchema>;

// ---------------------------------------------------------------------------------------------
// Calls
// ---------------------------------------------------------------------------------------------

/** Declares a call: `call<Result>()(inputSchema)`. The result type is phantom (types only). */
function call<R>() {
  return <I extends z.ZodType>(input: I): { input: I; result: R } => ({ input, result: undefined as unknown as R });
}

const windowInput = {
  offset: z.number().int().min(0).max(10_000_000),
  limit: z.number().int().min(1).max(500),
};
const byId = z.object({ id: uuid }).strict();

export const calls = {
  'app.getInfo': call<AppInfo>()(empty),

  'session.get': call<SessionState>()(empty),
  'session.signIn': call<SessionState>()(
    z
      .object({
        serverUrl: z.string().min(1).max(2048),
        username: z.string().min(1).max(254),
        password: z.string().min(1).max(1024),
      })
      .strict(),
  ),
  'session.signOut': call<SessionState>()(empty),

  'sync.getStatus': call<SyncStatus>()(empty),
  'sync.run': call<SyncStatus>()(empty),

  'contacts.list': call<RowWindow<ContactRow>>()(z.object({ query: z.string().max(200).optional(), ...windowInput }).strict()),
  'contacts.get': call<ContactDetail | null>()(byId),

  'calendar.listEvents': call<CalendarEvent[]>()(z.object({ from: isoDateTime, to: isoDateTime }).strict()),
  'calendar.getEvent': call<CalendarEventDetail | null>()(byId),

  'documents.listFolders': call<Folder[]>()(empty),
  'documents.list': call<RowWindow<DocumentRow>>()(
    z.object({ folderId: uuid, query: z.string().max(200).optional(), ...windowInput }).strict(),
  ),
  'documents.get': call<DocumentDetail | null>()(byId),
  'documents.upload': call<Transfer[]>()(z.object({ folderId: uuid, files: z.array(fileRefSchema).min(1).max(100) }).strict()),
  'documents.download': call<Transfer>()(byId),
  /** Opens a downloaded document in its viewer. `url` is set in browser mode, for the page to open. */
  'documents.open': call<{ url: string | null }>()(byId),

  'transfers.list': call<Transfer[]>()(empty),
  'transfers.cancel': call<Transfer | null>()(z.object({ id: z.string().min(1).max(64) }).strict()),

  'notifications.list': call<{ items: Notification[]; unreadCount: number }>()(empty),
  'notifications.dismiss': call<Notification>()(byId),
  'notifications.dismissAll': call<{ dismissed: number }>()(empty),
} as const;

export type CallName = keyof typeof calls;
export type CallInput<K extends CallName> = z.input<(typeof calls)[K]['input']>;
export type CallResult<K extends CallName> = (typeof calls)[K]['result'];

// ---------------------------------------------------------------------------------------------
// Events
// ---------------------------------------------------------------------------------------------

export interface EventPayloads {
  'session.changed': SessionState;
  'sync.status': SyncStatus;
  /** Cached data of these types changed: views showing them re-query. */
  'data.changed': { types: SyncedType[] };
  'transfer.progress': Transfer;
  /** Browser mode only: a new notification for the page to show as a desktop notification. */
  'app.notify': { title: string; body: string };
}
export type EventName = keyof EventPayloads;
export const eventNames = ['session.changed', 'sync.status', 'data.changed', 'transfer.progress', 'app.notify'] as const satisfies readonly EventName[];

// ---------------------------------------------------------------------------------------------
// Errors
// ---------------------------------------------------------------------------------------------

/**
 * Error codes a call may reject with. `message` is written for the user: what happened and what to do.
 * - invalid_input: the call's arguments failed validation (a programming error or bad user input).
 * - unauthorized: sign in again.
 * - offline: the service cannot be reached; the action needs it.
 * - not_found, conflict, too_large, server_error: as the service answered.
 * - internal: an unexpected failure in the core.
 */
export type BridgeErrorCode = 'invalid_input' | 'unauthorized' | 'offline' | 'not_found' | 'conflict' | 'too_large' | 'server_error' | 'internal';

/** The serialized error a rejected call carries across the bridge. */
export interface BridgeErrorShape {
  code: BridgeErrorCode;
  message: string;
}

/** An error thrown by the core or the dispatcher, carried across the bridge as `BridgeErrorShape`. */
export class BridgeError extends Error {
  readonly code: BridgeErrorCode;
  constructor(code: BridgeErrorCode, message: string) {
    super(message);
    this.name = 'BridgeError';
    this.code = code;
  }
}

/** The API the renderer sees as `window.brm`: one `call`, one `on`, and file references for dropped/picked files. */
export interface BrmBridge {
  call<K extends CallName>(name: K, input: CallInput<K>): Promise<CallResult<K>>;
  /** Subscribes to an event; returns the unsubscribe function. */
  on<E extends EventName>(name: E, listener: (payload: EventPayloads[E]) => void): () => void;
  /** Turns a `File` from a drop or a file input into a reference the core can read. */
  fileRef(file: File): Promise<FileRef>;
}
