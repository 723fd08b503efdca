/**
 * Is a database file whole? At open, `PRAGMA quick_check` (https://sqlite.org/pragma.html#pragma_quick_check)
 * on the file's own connection: O(N) over the pages, every check but the index contents; a file
 * that is not a database at all (header overwritten), truncated or malformed is found here instead
 * of failing later with a raw SQLite error. The full `PRAGMA integrity_check` runs later, off the
 * event loop (background-check.ts). Storage errors (a full disk, a read-only folder) are not damage
 * and are thrown as they are.
 */
import { existsSync, statSync } from 'node:fs';
import BetterSqlite3 from 'better-sqlite3';
import { isDamageError } from '../storage-errors';
import { busyTimeoutMs } from './database';

/** Findings reported at most per check. */
const maxFindings = 20;

/** SQLite's findings for `file` (`PRAGMA quick_check`), or [] when it is whole. Throws storage and other errors. */
export function quickCheck(file: string): string[] {
  let db: BetterSqlite3.Database | null = null;
  try {
    db = new BetterSqlite3(file, { fileMustExist: true });
    db.pragma(`busy_timeout = ${busyTimeoutMs}`);
    const rows = db.prepare(`PRAGMA quick_check(${maxFindings})`).pluck().all() as string[];
    return rows.length === 1 && rows[0] === 'ok' ? [] : rows;
  } catch (err) {
    if (isDamageError(err)) return [(err as Error).message];
    throw err;
  } finally {
    db?.close();
  }
}

/**
 * True when `file` was left by a process that stopped without closing it (its -shm is there) but
 * its -wal is gone: the commits in the -wal are lost and the file may hold a checkpoint cut
 * half-way. A clean close removes both (https://sqlite.org/wal.html#the_wal_file); a kill leaves both.
 */
export function walMissing(file: string): boolean {
  return existsSync(file) && statSync(file).size > 0 && existsSync(`${file}-shm`) && !existsSync(`${file}-wal`);
}

/**
 * Why `file` cannot be trusted, or null when it is whole (or absent). `noticeMissingWal` also counts
 * a lost -wal (for the cache, which is rebuilt; local.db keeps what it still has).
 */
export function inspectFile(file: string, noticeMissingWal: boolean): string | null {
  if (!existsSync(file)) return null;
  if (noticeMissingWal && walMissing(file))
    return 'its journal (-wal file) is missing after BRM Desktop stopped without closing it';
  const findings = quickCheck(file);
  return findings.length ? findings.join('; ') : null;
}
