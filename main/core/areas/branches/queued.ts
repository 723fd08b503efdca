/**
 * Branch edits waiting in the outbox (`Save branch`, `Delete Branch` entries of kind 'action'; see
 * main/core/areas/branches/handlers.ts) and the branches as this computer shows them with those
 * edits applied.
 */
import type { Branch, BranchRow, BranchSave, QueuedBranchEdit } from '../../../../preload/contract';
import type { StoredEntry } from '../../writes/outbox-store';
import { actionSubjectId } from '../../writes/waiting-action';
import type { HandlerContext } from '../context';

/** True for an outbox entry about a branch. */
function isBranchEntry(entry: StoredEntry): boolean {
  return entry.request.operationId === 'saveBranch' || entry.request.operationId === 'deleteBranch';
}

/** Every branch entry in the outbox, latest last, keyed by branch id (the latest entry wins). */
export function queuedBranchEntries(ctx: HandlerContext): Map<string, StoredEntry> {
  const found = new Map<string, StoredEntry>();
  for (const entry of ctx.outbox.all()) if (isBranchEntry(entry)) found.set(actionSubjectId(entry), entry);
  return found;
}

function toQueued(entry: StoredEntry): QueuedBranchEdit {
  const kind = entry.request.operationId === 'deleteBranch' ? 'delete' : entry.request.body?.id ? 'update' : 'create';
  return { entryId: entry.id, kind, state: entry.state, message: entry.message };
}

/** The branch a queued save makes of `base` (the service's branch; null for a branch created here). */
function applied(entry: StoredEntry, base: Branch | null): Branch | null {
  if (entry.request.operationId !== 'saveBranch') return base;
  const save = entry.request.body as BranchSave;
  const { id: _id, ...fields } = save;
  if (base) return { ...base, ...fields };
  return { ...fields, id: entry.id, version: 0, createdAt: entry.createdAt, updatedAt: entry.createdAt };
}

/**
 * The rows of `branches` (the service's) with the queued edits applied, plus the branches created
 * here that `include` accepts (e.g. of one company). A branch whose delete waits stays, marked.
 */
export function withQueued(ctx: HandlerContext, branches: Branch[], include: (branch: Branch) => boolean): BranchRow[] {
  const entries = queuedBranchEntries(ctx);
  const rows: BranchRow[] = [];
  for (const branch of branches) {
    const entry = entries.get(branch.id);
    entries.delete(branch.id);
    const shown = entry ? applied(entry, branch) : branch;
    if (shown) rows.push({ branch: shown, queued: entry ? toQueued(entry) : null });
  }
  for (const entry of entries.values()) {
    if (entry.request.operationId !== 'saveBranch' || entry.request.body?.id) continue;
    const created = applied(entry, null);
    if (created && include(created)) rows.push({ branch: created, queued: toQueued(entry) });
  }
  return rows;
}
