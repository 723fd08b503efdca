/**
 * Keeps the cache showing this machine's edits on top of the service's data (as Replicache replays
 * pending mutations over each server state): after sync writes pages, after a rebuild, and after
 * an entry is sent, every waiting edit's record is written again over the row, with the row's
 * local state the worst of its entries' states (conflict, then refused, then pending).
 */
import type { SyncedType } from '../../../preload/contract';
import { syncedTypes } from '../../../preload/contract';
import type { ChangeApplier, LocalState } from '../cache/apply-changes';
import type { OutboxStore, StoredEntry } from './outbox-store';

const rank: Record<StoredEntry['state'], number> = { waiting: 1, sending: 1, refused: 2, conflict: 3 };

/** The local state of a row from the states of its entries. */
export function localStateOf(entries: readonly StoredEntry[]): LocalState {
  let worst = 0;
  for (const entry of entries) worst = Math.max(worst, rank[entry.state]);
  return worst === 3 ? 'conflict' : worst === 2 ? 'refused' : worst === 1 ? 'pending' : null;
}

const isSynced = (type: string): type is SyncedType => (syncedTypes as readonly string[]).includes(type);

/**
 * Writes the effect of every entry (of `only` records, or all) over the cache. Not transactional by
 * itself. Returns the types changed.
 */
export function reapplyEdits(outbox: OutboxStore, applier: ChangeApplier, only?: ReadonlySet<string>): Set<SyncedType> {
  const changed = new Set<SyncedType>();
  const byRecord = new Map<string, StoredEntry[]>();
  // A few records: read only their entries (an edit reapplies one record; the outbox may hold thousands).
  const entries = only && only.size <= 16 ? [...only].flatMap((id) => outbox.forRecord(id)) : outbox.all();
  for (const entry of entries) {
    if (!entry.recordId || !isSynced(entry.recordType) || (only && !only.has(entry.recordId))) continue;
    const list = byRecord.get(entry.recordId) ?? [];
    list.push(entry);
    byRecord.set(entry.recordId, list);
  }
  for (const entries of byRecord.values()) {
    const last = entries[entries.length - 1];
    const type = last.recordType as SyncedType;
    const deleted = entries.some((e) => e.kind === 'delete' && e.state !== 'refused');
    const result = deleted
      ? applier.deleteLocal(type, last.recordId!)
      : last.mine
        ? applier.writeLocal(type, last.mine, localStateOf(entries))
        : new Set<SyncedType>();
    for (const t of result) changed.add(t);
  }
  return changed;
}
