/**
 * The browser-mode staging area: a file the user drops or picks in the page is streamed by the
 * browser to `PUT /stage`, written to `<dataDir>/staging/<launch id>/<uuid>`, and the uuid becomes
 * the file's `FileRef.ref`. Only refs staged here resolve (see the browser-mode Platform). Staged
 * files last for the life of the host process, unless the upload queue takes one over (`take`),
 * which moves it into the queue's folder so it survives a restart (docs/ARCHITECTURE.md,
 * "Transfers"). Each launch stages in its own folder and removes only that one; what a launch that
 * died left behind is removed by the next host that holds the data folder's lock
 * (`removeStagingLeftovers`, data-folder-lock.ts).
 */
import { formatBytes } from '../core/format-bytes';
import { randomUUID } from 'node:crypto';
import { constants, createWriteStream } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/** Largest file the staging area accepts: 2 GiB. */
export const maxStagedBytes = 2 * 1024 ** 3;

/** A staged file. `ref` is the uuid the page passes back as `FileRef.ref`. */
export interface StagedFile {
  ref: string;
  /** The file's name as the user knows it. */
  name: string;
  /** Bytes. */
  size: number;
  /** Absolute path of the staged copy. */
  path: string;
}

/** Thrown by `stage` when the body exceeds the limit; the partial file is removed. */
export class StagingTooLargeError extends Error {
  constructor(readonly limitBytes: number) {
    super(`The file is larger than ${formatBytes(limitBytes)}, the most BRM Desktop accepts.`);
    this.name = 'StagingTooLargeError';
  }
}

/** Staged files of this host run. */
export interface StagingArea {
  readonly dir: string;
  readonly limitBytes: number;
  /**
   * Streams `body` to a new staged file named `name`. Throws StagingTooLargeError when it passes
   * `limitBytes`, or the stream's error when the body breaks off; nothing is left on disk then.
   */
  stage(body: NodeJS.ReadableStream, name: string): Promise<StagedFile>;
  /** The staged file for `ref`, or undefined when `ref` was not staged by this run. */
  get(ref: string): StagedFile | undefined;
  /**
   * Moves the staged file of `ref` to `destPath` (which must not exist) and forgets it: renamed on
   * the same disk, else copied and removed. Returns false when `ref` was not staged by this run.
   */
  take(ref: string, destPath: string): Promise<boolean>;
  /** Removes every staged file. */
  clear(): Promise<void>;
}

/**
 * Checks a file name given to `PUT /stage`: 1–255 characters, no path separators, NUL bytes or
 * dot names. Returns a message saying what is wrong, or null when the name is fine.
 */
export function checkStagedName(name: string | null): string | null {
  if (name === null || name.length === 0) return 'Give the file name in the "name" query parameter.';
  if (name.length > 255) return 'The file name is longer than 255 characters. Rename the file and try again.';
  if (/[/\\\0]/.test(name) || name === '.' || name === '..') {
    return 'The file name may not contain "/", "\\" or NUL, nor be "." or "..". Rename the file and try again.';
  }
  return null;
}

/**
 * Removes everything in the staging root `root` but the folder named `keep` (this launch's):
 * leftovers of launches that ended without stopping. Call it only while holding the data folder's
 * lock, so no other live host stages there. A missing root is fine.
 */
export async function removeStagingLeftovers(root: string, keep: string): Promise<void> {
  let names: string[];
  try {
    names = await readdir(root);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  await Promise.all(
    names.filter((name) => name !== keep).map((name) => rm(join(root, name), { recursive: true, force: true })),
  );
}

/**
 * Creates the staging area in `dir` (mode 0700, its parent too when created), removing what a
 * previous run left in `dir` itself.
 */
export async function createStagingArea(dir: string, limitBytes: number = maxStagedBytes): Promise<StagingArea> {
  await rm(dir, { recursive: true, force: true });
  await mkdir(dirname(dir), { recursive: true, mode: 0o700 });
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const staged = new Map<string, StagedFile>();
  return {
    dir,
    limitBytes,
    async stage(body, name) {
      const ref = randomUUID();
      const path = join(dir, ref);
      let size = 0;
      const limiter = new Transform({
        transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback) {
          size += chunk.length;
          if (size > limitBytes) callback(new StagingTooLargeError(limitBytes));
          else callback(null, chunk);
        },
      });
      try {
        await pipeline(body, limiter, createWriteStream(path, { flags: 'wx', mode: 0o600 }));
      } catch (error) {
        await rm(path, { force: true });
        throw error;
      }
      const file: StagedFile = { ref, name, size, path };
      staged.set(ref, file);
      return file;
    },
    get: (ref) => staged.get(ref),
    async take(ref, destPath) {
      const file = staged.get(ref);
      if (!file) return false;
      try {
        await rename(file.path, destPath);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EXDEV') throw error;
        await copyFile(file.path, destPath, constants.COPYFILE_EXCL);
        await rm(file.path, { force: true });
      }
      staged.delete(ref);
      return true;
    },
    async clear() {
      staged.clear();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
