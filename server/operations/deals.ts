/** Operations of the Psa group, and `Gets recent deals` of the Audit group. */
import { pageJson } from '../db/paging';
import type { OperationHandlers } from '../http/bind';
import { notFound, validationProblem } from '../http/problem';
import { type OperationDeps, versionETag } from './deps';

type DealOps = 'getDeal' | 'getRelatedDeals' | 'getDealsByCategory' | 'getRecentDeals';

/** Handlers of the Psa group and `getRecentDeals`. */
export function dealHandlers(deps: OperationDeps): Pick<OperationHandlers, DealOps> {
  const { store } = deps;
  const { deals } = deps.repos;

  return {
    getDeal: ({ query, reply }) => {
      const deal = deals.get(query.id);
      if (!deal) throw notFound('deal', query.id);
      reply.header('ETag', versionETag(deal));
      return deal;
    },

    getRelatedDeals: ({ query }) => {
      const { contactId, companyId } = query;
      if ((contactId === undefined) === (companyId === undefined)) {
        const detail = 'give exactly one of contactId and companyId';
        throw validationProblem([
          { pointer: '/query/contactId', detail },
          { pointer: '/query/companyId', detail },
        ]);
      }
      if (contactId !== undefined && !store.contacts.get(contactId)) throw notFound('contact', contactId);
      if (companyId !== undefined && !store.companies.get(companyId)) throw notFound('company', companyId);
      const scope = contactId !== undefined ? { contactId } : { companyId: companyId as string };
      return pageJson(
        deals.list({ scope, stage: query.stage, sort: query.sort, cursor: query.cursor, limit: query.limit ?? 50 }),
      );
    },

    getDealsByCategory: ({ query }) =>
      pageJson(
        deals.list({
          scope: { category: query.category },
          stage: query.stage,
          sort: query.sort,
          cursor: query.cursor,
          limit: query.limit ?? 50,
        }),
      ),

    getRecentDeals: ({ query }) => `{"items":[${deals.recent(query.limit ?? 20).join(',')}]}`,
  };
}
