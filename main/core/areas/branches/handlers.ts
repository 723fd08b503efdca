/**
 * Handlers of `branches.*`: a company's locations. Branches are not in the change feed
 * (api/openapi.yaml, ChangeType), so they are read on demand (`Get branch`, `Get company
 * branches`, `Branch Locator`: locate.ts), each answer kept with its age (kept.ts), and every
 * branch read is kept for the offline locator (kept-branches.ts). `Save branch` and `Delete Branch` go through the
 * write path as outbox entries of kind 'action' about no synced record, as `Save CMT` does
 * (main/core/areas/cmt/handlers.ts; docs/ARCHITECTURE.md, "Decisions taken where the design was
 * silent"): kept across restarts, sent in order by sync, a refusal kept in the service's words.
 */
import { type Branch, type BranchRow, type BranchSave, BridgeError } from '../../../../preload/contract';
import { ServiceError } from '../../errors';
import type { StoredEntry } from '../../writes/outbox-store';
import { replaceWaitingRequest } from '../../writes/waiting-action';
import { allPages } from '../all-pages';
import type { AreaHandlers, HandlerContext } from '../context';
import { keptAnswer } from '../kept';
import { keepBranches, keptBranch } from './kept-branches';
import { companyNameOf, locate } from './locate';
import { pageSize, timeoutMs } from './paging';
import { queuedBranchEntries, withQueued } from './queued';

type Names = 'branches.ofCompany' | 'branches.get' | 'branches.save' | 'branches.delete' | 'branches.locate';

/** Most branches of one company read. */
const maxOfCompany = 5000;

/** True for a save that creates a branch (its body has no id). */
const isCreate = (entry: StoredEntry) => entry.request.operationId === 'saveBranch' && !entry.request.body?.id;

/** The branch `id` as this computer shows it (kept, with its queued edit), or null. */
function rowOf(ctx: HandlerContext, id: string): BranchRow | null {
  const base = keptBranch(ctx, id);
  return withQueued(ctx, base ? [base] : [], (b) => b.id === id)[0] ?? null;
}

/** Refuses to change an entry that is on its way to the service. */
function notWhileSending(entry: StoredEntry | undefined): void {
  if (entry?.state === 'sending') {
    throw new BridgeError('conflict', 'This branch is being sent to the service right now; try again in a moment.');
  }
}

/** Creates the branches handlers. */
export const branchesHandlers: AreaHandlers<Names> = (ctx) => ({
  'branches.ofCompany': async ({ companyId: given }) => {
    const companyId = ctx.writes.currentId(given);
    const ofCompany = (b: Branch) => ctx.writes.currentId(b.companyId) === companyId;
    const kept =
      ctx.outbox.serviceIdOf(companyId) === null
        ? { value: [] as Branch[], fetchedAt: null }
        : await keptAnswer<Branch[]>(
            ctx,
            `companyBranches:${companyId}`,
            async () => {
              const { items, complete } = await allPages(
                (cursor) =>
                  ctx.session
                    .api()
                    .call('getCompanyBranches', { query: { companyId, limit: pageSize, cursor }, timeoutMs }),
                maxOfCompany,
              );
              keepBranches(ctx, items, complete ? { companyId } : undefined);
              return items;
            },
            [],
          );
    return { value: withQueued(ctx, kept.value, ofCompany), fetchedAt: kept.fetchedAt };
  },

  'branches.get': async ({ id }) => {
    const waiting = queuedBranchEntries(ctx).get(id);
    if (waiting && isCreate(waiting)) return { value: rowOf(ctx, id), fetchedAt: null };
    const kept = await keptAnswer<Branch | null>(
      ctx,
      `branch:${id}`,
      async () => {
        try {
          const branch = await ctx.session.api().call('getBranch', { query: { id }, timeoutMs });
          keepBranches(ctx, [branch]);
          return branch;
        } catch (err) {
          if (!(err instanceof ServiceError && err.status === 404)) throw err;
          keepBranches(ctx, [], { ids: [id] });
          return null;
        }
      },
      null,
    );
    const row = kept.value ? withQueued(ctx, [kept.value], () => false)[0] : null;
    return { value: row ?? null, fetchedAt: kept.fetchedAt };
  },

  'branches.save': async ({ branch, version }) => {
    const companyId = ctx.writes.currentId(branch.companyId);
    const company = ctx.stores.companies.get(companyId);
    if (!company) throw new BridgeError('not_found', 'That company is not here any more; the branch was not saved.');
    const body: BranchSave = { ...branch, companyId };
    const waiting = body.id ? queuedBranchEntries(ctx).get(body.id) : undefined;
    const creates = !body.id || (waiting !== undefined && isCreate(waiting));
    const summary = `${creates ? 'Add' : 'Save'} the branch ${body.name} of ${company.name}`;
    notWhileSending(waiting);
    if (waiting?.request.operationId === 'deleteBranch') {
      throw new BridgeError(
        'conflict',
        'This branch waits to be deleted. Discard the delete in Pending changes first to edit it.',
      );
    }
    if (waiting) {
      // The newer edit replaces the waiting one, made against the same version; a branch created
      // here stays a create (its id is the entry's until the service gives one).
      const { id, ...fields } = body;
      const create = isCreate(waiting);
      replaceWaitingRequest(
        ctx,
        waiting,
        { operationId: 'saveBranch', body: create ? fields : body },
        summary,
        create ? null : version,
      );
      return rowOf(ctx, id!)!;
    }
    const entry = ctx.writes.queue({
      kind: 'action',
      recordType: 'company',
      recordId: null,
      request: { operationId: 'saveBranch', body },
      base: null,
      mine: null,
      ifMatch: body.id === undefined ? null : version,
      summary,
    });
    return rowOf(ctx, body.id ?? entry.id)!;
  },

  'branches.delete': async ({ id, version }) => {
    const row = rowOf(ctx, id);
    const waiting = queuedBranchEntries(ctx).get(id);
    notWhileSending(waiting);
    if (waiting && isCreate(waiting)) {
      // Never sent: deleting it is forgetting it.
      ctx.writes.discard(waiting.id);
      return { deleted: true };
    }
    const name = row?.branch.name ?? 'a branch';
    const company = row ? companyNameOf(ctx, row.branch.companyId) : null;
    const summary = `Delete the branch ${name}${company ? ` of ${company}` : ''}`;
    const request = { operationId: 'deleteBranch' as const, query: { id } };
    if (waiting) {
      replaceWaitingRequest(ctx, waiting, request, summary, version);
      return { deleted: true };
    }
    ctx.writes.queue({
      kind: 'action',
      recordType: 'company',
      recordId: null,
      request,
      base: null,
      mine: null,
      ifMatch: version,
      summary,
    });
    return { deleted: true };
  },

  'branches.locate': (query) => locate(ctx, query),
});
