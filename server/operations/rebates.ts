/** Operations of the Rebate group: an agreement, its deal earnings and grouped totals. */
import { pageJson } from '../db/paging';
import type { OperationHandlers } from '../http/bind';
import { notFound, validationProblem } from '../http/problem';
import { type OperationDeps, versionETag } from './deps';

/** Handlers of the Rebate group. */
export function rebateHandlers(
  deps: OperationDeps,
): Pick<OperationHandlers, 'rebateDetail' | 'rebateDealEarnings' | 'rebateSummaryData'> {
  const { store } = deps;
  const { rebates } = deps.repos;
  const rebateOf = (id: string) => {
    const rebate = rebates.get(id);
    if (!rebate) throw notFound('rebate agreement', id);
    return rebate;
  };

  return {
    rebateDetail: ({ query, reply }) => {
      const rebate = rebateOf(query.id);
      reply.header('ETag', versionETag(rebate));
      return rebate;
    },

    rebateDealEarnings: ({ query }) => {
      rebateOf(query.rebateId);
      return pageJson(
        rebates.dealEarnings({
          rebateId: query.rebateId,
          desc: (query.sort ?? '-closedAt') === '-closedAt',
          cursor: query.cursor,
          limit: query.limit ?? 50,
        }),
      );
    },

    rebateSummaryData: ({ body }) => {
      if (body.from !== undefined && body.to !== undefined && body.from > body.to) {
        throw validationProblem([{ pointer: '/body/to', detail: `must not be before from (${body.from})` }]);
      }
      for (const id of body.rebateIds ?? []) rebateOf(id);
      if (body.companyId !== undefined && !store.companies.get(body.companyId)) {
        throw notFound('company', body.companyId);
      }
      const { page, totals } = rebates.summary(body);
      return `{"groupBy":${JSON.stringify(body.groupBy)},"rows":[${page.items.join(',')}],"totals":${JSON.stringify(totals)},"nextCursor":${JSON.stringify(page.nextCursor)}}`;
    },
  };
}
