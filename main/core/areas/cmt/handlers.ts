/**
 * Handlers of `cmt.*`: a company's CMT (customer management terms). `View CMT` is asked on demand
 * and kept for offline use with its age (kept.ts); CMT is not in the change feed (api/openapi.yaml,
 * ChangeType). `Save CMT` goes through the write path as an outbox entry of kind 'action' about no
 * synced record (docs/ARCHITECTURE.md, "Decisions taken where the design was silent"): it is kept
 * across restarts, sent in order by sync (after the company itself when it was created here), and
 * a refusal stays in the pending-changes panel in the service's words.
 */
import { BridgeError, type Cmt, type CmtSave, type CompanyTerms, type QueuedTerms } from '../../../../preload/contract';
import { ServiceError } from '../../errors';
import type { StoredEntry } from '../../writes/outbox-store';
import type { AreaHandlers, HandlerContext } from '../context';
import { keptAnswer } from '../kept';

type Names = 'cmt.get' | 'cmt.save';

/** The prefix of the keys under which companies' terms are kept. */
const termsKeyPrefix = 'viewCmt:';

/** The save of `companyId`'s terms that has not been sent yet (the latest one), if any. */
function queuedEntry(ctx: HandlerContext, companyId: string): StoredEntry | null {
  let found: StoredEntry | null = null;
  for (const entry of ctx.outbox.all()) {
    if (entry.request.operationId !== 'saveCmt') continue;
    const named = entry.request.body?.companyId;
    if (typeof named === 'string' && ctx.writes.currentId(named) === companyId) found = entry;
  }
  return found;
}

function toQueued(entry: StoredEntry | null): QueuedTerms | null {
  if (!entry) return null;
  return {
    entryId: entry.id,
    terms: entry.request.body as CmtSave,
    state: entry.state,
    message: entry.message,
  };
}

/** The terms of `companyId` (a current id): kept answer, queued save and account manager name. */
async function termsOf(ctx: HandlerContext, companyId: string): Promise<CompanyTerms> {
  const local = ctx.outbox.serviceIdOf(companyId) === null;
  const kept = local
    ? { value: null, fetchedAt: null }
    : await keptAnswer<Cmt | null>(
        ctx,
        `${termsKeyPrefix}${companyId}`,
        async () => {
          try {
            return await ctx.session.api().call('viewCmt', { query: { companyId }, timeoutMs: 10_000 });
          } catch (err) {
            // 404: the company has no terms yet, which is an answer, not a failure.
            if (err instanceof ServiceError && err.status === 404) return null;
            throw err;
          }
        },
        null,
      );
  const queued = toQueued(queuedEntry(ctx, companyId));
  const managerId = queued ? queued.terms.accountManagerId : kept.value?.accountManagerId;
  const manager = managerId ? ctx.stores.contacts.get(managerId) : null;
  return {
    ...kept,
    queued,
    accountManagerName: manager ? `${manager.firstName} ${manager.lastName}` : null,
  };
}

/** Creates the CMT handlers. */
export const cmtHandlers: AreaHandlers<Names> = (ctx) => ({
  'cmt.get': async ({ companyId }) => termsOf(ctx, ctx.writes.currentId(companyId)),
  'cmt.save': async ({ terms, version }) => {
    const companyId = ctx.writes.currentId(terms.companyId);
    const company = ctx.stores.companies.get(companyId);
    if (!company) throw new BridgeError('not_found', 'That company is not here any more; its terms were not saved.');
    const body = { ...terms, companyId };
    const waiting = queuedEntry(ctx, companyId);
    if (waiting && waiting.state !== 'sending') {
      // One save per company waits at a time: the newer terms replace the older ones, which were
      // made against the same version of the service's terms.
      waiting.request = { operationId: 'saveCmt', body };
      waiting.state = 'waiting';
      waiting.message = null;
      waiting.fieldErrors = [];
      ctx.outbox.update(waiting);
      ctx.writes.announce();
      ctx.sync.kick();
    } else {
      ctx.writes.queue({
        kind: 'action',
        recordType: 'company',
        recordId: null,
        request: { operationId: 'saveCmt', body },
        base: null,
        mine: null,
        ifMatch: body.id === undefined ? null : version,
        summary: `Save the terms of ${company.name}`,
      });
    }
    return termsOf(ctx, companyId);
  },
});
