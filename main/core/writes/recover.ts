/**
 * Brings the cache back in line with the outbox after a start or a failure (docs/ARCHITECTURE.md,
 * "The write path", "Two files, one truth"). SQLite makes a transaction atomic within each file only
 * (https://sqlite.org/lang_attach.html), so an edit that wrote its outbox entry (local.db) may have
 * lost its cache row (cache.db) to a crash or a full disk, or the reverse. local.db is the truth:
 * - entries left `sending` wait again (their Idempotency-Key makes a resend safe);
 * - every waiting edit is written over its row again (overlay.ts);
 * - a row marked with a local state that no entry backs loses the mark, and is fetched again from
 *   the service when its type can be (the refetch list), so it shows the service's version again.
 */
import type { Database } from 'better-sqlite3';
import type { SyncedType } from '../../../preload/contract';
import { recordTables } from '../areas/tables';
import { writesOf } from '../areas/writes';
import type { ChangeApplier } from '../cache/apply-changes';
import type { OutboxStore } from './outbox-store';
import { reapplyEdits } from './overlay';

/** Runs the recovery in one transaction. Returns the types whose cached rows changed. Throws SQLite's errors. */
export function recoverWrites(db: Database, outbox: OutboxStore, applier: ChangeApplier): Set<SyncedType> {
  return db.transaction(() => {
    for (const entry of outbox.all()) {
      if (entry.state !== 'sending') continue;
      entry.state = 'waiting';
      outbox.update(entry);
    }
    const changed = reapplyEdits(outbox, applier);
    for (const [type, table] of Object.entries(recordTables) as [SyncedType, { table: string }][]) {
      const marked = db
        .prepare(`SELECT id FROM ${table.table} WHERE local_state IS NOT NULL`)
        .pluck()
        .all() as string[];
      for (const id of marked) {
        if (outbox.forRecord(id).length > 0) continue;
        applier.setLocalState(type, id, null);
        if (writesOf(type)?.fetch) outbox.addRefetch(type, id);
        changed.add(type);
      }
    }
    return changed;
  })();
}
