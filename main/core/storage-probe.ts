/**
 * Can the data folder be written now? A small file is written, flushed and removed
 * (docs/ARCHITECTURE.md, "When the data folder cannot be written"): at start (a read-only folder
 * opens its data read-only) and while writes are known to fail (they are tried again once it passes).
 */
import { closeSync, fsyncSync, openSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { type StorageProblem, storageProblemOf } from './storage-errors';

/** Bytes the probe writes: about one SQLite transaction of a few pages. */
const probeBytes = 64 * 1024;
/** The probe's file name in the data folder (removed again at once). */
export const probeFileName = '.brm-write-probe';

/** The storage problem writing to `folder` runs into now, or null when it can be written. Throws other errors. */
export function probeWritable(folder: string): StorageProblem | null {
  const file = join(folder, probeFileName);
  let fd: number | null = null;
  try {
    fd = openSync(file, 'w');
    writeSync(fd, Buffer.alloc(probeBytes));
    fsyncSync(fd);
    return null;
  } catch (err) {
    const problem = storageProblemOf(err);
    if (!problem) throw err;
    return problem;
  } finally {
    if (fd !== null) closeSync(fd);
    rmSync(file, { force: true });
  }
}
