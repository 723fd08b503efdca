/**
 * An in-memory `BrmBridge` for renderer tests: it answers the read calls of the contract from plain
 * data, records every call, and lets a test emit events or give a call a handler (`handle`). A call
 * with no handler rejects with an `internal` BridgeError naming it, so a test notices a call it did
 * not expect. Answers are deep copies, as they would be after crossing the real bridge.
 */
import {
  BridgeError,
  type BrmBridge,
  type CallInput,
  type CallName,
  type CallResult,
  type ContactDetail,
  type CalendarEventDetail,
  type DocumentDetail,
  type EventName,
  type EventPayloads,
  type Folder,
  type Notification,
  type RecordLink,
  type UpdateStatus,
  type SessionState,
  type SyncStatus,
  type Transfer,
  type AppInfo,
  type SignedInUser,
  type StorageNotice,
} from '../../preload/contract';
import { capEventsPerDay, slotOf } from '../../main/core/areas/calendar/month-days';
import { demoInfo, demoUser } from './fixtures';

/** Everything the fake answers from. Tests may change it between calls. */
export interface FakeData {
  info: AppInfo;
  session: SessionState;
  /** The one account `session.signIn` accepts. */
  credentials: { username: string; password: string };
  user: SignedInUser;
  sync: SyncStatus;
  contacts: ContactDetail[];
  events: CalendarEventDetail[];
  folders: Folder[];
  documents: DocumentDetail[];
  notifications: Notification[];
  transfers: Transfer[];
  /** Notices about the data folder (storage.listNotices). */
  notices: StorageNotice[];
  /** The `brm://` record link waiting for the window (app.takeRecordLink). */
  recordLink: RecordLink | null;
  /** The app update's status (updates.get). */
  update: UpdateStatus;
}

type Handler<K extends CallName> = (input: CallInput<K>) => CallResult<K> | Promise<CallResult<K>>;
type Handlers = { [K in CallName]?: Handler<K> };

/** The fake bridge and its test controls. */
export interface FakeBridge extends BrmBridge {
  data: FakeData;
  /** Every call in order. */
  calls: Array<{ name: CallName; input: unknown }>;
  /** Inputs of the calls to `name`, in order. */
  callsTo<K extends CallName>(name: K): CallInput<K>[];
  /** Delivers an event to the renderer's listeners. */
  emit<E extends EventName>(name: E, payload: EventPayloads[E]): void;
  /** Replaces the handler of `name`. */
  handle<K extends CallName>(name: K, handler: Handler<K>): void;
}

const copy = <T>(value: T): T => (value === undefined ? value : (JSON.parse(JSON.stringify(value)) as T));

function matches(query: string | undefined, ...fields: Array<string | null>): boolean {
  if (!query) return true;
  const haystack = fields.filter(Boolean).join(' ').toLowerCase();
  return query
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((term) => haystack.includes(term));
}

