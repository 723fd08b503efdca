/**
 * A client data folder that cannot be written (docs/ARCHITECTURE.md, "When the data folder cannot be
 * written"): small tmpfs mounts kept track of so each is unmounted after a test (Linux, as root), and
 * the words the app says about such a folder (main/core/storage-errors.ts).
 */
import { join } from 'node:path';
import { mountTmpfs, unmount } from './data-folder';

/** The words of a full disk under the data folder `dataDir`. */
export const diskFullWords = (dataDir: string) =>
  `BRM Desktop cannot write to ${dataDir}: the disk is full. Free some space; syncing resumes by itself.`;

/** The words of a data folder `dataDir` that was read-only at start, shown read-only. */
export const readOnlyWords = (dataDir: string) =>
  `BRM Desktop cannot write to ${dataDir}: the folder is read-only or your user may not write to it. It shows the data saved there, read-only, and does not sync. Make the folder writable and start BRM Desktop again, or start it with --data and a folder it can write to.`;

/** Tmpfs mounts under one folder. */
export interface Mounts {
  /** Mounts a tmpfs of `size` (e.g. `16m`) at `<root>/<name>` and returns its path. */
  mount(name: string, size: string): string;
  /** Unmounts the tmpfs at `dir` (lazily) when it is one of these. */
  unmount(dir: string): void;
  /** Unmounts every one still mounted. */
  unmountAll(): void;
}

/** Keeps track of the tmpfs mounts made under `root`. */
export function tmpfsMounts(root: string): Mounts {
  const mounted = new Set<string>();
  return {
    mount(name, size) {
      const dir = join(root, name);
      mountTmpfs(dir, size);
      mounted.add(dir);
      return dir;
    },
    unmount(dir) {
      if (!mounted.delete(dir)) return;
      unmount(dir);
    },
    unmountAll() {
      for (const dir of [...mounted]) this.unmount(dir);
    },
  };
}
