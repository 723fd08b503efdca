/**
 * The files the upload queue keeps (docs/ARCHITECTURE.md, "Transfers"): each accepted file gets a
 * private copy at `<data folder>/upload-queue/<upload id>` until it has landed or the user cancels
 * it, so it can be sent after the original moved, after a restart, and after an outage of any
 * length. The copy is a clone where the file system can (`COPYFILE_FICLONE`: btrfs, XFS, APFS),
 * else a plain copy; a host with a private copy of its own moves it instead (`Platform.takeFile`).
 *
 * An upload accepted while the service answers is sent from the user's own file first, and kept
 * only when it has to wait (`keepOriginal`): a 1 GiB copy made before sending cost a 1 GiB upload
 * about a third of its time on an ext4 disk (docs/PERFORMANCE.md, rows 7–10). Until it is kept, the
 * file's size and modification time (`FileStamp`) tell whether it is still the file the user added.
 */
import { constants } from 'node:fs';
import { copyFile, mkdir, readdir, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { BridgeError, type FileRef } from '../../../preload/contract';
import type { Platform, ResolvedFile } from '../platform';
import { fileSize } from './local-files';

/** A file to keep: the user's reference, what it resolved to, and the upload id it is kept under. */
export interface FileToKeep {
  ref: FileRef;
  file: ResolvedFile;
  id: string;
}

/** The path of upload `id`'s kept file in `dir`. */
export function keptFilePath(dir: string, id: string): string {
  return join(dir, id);
}

function keepFailure(name: string, err: unknown): BridgeError {
  if (err instanceof BridgeError) return err;
  const code = (err as NodeJS.ErrnoException | null)?.code;
  if (code === 'ENOSPC') {
    return new BridgeError(
      'internal',
      `There is not enough free disk space to keep "${name}" until it is uploaded. Free some space and add it again.`,
    );
  }
  const reason = err instanceof Error ? err.message : String(err);
  return new BridgeError('internal', `BRM Desktop could not keep "${name}" for uploading (${reason}). Add it again.`);
}

/**
 * Keeps every file of `files` in `dir` (created when needed) and returns their paths, in order.
 * All or nothing: when one cannot be kept (no space, unreadable, changed size meanwhile), the copies
 * made so far are removed and a BridgeError says which file and what to do.
 */
export async function keepFiles(platform: Platform, dir: string, files: readonly FileToKeep[]): Promise<string[]> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const kept: string[] = [];
  try {
    for (const { ref, file, id } of files) {
      const dest = keptFilePath(dir, id);
      try {
        if (platform.takeFile) await platform.takeFile(ref, dest);
        else await copyFile(file.path, dest, constants.COPYFILE_EXCL | constants.COPYFILE_FICLONE);
      } catch (err) {
        throw keepFailure(file.name, err);
      }
      kept.push(dest);
      const size = await fileSize(dest);
      if (size !== file.size) {
        throw new BridgeError(
          'invalid_input',
          `"${file.name}" changed while BRM Desktop was adding it (${size ?? 0} bytes instead of ${file.size}). Add it again once it is saved.`,
        );
      }
    }
    return kept;
  } catch (err) {
    await Promise.all(kept.map((path) => rm(path, { force: true })));
    throw err;
  }
}

/** What tells whether a file is still the one added: its size (bytes) and modification time (ms since 1970-01-01 UTC). */
export interface FileStamp {
  size: number;
  mtimeMs: number;
}

/** The stamp of the regular file at `path`, or null when there is none. */
export async function fileStamp(path: string): Promise<FileStamp | null> {
  try {
    const info = await stat(path);
    return info.isFile() ? { size: info.size, mtimeMs: info.mtimeMs } : null;
  } catch {
    return null;
  }
}

/** The user's file of an upload was changed, moved or deleted after it was added and before the queue kept it. */
export class OriginalChangedError extends Error {
  constructor() {
    super(
      'The file was changed, moved or deleted after you added it, so it was not sent. Cancel this upload and add the file again.',
    );
    this.name = 'OriginalChangedError';
  }
}

/** Throws OriginalChangedError unless the file at `path` still has `size` bytes and modification time `mtimeMs`. */
export async function checkOriginal(path: string, size: number, mtimeMs: number): Promise<void> {
  const now = await fileStamp(path);
  if (now?.size !== size || now.mtimeMs !== mtimeMs) throw new OriginalChangedError();
}

/** An upload still read from the user's own file: its id, name, the file's path, and its stamp when added. */
export interface OriginalToKeep {
  id: string;
  name: string;
  path: string;
  stamp: FileStamp;
}

/**
 * Copies the user's file of `upload` into `dir` (as `keepFiles` does) and returns the copy's path,
 * once the file is checked to be the one added, before and after the copy. Throws
 * OriginalChangedError when it is not (no copy is left), or a BridgeError when it cannot be copied.
 */
export async function keepOriginal(dir: string, upload: OriginalToKeep): Promise<string> {
  const { path, stamp } = upload;
  await checkOriginal(path, stamp.size, stamp.mtimeMs);
  const dest = keptFilePath(dir, upload.id);
  try {
    await mkdir(dir, { recursive: true, mode: 0o700 });
    await rm(dest, { force: true });
    await copyFile(path, dest, constants.COPYFILE_EXCL | constants.COPYFILE_FICLONE);
    await checkOriginal(path, stamp.size, stamp.mtimeMs);
  } catch (err) {
    await rm(dest, { force: true });
    const gone = (err as NodeJS.ErrnoException | null)?.code === 'ENOENT';
    throw err instanceof OriginalChangedError || gone ? new OriginalChangedError() : keepFailure(upload.name, err);
  }
  return dest;
}

/** Removes a kept file (nothing happens when it is gone already). */
export async function removeKeptFile(path: string): Promise<void> {
  await rm(path, { force: true });
}

/** Removes every file of `dir` whose name is not in `keep` (copies left by a crash or a sign-out). */
export async function sweepKeptFiles(dir: string, keep: ReadonlySet<string>): Promise<void> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return;
  }
  await Promise.all(names.filter((name) => !keep.has(name)).map((name) => rm(join(dir, name), { force: true })));
}
