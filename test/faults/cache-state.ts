/**
 * What a client's data folder holds, read from outside the core (its own read-only connections):
 * the synced records' ids and versions per type, and SQLite's own verdict on every database file.
 */
import BetterSqlite3 from 'better-sqlite3';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { recordTables } from '../../main/core/areas/tables';

/** `PRAGMA integrity_check` of every `*.db` file directly in `dataDir`: file name → "ok" or SQLite's findings. */
export function integrityOfFolder(dataDir: string): Record<string, string> {
  const verdicts: Record<string, string> = {};
  for (const name of readdirSync(dataDir).filter((file) => file.endsWith('.db'))) {
    try {
      const db = new BetterSqlite3(join(dataDir, name), { readonly: true, fileMustExist: true });
      try {
        verdicts[name] = (db.prepare('PRAGMA integrity_check').pluck().all() as string[]).join('; ');
      } finally {
        db.close();
      }
    } catch (err) {
      verdicts[name] = `cannot be opened: ${(err as Error).message}`;
    }
  }
  return verdicts;
}

/** The synced records of `<dataDir>/cache.db`: type → id → version. */
export function cachedVersions(dataDir: string): Map<string, Map<string, number>> {
  const db = new BetterSqlite3(join(dataDir, 'cache.db'), { readonly: true, fileMustExist: true });
  try {
    const versions = new Map<string, Map<string, number>>();
    for (const table of Object.values(recordTables)) {
      const rows = db.prepare(`SELECT id, version FROM ${table.table}`).all() as { id: string; version: number }[];
      versions.set(table.type, new Map(rows.map((row) => [row.id, row.version])));
    }
    return versions;
  } finally {
    db.close();
  }
}

/**
 * How `cache` differs from `service` (type → id → version): ids missing, extra, or at another
 * version, per type; an empty list when they are equal.
 */
export function differences(
  cache: Map<string, Map<string, number>>,
  service: Map<string, Map<string, number>>,
): string[] {
  const found: string[] = [];
  for (const type of new Set([...cache.keys(), ...service.keys()])) {
    const mine = cache.get(type) ?? new Map<string, number>();
    const theirs = service.get(type) ?? new Map<string, number>();
    const missing = [...theirs.keys()].filter((id) => !mine.has(id)).length;
    const extra = [...mine.keys()].filter((id) => !theirs.has(id)).length;
    const stale = [...theirs].filter(([id, version]) => mine.has(id) && mine.get(id) !== version).length;
    if (missing || extra || stale)
      found.push(`${type}: ${missing} missing, ${extra} extra, ${stale} at another version`);
  }
  return found;
}
