/**
 * Handlers of `companies.*`: the list and company page from the cache, related deals on demand
 * (kept for offline with their age; the branches are `branches.ofCompany`'s), and every edit
 * through the write path.
 */
import { BridgeError, type CompanyRelated, type CompanyRow } from '../../../../preload/contract';
import type { AreaHandlers, HandlerContext } from '../context';
import { keptAnswer, keptImage } from '../kept';

type Names =
  | 'companies.list'
  | 'companies.get'
  | 'companies.related'
  | 'companies.save'
  | 'companies.delete'
  | 'companies.logo';

/** Most deals shown on a company page. */
const maxRelated = 500;

function row(ctx: HandlerContext, id: string): CompanyRow {
  const company = ctx.stores.companies.get(ctx.writes.currentId(id));
  if (!company) throw new BridgeError('not_found', 'That company is not here any more; it may have been deleted.');
  return company;
}

/** Creates the companies handlers. */
export const companiesHandlers: AreaHandlers<Names> = (ctx) => ({
  'companies.list': async ({ query, offset, limit }) => ctx.stores.companies.list(query, offset, limit),
  'companies.get': async ({ id }) => ctx.stores.companies.get(ctx.writes.currentId(id)),
  'companies.related': async ({ id }) => {
    const companyId = ctx.writes.currentId(id);
    const empty: CompanyRelated = { deals: [] };
    if (ctx.outbox.serviceIdOf(companyId) === null) return { value: empty, fetchedAt: null };
    return keptAnswer(
      ctx,
      `companyRelated:${companyId}`,
      async () => {
        const deals = await ctx.session
          .api()
          .call('getRelatedDeals', { query: { companyId, limit: maxRelated }, timeoutMs: 10_000 });
        return { deals: deals.items };
      },
      empty,
    );
  },
  'companies.save': async ({ company }) => {
    const { id, ...fields } = company;
    if (!id) {
      const created = ctx.writes.create('company', fields, {
        industry: null,
        website: null,
        phone: null,
        address: { street: null, city: null, postalCode: null, country: null },
      });
      return row(ctx, created.id);
    }
    ctx.writes.update('company', id, fields);
    return row(ctx, id);
  },
  'companies.delete': async ({ id }) => {
    ctx.writes.remove('company', id);
    return { deleted: true };
  },
  'companies.logo': async ({ id }) => keptImage(ctx, 'getCompanyLogo', ctx.writes.currentId(id)),
});
