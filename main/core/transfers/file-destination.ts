/**
 * Where a file the app writes (an export) goes, and how it gets there without leaving half a file:
 * the bytes go into a `.part` file beside the destination, which is renamed to the destination only
 * once complete (docs/ARCHITECTURE.md, "Transfers"); a failed or cancelled write deletes the `.part`.
 * The destination is the location the user chose (`Platform.chooseSaveLocation`, the Electron save
 * dialog) or, without one (browser mode), a free name in the downloads folder, as downloads get.
 */
import { mkdir, rename, unlink } from 'node:fs/promises';
import { basename, dirname } from 'node:path';
import { BridgeError } from '../../../preload/contract';
import type { Platform, SaveKind } from '../platform';
import { storageProblemOf } from '../storage-errors';
import { moveToFreeName, reserveFreeName } from './local-files';
import { safeFileName } from './safe-file-name';

/** Where a file goes: the chosen path, or (path null) a free name for `name` in `dir` once it is complete. */
export interface FileDestination {
  dir: string;
  /** The safe file name (no folders). */
  name: string;
  /** The path the user chose (replaced when it exists: the save dialog asked), or null. */
  path: string | null;
}

/** A CSV file (RFC 4180). */
export const csvKind: SaveKind = { label: 'CSV file', extensions: ['csv'] };

/**
 * Asks the platform where to save `suggestedName` (a safe name is suggested), or picks the downloads
 * folder when the platform cannot ask. Resolves null when the user closed the dialog.
 */
export async function chooseDestination(
  platform: Platform,
  downloadsDir: string,
  suggestedName: string,
  kind: SaveKind,
): Promise<FileDestination | null> {
  const name = safeFileName(suggestedName);
  if (!platform.chooseSaveLocation) return { dir: downloadsDir, name, path: null };
  const path = await platform.chooseSaveLocation(name, kind);
  if (path === null) return null;
  return { dir: dirname(path), name: safeFileName(basename(path)), path };
}

/** Creates the destination's folder and an empty `.part` file at a free name there; returns its path. */
export async function reservePart(destination: FileDestination): Promise<string> {
  await mkdir(destination.dir, { recursive: true });
  return reserveFreeName(destination.dir, destination.name, '.part');
}

/** Renames the complete `partPath` to the destination (a free name when none was chosen); returns the final path. */
export async function finishPart(destination: FileDestination, partPath: string): Promise<string> {
  if (!destination.path) return moveToFreeName(partPath, destination.dir, destination.name);
  await rename(partPath, destination.path);
  return destination.path;
}

/** Deletes a `.part` file that will not be finished (no error when it is gone already). */
export async function dropPart(partPath: string): Promise<void> {
  await unlink(partPath).catch(() => undefined);
}

/**
 * The words for a file that could not be written to `dir` because of the disk or the folder (full,
 * read-only or not writable for this user, an I/O error; main/core/storage-errors.ts), as a
 * BridgeError('storage'); null for any other error.
 */
export function fileWriteError(err: unknown, dir: string): BridgeError | null {
  const problem = storageProblemOf(err);
  if (!problem) return null;
  const reason =
    problem === 'full'
      ? 'the disk is full'
      : problem === 'readOnly'
        ? 'the folder is read-only or your user may not write to it'
        : 'the disk reported an error';
  return new BridgeError(
    'storage',
    `The file could not be saved in ${dir}: ${reason}. Nothing was left there. Free some space or choose another folder, then export again.`,
  );
}
