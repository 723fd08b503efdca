/**
 * The worker thread of the full integrity check (background-check.ts): opens each file read-only
 * on its own connection, runs `PRAGMA integrity_check` (https://sqlite.org/pragma.html#pragma_integrity_check,
 * which also compares every index with its table) and posts the findings, then ends.
 */
import { parentPort, workerData } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';
import { isDamageError } from '../storage-errors';
import type { IntegrityData, IntegrityResult } from './background-check';
import { busyTimeoutMs } from './database';

const port = parentPort;
if (!port) throw new Error('integrity-worker runs only as a worker thread.');

function check(file: string): IntegrityResult {
  try {
    const db = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
    try {
      db.pragma(`busy_timeout = ${busyTimeoutMs}`);
      const rows = db.prepare('PRAGMA integrity_check(20)').pluck().all() as string[];
      return { file, findings: rows.length === 1 && rows[0] === 'ok' ? [] : rows, error: null };
    } finally {
      db.close();
    }
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    return isDamageError(err) ? { file, findings: [message], error: null } : { file, findings: [], error: message };
  }
}

port.postMessage((workerData as IntegrityData).files.map(check));
