/**
 * The files the upload queue keeps (docs/ARCHITECTURE.md, "Transfers"): each accepted file gets a
 * private copy at `<data folder>/upload-queue/<upload id>` until it has landed or the user cancels
 * it, so it can be sent after the original moved, after a restart, and after an outage of any
 * length. The copy is a clone where the file system can (`COPYFILE_FICLONE`: btrfs, XFS, APFS),
 * else a plain copy; a host with a private copy of its own moves it instead (`Platform.takeFile`).
 */
import { constants } from 'node:fs';
import { copyFile, mkdir, readdir, rm } from 'node:fs/promises';
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
