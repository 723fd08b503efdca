/**
 * The core's parts that write the data folder, run through the storage guard (storage-guard.ts;
 * docs/ARCHITECTURE.md, "When the data folder cannot be written"): a failure to write becomes a
 * StorageError in words naming the folder, and while one is known, edits are refused with the same
 * words before anything is written.
 */
import type { CallName } from '../../preload/contract';
import type { CoreHandlers } from './platform';
import type { StorageGuard } from './storage-guard';
import type { PageWriter } from './sync/page-writer';
import type { WriteQueue } from './writes/write-queue';

/** The write queue's calls that write (every edit and every answer of the user to the outbox). */
const writingCalls = [
  'create',
  'update',
  'remove',
  'action',
  'queue',
  'retry',
  'discard',
  'resolveFields',
  'resolveDeleted',
] as const satisfies readonly (keyof WriteQueue)[];

/** `writes` with every edit refused while the folder cannot be written, and its failures in words. */
export function guardWriteQueue(writes: WriteQueue, guard: StorageGuard): WriteQueue {
  const guarded: WriteQueue = { ...writes };
  for (const name of writingCalls) {
    const call = writes[name] as (...args: unknown[]) => unknown;
    (guarded as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
      guard.assertWritable();
      return guard.run(() => call.apply(writes, args));
    };
  }
  return guarded;
}

/** A page writer that forwards to `current()` (replaced when the cache file is), its failures in words. */
export function guardPageWriter(current: () => PageWriter, guard: StorageGuard): PageWriter {
  return {
    get kind() {
      return current().kind;
    },
    writePage: (...args: Parameters<PageWriter['writePage']>) => guard.run(() => current().writePage(...args)),
    clear: () => guard.run(() => current().clear()),
    close: () => current().close(),
  };
}

/** Every handler with its storage failures in words (code `storage`). */
export function guardHandlers(handlers: CoreHandlers, guard: StorageGuard): CoreHandlers {
  const guarded: Partial<Record<CallName, unknown>> = {};
  for (const [name, handler] of Object.entries(handlers) as [CallName, (input: unknown) => Promise<unknown>][]) {
    guarded[name] = (input: unknown) => guard.run(() => handler(input));
  }
  return guarded as CoreHandlers;
}
