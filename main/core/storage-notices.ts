/**
 * The notices about the data folder's files (preload/contract/storage.ts) and their words: what
 * happened to which file, what is safe, and what to do (docs/ARCHITECTURE.md, "A damaged file").
 * The list is kept in memory for this run; every change is sent as `storage.notices`.
 */
import type { StorageNotice } from '../../preload/contract';
import type { SetAsideFile } from './cache/open-files';
import type { EventBus } from './events';

/** The notices of this run. */
export interface StorageNotices {
  list(): StorageNotice[];
  /** Adds (or replaces, by id) a notice. */
  add(notice: Omit<StorageNotice, 'at'> & { at?: string }): void;
  /** Removes a notice; false when there was none with that id. */
  remove(id: string): boolean;
}

/** Creates the notices, announced on `bus`. */
export function createStorageNotices(bus: EventBus): StorageNotices {
  let notices: StorageNotice[] = [];
  const announce = () => bus.emit('storage.notices', notices);
  return {
    list: () => notices,
    add(notice) {
      const full = { ...notice, at: notice.at ?? new Date().toISOString() };
      notices = [...notices.filter((n) => n.id !== full.id), full];
      announce();
    },
    remove(id) {
      const before = notices.length;
      notices = notices.filter((n) => n.id !== id);
      if (notices.length === before) return false;
      announce();
      return true;
    },
  };
}

const movedFolders = (folders: readonly string[]) =>
  folders.length ? ` The files that were waiting to be sent were moved to ${folders.join(' and ')}.` : '';

/** The notice for cache.db set aside (at open, or while running) as `aside`. */
export function cacheRebuiltNotice(aside: string, heldLocalData = false, folders: readonly string[] = []) {
  const message = heldLocalData
    ? `The local copy of your data was damaged and could not be read. It was set aside as ${aside} and is being downloaded again from the service. That file also held the changes made on this machine that were not sent yet: they could not be read and will not be sent. Keep the file if you need them.${movedFolders(folders)}`
    : `The local copy of your data was damaged. It was set aside as ${aside} and is being downloaded again from the service; your unsent changes are safe.`;
  return { id: `cacheRebuilt:${aside}`, kind: 'cacheRebuilt' as const, message, file: aside };
}

/** The notice for local.db set aside at open as `aside`. */
export function localSetAsideNotice(aside: string, folders: readonly string[] = []) {
  return {
    id: `localSetAside:${aside}`,
    kind: 'localSetAside' as const,
    message: `The file with what only this machine has (changes not sent yet, drafts, waiting uploads, your sign-in) was damaged and could not be read. It was set aside as ${aside}: the unsent work in it was not sent. Keep that file if you need what it held.${movedFolders(folders)} BRM Desktop started with an empty one; sign in again to continue.`,
    file: aside,
  };
}

/** The notices for the files set aside at open. */
export function setAsideNotices(files: readonly SetAsideFile[]) {
  return files.map((file) =>
    file.kind === 'local'
      ? localSetAsideNotice(file.aside, file.folders)
      : cacheRebuiltNotice(file.aside, file.heldLocalData, file.folders),
  );
}

/** The notice for damage SQLite found in local.db (`file`) while running. */
export function localDamagedNotice(file: string, findings: string) {
  return {
    id: `localDamaged:${file}`,
    kind: 'localDamaged' as const,
    message: `BRM Desktop found damage in ${file}, the file with your unsent changes, drafts and waiting uploads (SQLite reports: ${findings}). It keeps sending what it can read. Keep a copy of that file before you sign out, and start BRM Desktop again: a file that cannot be read is then set aside.`,
    file,
  };
}

/** The id of the notice shown while the data folder cannot be written. */
export const cannotWriteNoticeId = 'cannotWrite';
