/** Operations of the Branch group: read, list, save, delete and the nearest-first locator. */
import { randomUUID } from 'node:crypto';
import { pageJson } from '../db/paging';
import type { OperationHandlers } from '../http/bind';
import { checkIfMatch } from '../http/preconditions';
import { conflict, notFound } from '../http/problem';
import { type OperationDeps, versionETag } from './deps';

type BranchOps = 'getBranch' | 'getCompanyBranches' | 'saveBranch' | 'deleteBranch' | 'branchLocator';

/** Handlers of the Branch group. */
export function branchHandlers(deps: OperationDeps): Pick<OperationHandlers, BranchOps> {
  const { store } = deps;
  const { branches } = deps.repos;
  const requireCompany = (companyId: string) => {
    if (!store.companies.get(companyId)) throw notFound('company', companyId);
  };
  const branchOf = (id: string) => {
    const branch = branches.get(id);
    if (!branch) throw notFound('branch', id);
    return branch;
  };

  return {
    getBranch: ({ query, reply }) => {
      const branch = branchOf(query.id);
      reply.header('ETag', versionETag(branch));
      return branch;
    },

    getCompanyBranches: ({ query }) => {
      requireCompany(query.companyId);
      return pageJson(
        branches.listOfCompany({
          companyId: query.companyId,
          kind: query.kind,
          sort: query.sort,
          cursor: query.cursor,
          limit: query.limit ?? 50,
        }),
      );
    },

    saveBranch: ({ body, headers, reply }) =>
      store.transaction(() => {
        const { id: givenId, ...fields } = body;
        const existing = givenId === undefined ? undefined : branchOf(givenId);
        checkIfMatch(headers['If-Match'], existing, 'branch');
        requireCompany(fields.companyId);
        const id = givenId ?? randomUUID();
        const headquarters = fields.kind === 'headquarters' ? branches.headquartersOf(fields.companyId) : undefined;
        if (headquarters !== undefined && headquarters !== id) {
          throw conflict(
            `Company ${fields.companyId} already has a headquarters branch (${headquarters}); change that one's kind first, or save this branch with another kind.`,
          );
        }
        const saved = branches.save(id, fields);
        reply.code(existing ? 200 : 201).header('ETag', versionETag(saved));
        return saved;
      }),

    deleteBranch: ({ query, headers, reply }) => {
      store.transaction(() => {
        checkIfMatch(headers['If-Match'], branchOf(query.id), 'branch');
        branches.remove(query.id);
      });
      reply.code(204);
      return reply.send();
    },

    branchLocator: ({ body }) => {
      if (body.companyId !== undefined) requireCompany(body.companyId);
      return pageJson(
        branches.near({
          latitude: body.latitude,
          longitude: body.longitude,
          radiusKm: body.radiusKm,
          companyId: body.companyId,
          kind: body.kind,
          cursor: body.cursor,
          limit: body.limit ?? 50,
        }),
      );
    },
  };
}
