/** Operations of the Spend and Cmt groups. */
import { randomUUID } from 'node:crypto';
import { pageJson } from '../db/paging';
import type { OperationHandlers } from '../http/bind';
import { checkIfMatch } from '../http/preconditions';
import { conflict, notFound, validationProblem } from '../http/problem';
import { type OperationDeps, versionETag } from './deps';

/** Throws 400 at `pointer` when the period `from` is after `to` (both `YYYY-MM`, so text order is time order). */
function checkPeriodRange(from: string | undefined, to: string | undefined, pointer: string): void {
  if (from !== undefined && to !== undefined && from > to)
    throw validationProblem([{ pointer, detail: `must not be after "to" (${to})` }]);
}

/** Handlers of the Spend and Cmt groups. */
export function spendCmtHandlers(
  deps: OperationDeps,
): Pick<OperationHandlers, 'getSpend' | 'querySpend' | 'viewCmt' | 'saveCmt'> {
  const { store } = deps;
  const { spend, cmt } = deps.repos;

  return {
    getSpend: ({ query }) => {
      checkPeriodRange(query.from, query.to, '/query/from');
      if (!store.companies.get(query.companyId)) throw notFound('company', query.companyId);
      return pageJson(
        spend.list({
          companyId: query.companyId,
          from: query.from,
          to: query.to,
          category: query.category,
          sort: query.sort,
          cursor: query.cursor,
          limit: query.limit ?? 50,
        }),
      );
    },

    querySpend: ({ body }) => {
      checkPeriodRange(body.from, body.to, '/body/from');
      const page = spend.aggregate(body);
      return pageJson(page, {
        groupBy: JSON.stringify(body.groupBy),
        totals: JSON.stringify(spend.totals(body)),
      });
    },

    viewCmt: ({ query, reply }) => {
      if ((query.id === undefined) === (query.companyId === undefined))
        throw validationProblem([{ pointer: '/query/id', detail: 'send exactly one of id and companyId' }]);
      const found = query.id !== undefined ? cmt.get(query.id) : cmt.getByCompany(query.companyId as string);
      if (!found)
        throw query.id !== undefined ? notFound('CMT', query.id) : notFound(`CMT for company ${query.companyId}`);
      reply.header('ETag', versionETag(found));
      return found;
    },

    saveCmt: ({ body, headers, reply }) => {
      const { id, ...fields } = body;
      const saved = store.transaction(() => {
        if (!store.companies.get(fields.companyId)) throw notFound('company', fields.companyId);
        if (fields.accountManagerId !== null) {
          const manager = store.contacts.get(fields.accountManagerId);
          if (manager?.type !== 'employee') throw notFound('employee contact', fields.accountManagerId);
        }
        const ofCompany = cmt.getByCompany(fields.companyId);
        if (id === undefined) {
          checkIfMatch(headers['If-Match'], undefined, 'CMT');
          if (ofCompany)
            throw conflict(
              `Company ${fields.companyId} already has CMT ${ofCompany.id}; update that one (send its id) instead.`,
            );
          return { record: cmt.save(randomUUID(), fields), created: true };
        }
        const current = cmt.get(id);
        if (!current) throw notFound('CMT', id);
        checkIfMatch(headers['If-Match'], current, 'CMT');
        if (current.companyId !== fields.companyId)
          throw conflict(`CMT ${id} belongs to company ${current.companyId}; a CMT cannot move to another company.`);
        return { record: cmt.save(id, fields), created: false };
      });
      reply.code(saved.created ? 201 : 200);
      reply.header('ETag', versionETag(saved.record));
      return saved.record;
    },
  };
}
