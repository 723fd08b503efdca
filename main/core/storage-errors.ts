/**
 * Failures to write the data folder, in words a user can act on, shared by sync, the write path and
 * transfers (docs/ARCHITECTURE.md, "When the data folder cannot be written"). A failure is classified
 * from SQLite's result codes (https://sqlite.org/rescode.html, as better-sqlite3 names them in
 * `err.code`) and from POSIX errno names (Node's `err.code`): the disk is full, the folder is
 * read-only (or not ours to write), or the disk reported an I/O error. Damage (SQLITE_CORRUPT,
 * SQLITE_NOTADB) is told apart: it is repaired, not waited out.
 */
import { statfsSync } from 'node:fs';
import { BridgeError } from '../../preload/contract';

/** What keeps the data folder from being written. */
export type StorageProblem = 'full' | 'readOnly' | 'io';

/** When the problem is met: while running (sync waits), at a start that shows the data read-only, or at a start that cannot go on. */
export type StoragePhase = 'running' | 'readOnlyStart' | 'cannotStart';

/** Below this many free bytes an I/O error is reported as a full disk (SQLite reports some writes on a full disk as I/O errors). */
const nearlyFullBytes = 1024 * 1024;

const fullCodes = new Set(['SQLITE_FULL', 'ENOSPC', 'EDQUOT']);
const readOnlyCodes = new Set(['EROFS', 'EACCES', 'EPERM']);
const ioCodes = new Set(['EIO']);

const codeOf = (err: unknown): string => {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : '';
};

/**
 * The storage problem behind `err`, or null when `err` is something else. SQLite's extended codes
 * count with their primary code (SQLITE_READONLY_DBMOVED is read-only, SQLITE_IOERR_WRITE an I/O
 * error); SQLITE_CANTOPEN (a journal or the database cannot be created) counts as read-only.
 */
export function storageProblemOf(err: unknown): StorageProblem | null {
  const code = codeOf(err);
  if (fullCodes.has(code)) return 'full';
  if (readOnlyCodes.has(code) || code.startsWith('SQLITE_READONLY') || code.startsWith('SQLITE_CANTOPEN'))
    return 'readOnly';
  if (ioCodes.has(code) || (code.startsWith('SQLITE_IOERR') && code !== 'SQLITE_IOERR_NOMEM')) return 'io';
  return null;
}

/** True when `err` says a database file is damaged (SQLITE_CORRUPT and its extended codes, SQLITE_NOTADB). */
export function isDamageError(err: unknown): boolean {
  const code = codeOf(err);
  return code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_NOTADB';
}

/** Free bytes for an unprivileged user in `folder`, or null when the file system does not say. */
export function freeBytes(folder: string): number | null {
  try {
    const stats = statfsSync(folder);
    return Number(stats.bavail) * Number(stats.bsize);
  } catch {
    return null;
  }
}

function reasonOf(problem: StorageProblem, detail: string | null): string {
  if (problem === 'full') return 'the disk is full';
  if (problem === 'readOnly') return 'the folder is read-only or your user may not write to it';
  return `the disk reported an error${detail ? ` (${detail})` : ''}`;
}

/**
 * The message for `problem` in `folder`: what happened and what to do. `mode` decides whether the
 * `--data` option of the browser-mode host is named (README.md, "Where data and logs live").
 */
export function storageMessage(
  folder: string,
  problem: StorageProblem,
  phase: StoragePhase = 'running',
  detail: string | null = null,
  mode: 'electron' | 'browser' = 'browser',
): string {
  const head = `BRM Desktop cannot write to ${folder}: ${reasonOf(problem, detail)}.`;
  const elsewhere = mode === 'browser' ? ', or start it with --data and a folder it can write to' : '';
  const fix =
    problem === 'full' ? 'Free some space' : problem === 'readOnly' ? 'Make the folder writable' : 'Check the disk';
  if (phase === 'running') return `${head} ${fix}; syncing resumes by itself.`;
  if (phase === 'readOnlyStart')
    return `${head} It shows the data saved there, read-only, and does not sync. ${fix} and start BRM Desktop again${elsewhere}.`;
  return `${head} ${fix} and start BRM Desktop again${elsewhere}.`;
}

/** A write to the data folder failed, or is refused because it would. Carried across the bridge with code `storage`. */
export class StorageError extends BridgeError {
  readonly folder: string;
  readonly problem: StorageProblem;
  readonly phase: StoragePhase;
  constructor(
    folder: string,
    problem: StorageProblem,
    phase: StoragePhase = 'running',
    detail: string | null = null,
    mode: 'electron' | 'browser' = 'browser',
  ) {
    super('storage', storageMessage(folder, problem, phase, detail, mode));
    this.name = 'StorageError';
    this.folder = folder;
    this.problem = problem;
    this.phase = phase;
  }
}

/**
 * `err` as a StorageError about `folder` when it is a storage problem (an I/O error with less than
 * 1 MiB free counts as a full disk), else null. A StorageError passes through as it is.
 */
export function toStorageError(
  err: unknown,
  folder: string,
  mode: 'electron' | 'browser' = 'browser',
): StorageError | null {
  if (err instanceof StorageError) return err;
  let problem = storageProblemOf(err);
  if (!problem) return null;
  if (problem === 'io') {
    const free = freeBytes(folder);
    if (free !== null && free < nearlyFullBytes) problem = 'full';
  }
  const detail = problem === 'io' && err instanceof Error ? err.message : null;
  return new StorageError(folder, problem, 'running', detail, mode);
}
