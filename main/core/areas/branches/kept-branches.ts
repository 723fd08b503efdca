/**
 * Every branch this computer has read from the service, kept for offline use (the Branch Locator
 * searches them when the service cannot be reached). Branches are not in the change feed
 * (api/openapi.yaml, ChangeType), so this is the client's whole knowledge of them: one kept answer
 * (the query cache, like kept.ts) holding branch id → Branch, replaced on every read.
 */
import type { Branch } from '../../../../preload/contract';
import type { HandlerContext } from '../context';

const key = 'branchesRead';

interface Kept {
  branches: Record<string, Branch>;
}

/** The kept branches and when they were last read (ISO 8601 UTC; null when never). */
export function keptBranches(ctx: HandlerContext): { branches: Branch[]; keptAt: string | null } {
  const kept = ctx.cache.state.getCached<Kept>(key);
  return { branches: kept ? Object.values(kept.value.branches) : [], keptAt: kept?.fetchedAt ?? null };
}

/**
 * Records what the service just answered: `read` branches are kept (replacing older copies), and
 * `gone` tells which kept branches the answer shows no longer exist (a company's full list, a
 * complete locator search, a 404).
 */
export function keepBranches(ctx: HandlerContext, read: Branch[], gone: (branch: Branch) => boolean = () => false) {
  const branches = { ...(ctx.cache.state.getCached<Kept>(key)?.value.branches ?? {}) };
  for (const [id, branch] of Object.entries(branches)) if (gone(branch)) delete branches[id];
  for (const branch of read) branches[branch.id] = branch;
  ctx.cache.state.putCached(key, { branches } satisfies Kept, new Date().toISOString());
}
