/**
 * Records of the synced types that the service answered outside the change feed (a list or search
 * asked on demand, an approval move, an unpack, a `Document Detail`), written to the cache at once
 * so that every view and record page can show them. The upsert only replaces an older version
 * (cache/record-table.ts `upsertSql`), and this machine's waiting edits are laid over it again; the
 * feed later brings the same version or a newer one (docs/ARCHITECTURE.md, "Records asked on demand").
 */
import type { SyncedType } from '../../../preload/contract';
import type { ChangeToApply } from '../cache/apply-changes';
import type { HandlerContext } from './context';
import type { RecordOf } from './tables';

/** Records per synced type, as the service answered them (each with its `id` and `version`). */
export type ServiceRecords = { [K in SyncedType]?: readonly RecordOf[K][] };

/**
 * Writes `records` into the cache where they are newer than the kept rows, lays this machine's
 * waiting edits over them again and tells the views which types changed. Answers the ids written.
 */
export function keepServiceRecords(
  ctx: Pick<HandlerContext, 'cache' | 'writes' | 'notifier'>,
  records: ServiceRecords,
): Set<string> {
  const changes: ChangeToApply[] = [];
  for (const [type, list] of Object.entries(records) as [SyncedType, readonly { id: string; version: number }[]][]) {
    for (const record of list)
      changes.push({ type, id: record.id, op: 'upsert', version: record.version, data: record as never });
  }
  const ids = new Set(changes.map((c) => c.id));
  if (changes.length === 0) return ids;
  const changed = new Set<SyncedType>(ctx.cache.applier.apply(changes).changedTypes);
  for (const type of ctx.writes.reapply(ids)) changed.add(type);
  if (changed.size > 0) ctx.notifier.changed(changed);
  return ids;
}
