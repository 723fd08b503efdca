/** File-system helpers of transfers: free names in a folder, moving a finished `.part` to one, file sizes, opening a `.part` to write, the read chunk size. */
import { constants } from 'node:fs';
import { type FileHandle, link, open, rename, stat, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { maxFileNameBytes, numberedFileName } from './safe-file-name';

/** Bytes read from disk per chunk when a transfer reads a file (1 MiB: few reads, few events per GiB). */
export const readChunkBytes = 1024 * 1024;

/**
 * Calls `take` with `name`, `name (1).ext`, `name (2).ext`, … in `dir` (with `suffix` appended)
 * until one does not reject with EEXIST, and returns that path. `take` must fail with EEXIST when
 * the name exists, so two transfers never get the same name. Throws when 1000 names are taken, or
 * with `take`'s other errors.
 */
async function firstFreeName(
  dir: string,
  safeName: string,
  suffix: string,
  take: (candidate: string) => Promise<void>,
): Promise<string> {
  const room = maxFileNameBytes - Buffer.byteLength(suffix, 'utf8');
  for (let n = 0; n < 1000; n++) {
    const candidate = join(dir, numberedFileName(safeName, n, room) + suffix);
    try {
      await take(candidate);
      return candidate;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
  }
  throw new Error(`There are too many files named like ${safeName} in ${dir}. Move some of them away.`);
}

/**
 * Creates an empty file at the first free name among `name`, `name (1).ext`, `name (2).ext`, … in
 * `dir` (with `suffix` appended, e.g. ".part") and returns its path. Creation is exclusive, so two
 * transfers never get the same name. Throws when 1000 names are taken.
 */
export function reserveFreeName(dir: string, safeName: string, suffix = ''): Promise<string> {
  return firstFreeName(dir, safeName, suffix, async (candidate) => {
    await (await open(candidate, 'wx')).close();
  });
}

/** Errors of `link` that mean the folder's file system has no hard links (FAT, exFAT, some network shares). */
const noHardLinks = new Set(['EPERM', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EXDEV', 'EMLINK', 'EINVAL']);

/**
 * Moves the finished file at `partPath` to the first free name among `safeName`, `name (1).ext`, …
 * in `dir` (its own folder) and returns the new path. The file is linked to the free name (a link
 * is never made over an existing file, so two transfers never take the same name) and its `.part`
 * name removed. Renaming it onto an empty file reserved by `reserveFreeName` instead made ext4
 * allocate and start writing every byte of the file in `rename` ("auto_da_alloc" for a replaced
 * file): 0.5–0.6 s after a 1 GiB download (docs/PERFORMANCE.md, row 9). Where the file system has
 * no hard links, the name is reserved and the file renamed onto it, as before. Throws when 1000
 * names are taken, or with the file system's error.
 */
export async function moveToFreeName(partPath: string, dir: string, safeName: string): Promise<string> {
  let linked: string;
  try {
    linked = await firstFreeName(dir, safeName, '', (candidate) => link(partPath, candidate));
  } catch (err) {
    if (!noHardLinks.has((err as NodeJS.ErrnoException).code ?? '')) throw err;
    const reserved = await reserveFreeName(dir, safeName);
    await rename(partPath, reserved);
    return reserved;
  }
  await unlink(partPath);
  return linked;
}

/** The size of a regular file in bytes, or null when there is none at `path`. */
export async function fileSize(path: string): Promise<number | null> {
  try {
    const info = await stat(path);
    return info.isFile() ? info.size : null;
  } catch {
    return null;
  }
}

/**
 * Opens the `.part` file at `path` (reserved by `reserveFreeName`, or kept from an earlier attempt)
 * for writing, creating it when missing. `keep`: its bytes are continued (a resumed download);
 * otherwise they are dropped, but the file is truncated only when it holds any: a file truncated to
 * zero bytes (as opening with 'w' does, even an empty one) makes ext4 allocate and start writing
 * every byte written after it when the file is closed ("auto_da_alloc"), which held `close` for
 * 0.4–0.46 s after a 1 GiB download (docs/PERFORMANCE.md, row 9). Rejects with the file's error.
 */
export async function openPartFile(path: string, keep: boolean): Promise<FileHandle> {
  const file = await open(path, constants.O_RDWR | constants.O_CREAT);
  try {
    if (!keep && (await file.stat()).size > 0) await file.truncate(0);
    return file;
  } catch (err) {
    await file.close();
    throw err;
  }
}
