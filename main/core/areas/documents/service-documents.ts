/**
 * Documents and folders the service answered outside the change feed (an approval move, an unpack,
 * a `Document Detail`), written to the cache at once. The upsert only replaces an older version
 * (cache/record-table.ts `upsertSql`), and this machine's waiting edits are laid over it again.
 */
import type { SyncedType } from '../../../../preload/contract';
import type { ApiDocument, ApiFolder } from '../../api/types';
import type { HandlerContext } from '../context';

/** Writes `documents` (and `folders`) the service answered into the cache and tells the views. */
export function keepServiceDocuments(ctx: HandlerContext, documents: ApiDocument[], folders: ApiFolder[] = []): void {
  const changes = [
    ...folders.map((f) => ({ type: 'folder' as const, id: f.id, op: 'upsert' as const, version: f.version, data: f })),
    ...documents.map((d) => ({
      type: 'document' as const,
      id: d.id,
      op: 'upsert' as const,
      version: d.version,
      data: d,
    })),
  ];
  if (changes.length === 0) return;
  const changed = new Set<SyncedType>(ctx.cache.applier.apply(changes as never).changedTypes);
  for (const type of ctx.writes.reapply(new Set(documents.map((d) => d.id)))) changed.add(type);
  ctx.notifier.changed(changed);
}
