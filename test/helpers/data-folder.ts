/**
 * Test helpers for the data folder's files (docs/ARCHITECTURE.md, "Cache schema"): reading local.db
 * from outside the core, damaging a database file the ways disks and crashes do, and small tmpfs
 * mounts for a full or read-only folder (Linux, as root: `mount -t tmpfs`).
 */
import { execFileSync } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  statSync,
  truncateSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';

/** The local-only tables of local.db, in a fixed order. */
export const localTables = ['settings', 'downloads', 'outbox', 'id_map', 'drafts', 'refetch', 'upload_queue'] as const;

/** Every row of the local-only tables of `<dataDir>/local.db`, through a read-only connection. */
export function localSnapshot(dataDir: string): Record<string, unknown[]> {
  const db = new BetterSqlite3(join(dataDir, 'local.db'), { readonly: true, fileMustExist: true });
  try {
    return Object.fromEntries(
      localTables.map((table) => [table, db.prepare(`SELECT * FROM ${table} ORDER BY rowid`).all()]),
    );
  } finally {
    db.close();
  }
}

/** The names of the tables of a database file. */
export function tablesOf(file: string): string[] {
  const db = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  try {
    return db.prepare("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name").pluck().all() as string[];
  } finally {
    db.close();
  }
}

/** Files of `dir` whose names match `pattern`. */
export function filesMatching(dir: string, pattern: RegExp): string[] {
  return readdirSync(dir).filter((name) => pattern.test(name));
}

/** Bytes that are no SQLite structure: a repeating pattern. */
const garbage = (bytes: number) => Buffer.alloc(bytes, 'BRM garbage ');

/** The page size of the data folder's database files (SQLite's default), bytes. */
export const pageSize = 4096;

/** Overwrites `bytes` bytes of `file` from byte `offset` with garbage. */
export function writeGarbageAt(file: string, offset: number, bytes: number): void {
  const fd = openSync(file, 'r+');
  try {
    writeSync(fd, garbage(bytes), 0, bytes, offset);
  } finally {
    closeSync(fd);
  }
}

/** Overwrites `bytes` bytes in the middle of `file` (past its first pages, inside its table data). */
export function writeGarbageInTheMiddle(file: string, bytes = 2048): void {
  const pages = Math.floor(statSync(file).size / pageSize);
  if (pages < 8) throw new Error(`${file} is too small to damage in the middle (${pages} pages).`);
  writeGarbageAt(file, Math.floor(pages / 2) * pageSize + 200, bytes);
}

/** Cuts `file` to a third of its size. */
export function truncateToAThird(file: string): void {
  truncateSync(file, Math.floor(statSync(file).size / 3));
}

/** Overwrites the first `bytes` bytes (default: all 100) of the database header of `file`. */
export function overwriteHeader(file: string, bytes = 100): void {
  writeGarbageAt(file, 0, bytes);
}

/**
 * Makes an index of `file` (a cache.db) disagree with its table while every page stays well-formed:
 * one letter of a contact's last name is changed in the table's row only, so `PRAGMA quick_check`
 * passes and `PRAGMA integrity_check` finds the row missing from `contacts_by_name`. The row is
 * found by its first and last name, which lie side by side in the table's record only (the index
 * keeps the last name first; https://sqlite.org/fileformat.html#record_format).
 */
export function desyncIndex(file: string): void {
  const db = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
  const rows = db.prepare('SELECT first_name AS first, last_name AS last FROM contacts ORDER BY id').all() as {
    first: string;
    last: string;
  }[];
  db.close();
  const bytes = readFileSync(file);
  for (const { first, last } of rows) {
    const needle = Buffer.from(first + last, 'utf8');
    const at = bytes.indexOf(needle);
    if (!/^[A-Za-z]{2,}$/.test(last) || at < 0 || bytes.lastIndexOf(needle) !== at) continue;
    const letter = at + Buffer.byteLength(first) + 1;
    const fd = openSync(file, 'r+');
    try {
      writeSync(fd, Buffer.from(bytes[letter] === 0x78 ? 'y' : 'x'), 0, 1, letter);
    } finally {
      closeSync(fd);
    }
    return;
  }
  throw new Error(`No contact of ${file} could be changed in its table row alone.`);
}

/** Mounts a new tmpfs of `size` (e.g. `4m`) at `dir` (created when missing). */
export function mountTmpfs(dir: string, size: string): void {
  mkdirSync(dir, { recursive: true });
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${size}`, 'tmpfs', dir]);
}

/** Remounts the tmpfs at `dir` read-only (no file may be open for writing on it). */
export function remountReadOnly(dir: string): void {
  execFileSync('mount', ['-o', 'remount,ro', dir]);
}

/** Remounts the tmpfs at `dir` writable again. */
export function remountWritable(dir: string): void {
  execFileSync('mount', ['-o', 'remount,rw', dir]);
}

/** Unmounts `dir` if something is mounted there (lazily, so open files do not block it). */
export function unmount(dir: string): void {
  if (existsSync(dir)) execFileSync('umount', ['-l', dir]);
}

/** Fills the file system of `dir` with `<dir>/<name>` until no byte is left; returns its path. */
export function fillDisk(dir: string, name = 'filler'): string {
  const path = join(dir, name);
  const fd = openSync(path, 'w');
  const chunk = Buffer.alloc(64 * 1024);
  try {
    for (let size = chunk.length; size >= 512; ) {
      try {
        writeSync(fd, chunk, 0, size);
      } catch {
        size /= 2;
      }
    }
  } finally {
    closeSync(fd);
  }
  return path;
}
