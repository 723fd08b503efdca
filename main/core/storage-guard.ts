/**
 * Where the core learns that the data folder cannot be written, and when it can again
 * (docs/ARCHITECTURE.md, "When the data folder cannot be written"). Sync, the write path and
 * transfers run their work through the guard: a failure that is a storage problem
 * (storage-errors.ts) becomes a StorageError in words and the guard's current problem; while there
 * is one, edits are refused with the same words unless a probe shows the folder takes writes again,
 * and sync fails fast with it (and so retries with its backoff) until then. Damage reported by
 * SQLite is handed on to be checked and repaired.
 */
import { BridgeError } from '../../preload/contract';
import { isDamageError, type StorageError, toStorageError } from './storage-errors';
import { probeWritable } from './storage-probe';

/** The guard of one data folder. */
export interface StorageGuard {
  /** What keeps the folder from being written now, or null. */
  current(): StorageError | null;
  /**
   * Throws the current StorageError, unless there is none or a probe shows the folder takes writes
   * again (the problem then clears). Never clears a folder opened read-only.
   */
  assertWritable(): void;
  /** `err` as a StorageError when it is a storage failure (it becomes the current problem), as a BridgeError in words when it is damage; else `err`. */
  translate(err: unknown): unknown;
  /** Runs `work` (its result may be a promise), translating what it throws or rejects with. */
  run<T>(work: () => T): T;
  /** Listens to changes of the current problem; returns the unsubscribe function. */
  onChange(listener: (problem: StorageError | null) => void): () => void;
}

/** What the guard needs. */
export interface StorageGuardOptions {
  /** The data folder (named in messages, probed). */
  folder: string;
  mode: 'electron' | 'browser';
  /** Set when the folder was opened read-only: the problem for good. */
  readOnly: StorageError | null;
  /** Called when SQLite reports damage (SQLITE_CORRUPT, SQLITE_NOTADB). */
  damaged(err: unknown): void;
  /** Probes the folder (default: storage-probe.ts). */
  probe?: (folder: string) => ReturnType<typeof probeWritable>;
}

/** Creates the guard of `options.folder`. */
export function createStorageGuard(options: StorageGuardOptions): StorageGuard {
  const probe = options.probe ?? probeWritable;
  const listeners = new Set<(problem: StorageError | null) => void>();
  let problem: StorageError | null = options.readOnly;

  function set(next: StorageError | null): void {
    if (next === problem || (next && problem && next.message === problem.message)) return;
    problem = next;
    for (const listener of listeners) listener(problem);
  }

  function translate(err: unknown): unknown {
    const storage = toStorageError(err, options.folder, options.mode);
    if (storage) {
      if (!options.readOnly) set(storage);
      return options.readOnly ?? storage;
    }
    if (isDamageError(err)) {
      options.damaged(err);
      return new BridgeError(
        'storage',
        `BRM Desktop found damage in its files in ${options.folder}. It checks them now and downloads the damaged copy of your data again from the service; your unsent changes stay where they are. Try again in a moment.`,
      );
    }
    return err;
  }

  return {
    current: () => problem,
    assertWritable() {
      if (!problem) return;
      if (options.readOnly) throw options.readOnly;
      let now: ReturnType<typeof probeWritable>;
      try {
        now = probe(options.folder);
      } catch {
        now = problem.problem;
      }
      if (now === null) set(null);
      else throw problem;
    },
    translate,
    run<T>(work: () => T): T {
      let result: T;
      try {
        result = work();
      } catch (err) {
        throw translate(err);
      }
      if (result instanceof Promise) return result.catch((err: unknown) => Promise.reject(translate(err))) as T;
      return result;
    },
    onChange(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
