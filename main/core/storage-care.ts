/**
 * The data folder's care, wired for one core (docs/ARCHITECTURE.md, "A damaged file", "When the
 * data folder cannot be written"): the notices (damaged files set aside at open, the folder read-only
 * or not writable now) and the storage guard, whose problem shows as a notice while it lasts; once
 * the folder takes writes again, `recovered` brings the cache back in line with the outbox.
 */
import type { Cache } from './cache/cache';
import type { EventBus } from './events';
import { createStorageGuard, type StorageGuard } from './storage-guard';
import { cannotWriteNoticeId, createStorageNotices, type StorageNotices, setAsideNotices } from './storage-notices';

/** What the care needs. */
export interface StorageCareOptions {
  cache: Cache;
  /** The data folder. */
  folder: string;
  mode: 'electron' | 'browser';
  bus: EventBus;
  /** SQLite reported damage: check the files. */
  damaged(err: unknown): void;
  /** The folder takes writes again after a failure. */
  recovered(): void;
}

/** Creates the notices (with what the open found) and the guard of `options.folder`. */
export function createStorageCare(options: StorageCareOptions): { notices: StorageNotices; guard: StorageGuard } {
  const { cache } = options;
  const notices = createStorageNotices(options.bus);
  for (const notice of setAsideNotices(cache.setAside)) notices.add(notice);
  const guard = createStorageGuard({
    folder: options.folder,
    mode: options.mode,
    readOnly: cache.readOnly,
    damaged: (err) => options.damaged(err),
  });
  const problemNotice = (message: string) =>
    notices.add({ id: cannotWriteNoticeId, kind: 'cannotWrite', message, file: null });
  if (cache.readOnly) problemNotice(cache.readOnly.message);
  guard.onChange((problem) => {
    if (problem) return problemNotice(problem.message);
    notices.remove(cannotWriteNoticeId);
    options.recovered();
  });
  return { notices, guard };
}
