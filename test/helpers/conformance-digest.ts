/**
 * A digest of everything a service has stored: per table, the row count and a SHA-256 of all rows in
 * storage order, read through a separate read-only SQLite connection to the service's database file
 * (WAL mode lets it read the latest committed state while the service writes). Virtual tables are
 * left out; their shadow tables hold their data and are included.
 */
import { createHash } from 'node:crypto';
import Database from 'better-sqlite3';

/** Row count and content hash per table name. */
export type DbDigest = Record<string, { rows: number; sha256: string }>;

/** Reads digests of one database file. */
export class DbDigester {
  private readonly db: Database.Database;

  constructor(file: string) {
    this.db = new Database(file, { readonly: true, fileMustExist: true });
  }

  /** The digest of the database now. */
  take(): DbDigest {
    const tables = this.db
      .prepare(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND sql NOT LIKE 'CREATE VIRTUAL TABLE%' ORDER BY name",
      )
      .pluck()
      .all() as string[];
    const digest: DbDigest = {};
    this.db.transaction(() => {
      for (const table of tables) {
        const hash = createHash('sha256');
        let rows = 0;
        for (const row of this.db.prepare(`SELECT * FROM "${table}"`).raw(true).iterate() as Iterable<unknown[]>) {
          rows++;
          for (const value of row) {
            hash.update(Buffer.isBuffer(value) ? value : String(value));
            hash.update('\u0000');
          }
          hash.update('\u0001');
        }
        digest[table] = { rows, sha256: hash.digest('hex') };
      }
    })();
    return digest;
  }

  /** Tables whose row count or content differ between two digests, with their row counts. */
  static changes(before: DbDigest, after: DbDigest): string[] {
    const names = new Set([...Object.keys(before), ...Object.keys(after)]);
    return [...names]
      .filter((n) => before[n]?.sha256 !== after[n]?.sha256)
      .map((n) => `${n} (${before[n]?.rows ?? 0} → ${after[n]?.rows ?? 0} rows)`);
  }

  /** Closes the read-only connection. */
  close(): void {
    this.db.close();
  }
}