/** Creates a fake bridge; `data` overrides the defaults (signed out, nothing synced yet). */
export function createFakeBridge(data: Partial<FakeData> = {}): FakeBridge {
  const state: FakeData = {
    info: demoInfo,
    session: { state: 'signedOut', serverUrl: null, keychain: 'os' },
    credentials: demoInfo.demoCredentials ?? { username: 'dana.demo@brm.example', password: 'demo-password' },
    user: demoUser,
    sync: {
      state: 'idle',
      phase: null,
      counts: {},
      lastSyncedAt: null,
      message: null,
      nextRetryAt: null,
      pendingCount: 0,
    },
    contacts: [],
    events: [],
    folders: [],
    documents: [],
    notifications: [],
    transfers: [],
    notices: [],
    recordLink: null,
    update: {
      state: 'unavailable',
      message: 'Browser mode runs BRM Desktop from its source folder.',
      feedUrl: null,
      version: null,
      percent: null,
      checkedAt: null,
    },
    ...data,
  };
  const listeners = new Map<EventName, Set<(payload: unknown) => void>>();
  const calls: FakeBridge['calls'] = [];
  const staged = new Map<string, number>();
  let seq = 0;

  function emit<E extends EventName>(name: E, payload: EventPayloads[E]) {
    for (const listener of listeners.get(name) ?? []) listener(copy(payload));
  }

  const handlers: Handlers = {
    'app.getInfo': () => state.info,
    'session.get': () => state.session,
    'updates.get': () => state.update,
    'app.takeRecordLink': () => {
      const link = state.recordLink;
      state.recordLink = null;
      return link;
    },
    'session.signIn': (input) => {
      if (input.username !== state.credentials.username || input.password !== state.credentials.password) {
        throw new BridgeError('unauthorized', 'The e-mail address or password is not right. Check both and try again.');
      }
      state.session = {
        state: 'signedIn',
        serverUrl: input.serverUrl,
        user: state.user,
        keychain: state.session.keychain,
      };
      emit('session.changed', state.session);
      return state.session;
    },
    'session.signOut': () => {
      state.session = { state: 'signedOut', serverUrl: state.session.serverUrl, keychain: state.session.keychain };
      emit('session.changed', state.session);
      return { ...state.session, endedOnService: true };
    },
    'sync.getStatus': () => state.sync,
    'sync.run': () => {
      state.sync = { ...state.sync, state: 'syncing', phase: 'delta', counts: {} };
      return state.sync;
    },
    'contacts.list': ({ query, offset, limit }) => {
      const rows = state.contacts.filter((c) =>
        matches(query, c.firstName, c.lastName, c.email, c.companyName, c.jobTitle),
      );
      return {
        rows: rows.slice(offset, offset + limit).map(({ company: _company, ...row }) => row),
        total: rows.length,
      };
    },
    'contacts.get': ({ id }) => state.contacts.find((c) => c.id === id) ?? null,
    'calendar.listEvents': ({ from, to }) =>
      state.events
        .filter((e) => e.endsAt > from && e.startsAt < to)
        .map(({ recipients: _r, recipientsAsOf: _a, ...event }) => event),
    'calendar.listMonth': ({ midnights, firstDate, perDay }) => {
      const days = { midnights: midnights.map((midnight) => Date.parse(midnight)), firstDate };
      const { kept, more, total } = capEventsPerDay(state.events.map(slotOf), days, perDay);
      const events = kept.map((slot) => state.events.find((event) => event.id === slot.id)!);
      return { events: events.map(({ recipients: _r, recipientsAsOf: _a, ...event }) => event), more, total };
    },
    'calendar.getEvent': ({ id }) => state.events.find((e) => e.id === id) ?? null,
    'documents.listFolders': () => state.folders,
    'documents.list': ({ folderId, query, offset, limit }) => {
      const rows = state.documents.filter((d) => d.folderId === folderId && matches(query, d.title, d.name));
      return {
        rows: rows
          .slice(offset, offset + limit)
          .map(({ sha256: _s, ownerName: _n, createdAt: _c, localPath: _l, ...row }) => row),
        total: rows.length,
      };
    },
    'documents.get': ({ id }) => state.documents.find((d) => d.id === id) ?? null,
    'documents.upload': ({ folderId, files }) => {
      const started = files.map(
        (file): Transfer => ({
          id: `upload-${++seq}`,
          kind: 'upload',
          name: file.name,
          folderId,
          documentId: null,
          bytesDone: 0,
          bytesTotal: staged.get(file.ref) ?? 0,
          state: 'queued',
          error: null,
          localPath: null,
        }),
      );
      state.transfers.push(...started);
      return started;
    },
    'documents.download': ({ id }) => {
      const document = state.documents.find((d) => d.id === id);
      if (!document) throw new BridgeError('not_found', 'This document no longer exists on the server.');
      const transfer: Transfer = {
        id: `download-${++seq}`,
        kind: 'download',
        name: document.name,
        folderId: document.folderId,
        documentId: id,
        bytesDone: 0,
        bytesTotal: document.size,
        state: 'queued',
        error: null,
        localPath: null,
      };
      state.transfers.push(transfer);
      return transfer;
    },
    'documents.open': ({ id }) => {
      const document = state.documents.find((d) => d.id === id);
      if (!document?.localPath) throw new BridgeError('not_found', 'Download the document before opening it.');
      return { url: `/opened/${id}` };
    },
    'transfers.list': () => state.transfers,
    'storage.listNotices': () => state.notices,
    'storage.dismissNotice': ({ id }) => {
      const before = state.notices.length;
      state.notices = state.notices.filter((n) => n.id !== id);
      return { dismissed: state.notices.length < before };
    },
    'transfers.cancel': ({ id }) => {
      const transfer = state.transfers.find((t) => t.id === id);
      if (!transfer) return null;
      transfer.state = 'cancelled';
      emit('transfer.progress', transfer);
      return transfer;
    },
    'notifications.list': () => ({
      items: state.notifications.filter((n) => n.state !== 'dismissed'),
      unreadCount: state.notifications.filter((n) => n.state === 'unread').length,
    }),
    'notifications.dismiss': ({ id }) => {
      const notification = state.notifications.find((n) => n.id === id);
      if (!notification) throw new BridgeError('not_found', 'This notification no longer exists.');
      notification.state = 'dismissed';
      emit('data.changed', { types: ['notification'] });
      return notification;
    },
    'notifications.dismissAll': () => {
      let dismissed = 0;
      for (const notification of state.notifications) {
        if (notification.state !== 'dismissed') {
          notification.state = 'dismissed';
          dismissed++;
        }
      }
      emit('data.changed', { types: ['notification'] });
      return { dismissed };
    },
  };

  return {
    data: state,
    calls,
    callsTo<K extends CallName>(name: K) {
      return calls.filter((call) => call.name === name).map((call) => call.input as CallInput<K>);
    },
    emit,
    handle(name, handler) {
      (handlers as Record<CallName, unknown>)[name] = handler;
    },
    async call(name, input) {
      calls.push({ name, input: copy(input) });
      await Promise.resolve();
      const handler = handlers[name] as Handler<typeof name> | undefined;
      if (!handler) throw new BridgeError('internal', `The fake bridge has no handler for ${name}.`);
      return copy(await handler(copy(input)));
    },
    on(name, listener) {
      const set = listeners.get(name) ?? new Set();
      set.add(listener as (payload: unknown) => void);
      listeners.set(name, set);
      return () => set.delete(listener as (payload: unknown) => void);
    },
    async fileRef(file) {
      const ref = `staged-${++seq}`;
      staged.set(ref, file.size);
      return { ref, name: file.name };
    },
  };
}
