/**
 * Bridge calls and events about the data folder's files (docs/ARCHITECTURE.md, "Cache schema"):
 * notices the app shows until they no longer apply or the user dismisses them — a damaged file set
 * aside (and what it held), the folder that cannot be written (disk full, read-only).
 */
import { z } from 'zod';
import { call, empty } from './common';

/** A message about the data folder, shown until it no longer applies or is dismissed. */
export interface StorageNotice {
  id: string;
  /**
   * - cacheRebuilt: cache.db was damaged, set aside, and is downloaded again;
   * - localSetAside: local.db was damaged and set aside; what it held was not sent;
   * - localDamaged: local.db shows damage while the app runs;
   * - cannotWrite: the data folder cannot be written now (sync waits, edits are refused).
   */
  kind: 'cacheRebuilt' | 'localSetAside' | 'localDamaged' | 'cannotWrite';
  /** What happened and what to do. */
  message: string;
  /** The file it is about (where a damaged file was set aside), or null. */
  file: string | null;
  /** When it was noticed, ISO 8601 UTC. */
  at: string;
}

export const storageCalls = {
  'storage.listNotices': call<StorageNotice[]>()(empty),
  'storage.dismissNotice': call<{ dismissed: boolean }>()(z.object({ id: z.string().min(1).max(200) }).strict()),
} as const;

export interface StorageEvents {
  /** The notices changed: all of them now. */
  'storage.notices': StorageNotice[];
}
