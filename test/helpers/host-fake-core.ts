/**
 * A stand-in core for host tests: scripted handlers, events the test fires, and the options
 * (Platform included) the host built it with.
 */
import { BridgeError, type EventName } from '../../preload/contract';
import type { Core, CoreOptions, Keychain } from '../../main/core/platform';

/** The fake core and what the test can do with it. */
export interface FakeCore {
  core: Core;
  /** The options the host passed to `createCore` (set once the host created it). */
  options: CoreOptions | null;
  /** Fires a core event. */
  emit(name: EventName, payload: unknown): void;
  started: boolean;
  stopped: boolean;
  /** For `HostOptions.createCore`. */
  create(options: CoreOptions): Promise<Core>;
}

/** A memory keychain (the host tests do not need the OS keychain). */
export const memoryKeychain: Keychain = {
  kind: 'memory',
  get: async () => null,
  set: async () => undefined,
  remove: async () => false,
};

/**
 * Creates the fake core. Handlers: `session.get` answers signed out; `contacts.get` rejects with
 * not_found; `transfers.list` throws a plain Error (→ internal); `documents.upload` resolves each
 * file through the Platform and returns the resolved files; `documents.open` opens `/etc/hostname`.
 */
export function createFakeCore(): FakeCore {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const fake: FakeCore = {
    options: null,
    started: false,
    stopped: false,
    emit(name, payload) {
      for (const listener of listeners.get(name) ?? []) listener(payload);
    },
    async create(options) {
      fake.options = options;
      return fake.core;
    },
    core: {
      handlers: {
        'session.get': async () => ({ state: 'signedOut', serverUrl: null, keychain: 'memory' }),
        'contacts.get': async () => {
          throw new BridgeError('not_found', 'That contact no longer exists.');
        },
        'transfers.list': async () => {
          throw new Error('database is locked');
        },
        'documents.upload': async (input: { files: Array<{ ref: string; name: string }> }) => {
          const platform = fake.options?.platform;
          if (!platform) throw new Error('no platform');
          return Promise.all(input.files.map((file) => platform.resolveFileRef(file)));
        },
      } as unknown as Core['handlers'],
      on(name, listener) {
        const set = listeners.get(name) ?? new Set();
        listeners.set(name, set);
        set.add(listener as (payload: unknown) => void);
        return () => set.delete(listener as (payload: unknown) => void);
      },
      openRecordLink: () => false,
      async start() {
        fake.started = true;
      },
      async stop() {
        fake.stopped = true;
      },
    },
  };
  return fake;
}
