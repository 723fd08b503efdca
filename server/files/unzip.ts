/**
 * Safe unpacking of zip files (yauzl) into temp files of the file store, all or nothing. The whole
 * central directory is checked before any byte is extracted; the limits are those the contract
 * states for `Unpack Zip file Related Documents`.
 */
import type { Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { nameKeyKinds, nameKeys } from '../../api/name-key';
import { ProblemError } from '../http/problem';
import { type ContentDigest, writeDigested } from './content-digest';
import { sanitizeFileName } from './disposition';
import type { FileStore } from './file-store';

/** The limits of one unpack (bytes are uncompressed sizes). */
export const zipLimits = {
  maxEntries: 1000,
  maxTotalBytes: 512 * 1024 ** 2,
  /** An entry larger than `ratioFloorBytes` may expand at most this many times. */
  maxRatio: 100,
  ratioFloorBytes: 1024 ** 2,
} as const;

/** One extracted file: its flattened, de-duplicated name, its temp file and its digest. */
export interface UnpackedFile extends ContentDigest {
  name: string;
  tempPath: string;
}

/** 422 `/problems/unprocessable` for a refused zip. */
function refusedZip(detail: string): ProblemError {
  return new ProblemError(422, '/problems/unprocessable', `The zip file is refused: ${detail}. Nothing was unpacked.`);
}

/** Unix file type bits of an entry (0 when the zip was not made on Unix). */
function unixFileType(entry: Entry): number {
  return (entry.externalFileAttributes >>> 16) & 0o170000;
}

/** Why an entry is refused, or null when it is acceptable. */
export function entryProblem(entry: Entry): string | null {
  if (unixFileType(entry) === 0o120000) return `entry "${entry.fileName}" is a symbolic link`;
  if (entry.isEncrypted()) return `entry "${entry.fileName}" is encrypted`;
  if (
    entry.uncompressedSize > zipLimits.ratioFloorBytes &&
    entry.uncompressedSize > zipLimits.maxRatio * Math.max(1, entry.compressedSize)
  ) {
    return `entry "${entry.fileName}" expands from ${entry.compressedSize} to ${entry.uncompressedSize} bytes (more than ${zipLimits.maxRatio} times)`;
  }
  return null;
}

/** Turns a yauzl error into the problem the contract promises. */
function explain(error: Error): ProblemError {
  if (error instanceof ProblemError) return error;
  const unsafe = /^(?:absolute path|invalid relative path|invalid characters in fileName): (.*)$/.exec(error.message);
  if (unsafe) return refusedZip(`entry "${unsafe[1]}" has an unsafe path (absolute, with ".." or with backslashes)`);
  return refusedZip(`it is damaged or not a zip file (${error.message})`);
}

/** The keys of `name` as entries of a set of taken names (`api/name-key.ts`: kind and key). */
function keysOf(name: string): string[] {
  const keys = nameKeys(name);
  return nameKeyKinds.map((kind) => `${kind}:${keys[kind]}`);
}

/**
 * A name that reads like none in `taken` (`api/name-key.ts`): "name", "name (2)", ... before the
 * extension; its keys are added to `taken`.
 */
function uniqueName(name: string, taken: Set<string>): string {
  const dot = name.lastIndexOf('.');
  const [stem, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  let candidate = name;
  for (let n = 2; keysOf(candidate).some((key) => taken.has(key)); n++)
    candidate = `${stem.slice(0, 240)} (${n})${ext}`;
  for (const key of keysOf(candidate)) taken.add(key);
  return candidate;
}

/** Reads every central directory entry, refusing the zip at the first bad one or a broken limit. */
function readEntries(zip: ZipFile): Promise<Entry[]> {
  return new Promise((resolve, reject) => {
    const entries: Entry[] = [];
    let total = 0;
    zip.on('error', reject);
    zip.on('end', () => resolve(entries));
    zip.on('entry', (entry: Entry) => {
      const problem = entryProblem(entry);
      total += entry.uncompressedSize;
      if (problem) return reject(refusedZip(problem));
      if (total > zipLimits.maxTotalBytes) {
        return reject(
          refusedZip(`its files add up to more than ${zipLimits.maxTotalBytes} bytes (512 MiB) uncompressed`),
        );
      }
      entries.push(entry);
      zip.readEntry();
    });
    zip.readEntry();
  });
}

/** Files worth a document: not directories, not empty, not macOS resource forks. */
function isWanted(entry: Entry): boolean {
  return !entry.fileName.endsWith('/') && entry.uncompressedSize > 0 && !entry.fileName.startsWith('__MACOSX/');
}

/**
 * Unpacks the zip at `path` into temp files of `files` (names flattened to their last part and made
 * unique). Throws a 422 problem, with every temp file deleted, when the zip breaks a rule of
 * `zipLimits`, has an unsafe, linked or encrypted entry, is damaged, or holds no file.
 */
export async function unpackZip(path: string, files: FileStore): Promise<UnpackedFile[]> {
  const zip = await new Promise<ZipFile>((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true, autoClose: false, validateEntrySizes: true }, (error, opened) =>
      error ? reject(explain(error)) : resolve(opened),
    ),
  );
  const unpacked: UnpackedFile[] = [];
  try {
    if (zip.entryCount > zipLimits.maxEntries) {
      throw refusedZip(`it has ${zip.entryCount} entries; at most ${zipLimits.maxEntries} are accepted`);
    }
    const entries = (await readEntries(zip).catch((error: Error) => Promise.reject(explain(error)))).filter(isWanted);
    if (entries.length === 0) throw refusedZip('it holds no file with content');
    const taken = new Set<string>();
    for (const entry of entries) {
      const name = uniqueName(sanitizeFileName(entry.fileName.split('/').pop() ?? '') || 'file', taken);
      const file: UnpackedFile = { name, tempPath: files.tempPath(), size: 0, sha256: '', crc32: '' };
      unpacked.push(file);
      const stream = await new Promise<Readable>((resolve, reject) =>
        zip.openReadStream(entry, (error, opened) => (error ? reject(explain(error)) : resolve(opened))),
      );
      const digest = await writeDigested(stream, file.tempPath).catch((error: Error) => Promise.reject(explain(error)));
      Object.assign(file, digest);
    }
    return unpacked;
  } catch (error) {
    await Promise.all(unpacked.map((f) => files.discard(f.tempPath)));
    throw error;
  } finally {
    zip.close();
  }
}
