/**
 * The database files of the data folder (docs/ARCHITECTURE.md, "Cache schema") and how a damaged
 * one is set aside: renamed with the time, together with its -wal and -shm files, never deleted.
 * The file format (header magic, `user_version` at byte 60) is SQLite's: https://sqlite.org/fileformat.html.
 */
import { closeSync, existsSync, openSync, readSync, renameSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/** The rebuildable cache: synced records, their search indexes, the sync state, kept answers. */
export const cacheFileName = 'cache.db';
/** What only this machine has: settings, downloads, outbox, id mapping, drafts, refetch list, upload queue. */
export const localFileName = 'local.db';
/** The files that belong to a database file in WAL mode (and the rollback journal, should one exist). */
export const sidecarSuffixes = ['-wal', '-shm', '-journal'] as const;

/** A time as ISO 8601 basic format in UTC to the second (`20260131T091500Z`): sortable and valid in file names everywhere. */
export function fileStamp(at: Date): string {
  return `${at.toISOString().slice(0, 19).replaceAll('-', '').replaceAll(':', '')}Z`;
}

/** `local.before-v<N>.db` next to `file`: the copy taken before migration N (database.ts). */
export function backupPath(file: string, version: number): string {
  return join(dirname(file), `${basename(file, '.db')}.before-v${version}.db`);
}

/** The sidecar files of `file` that exist now. */
export function existingSidecars(file: string): string[] {
  return sidecarSuffixes.map((suffix) => file + suffix).filter((path) => existsSync(path));
}

/** A name next to `path` that is not taken: `path`, else `<stem>-2<ext>`, `<stem>-3<ext>`, … */
function freeName(stem: string, ext: string): string {
  for (let n = 1; ; n++) {
    const candidate = `${stem}${n === 1 ? '' : `-${n}`}${ext}`;
    if (![candidate, ...sidecarSuffixes.map((s) => candidate + s)].some((p) => existsSync(p))) return candidate;
  }
}

/**
 * Sets a database file aside: `cache.db` becomes `cache.damaged-<time>.db` (see fileStamp), its
 * sidecars following with the same name. The sidecars move first, so that a crash half-way never
 * leaves an old -wal next to a new file. Also moves sidecars whose database file is gone. Returns
 * the new path of the database file (whether or not it existed). Throws what `rename` throws.
 */
export function setAside(file: string, label: string, at = new Date()): string {
  const stem = join(dirname(file), `${basename(file, '.db')}.${label}-${fileStamp(at)}`);
  const aside = freeName(stem, '.db');
  for (const suffix of sidecarSuffixes) if (existsSync(file + suffix)) renameSync(file + suffix, aside + suffix);
  if (existsSync(file)) renameSync(file, aside);
  return aside;
}

/** Renames the folder `path` (when it exists) to `<path>.<label>-<time>`; returns the new path, or null when there was none. */
export function setFolderAside(path: string, label: string, at = new Date()): string | null {
  if (!existsSync(path)) return null;
  const aside = freeName(`${path}.${label}-${fileStamp(at)}`, '');
  renameSync(path, aside);
  return aside;
}

const magic = Buffer.from('SQLite format 3\0', 'latin1');

/** The `user_version` in `file`'s header, or null when the file is too short or not an SQLite database. */
export function headerUserVersion(file: string): number | null {
  let fd: number | null = null;
  try {
    fd = openSync(file, 'r');
    const header = Buffer.alloc(100);
    if (readSync(fd, header, 0, 100, 0) < 100 || !header.subarray(0, 16).equals(magic)) return null;
    return header.readInt32BE(60);
  } catch {
    return null;
  } finally {
    if (fd !== null) closeSync(fd);
  }
}
