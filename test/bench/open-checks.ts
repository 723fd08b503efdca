/**
 * What the checks of a damaged file cost (docs/ARCHITECTURE.md, "A damaged file"): `PRAGMA
 * quick_check` runs at every open, before the first rows show; the full `PRAGMA integrity_check`
 * runs after the start on a worker thread.
 */
import { statSync } from 'node:fs';
import BetterSqlite3 from 'better-sqlite3';
import { quickCheck } from '../../main/core/cache/integrity';
import { quantile } from './stats';

/** Medians over `rounds` runs of both checks of `file` (a closed database), ms, and its size, bytes. */
export function benchOpenChecks(file: string, rounds: number): { bytes: number; quickMs: number; fullMs: number } {
  const quick: number[] = [];
  const full: number[] = [];
  for (let round = 0; round < rounds; round++) {
    let started = performance.now();
    const findings = quickCheck(file);
    quick.push(performance.now() - started);
    if (findings.length > 0) throw new Error(`quick_check found damage in ${file}: ${findings.join('; ')}`);
    started = performance.now();
    const db = new BetterSqlite3(file, { readonly: true, fileMustExist: true });
    try {
      db.prepare('PRAGMA integrity_check').all();
    } finally {
      db.close();
    }
    full.push(performance.now() - started);
  }
  return { bytes: statSync(file).size, quickMs: quantile(quick, 0.5), fullMs: quantile(full, 0.5) };
}
