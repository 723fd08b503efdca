/**
 * Contact lists of the Contact group beyond `List Contact`: by company, by type, and saved queries
 * (`getQueryList`, `getQueryResults`).
 */
import { pageJson } from '../db/paging';
import type { OperationHandlers } from '../http/bind';
import { notFound } from '../http/problem';
import type { OperationDeps } from './deps';

/** Handlers of the contact lists. */
export function contactListHandlers(
  deps: OperationDeps,
): Pick<OperationHandlers, 'getCompanyUsers' | 'getUsersOfType' | 'getQueryList' | 'getQueryResults'> {
  const { store } = deps;
  const { contactQueries } = deps.repos;
  return {
    getCompanyUsers: ({ query }) => {
      if (!store.companies.get(query.companyId)) throw notFound('company', query.companyId);
      return pageJson(
        store.contacts.list({
          companyId: query.companyId,
          state: query.state,
          sort: query.sort,
          cursor: query.cursor,
          limit: query.limit ?? 50,
        }),
      );
    },

    getUsersOfType: ({ query }) =>
      pageJson(
        store.contacts.list({
          type: query.type,
          state: query.state,
          sort: query.sort,
          cursor: query.cursor,
          limit: query.limit ?? 50,
        }),
      ),

    getQueryList: ({ query, userId }) =>
      pageJson(contactQueries.list(userId, query.scope ?? 'all', query.cursor, query.limit ?? 50)),

    getQueryResults: ({ query, userId }) => {
      const saved = contactQueries.visible(query.queryId, userId);
      if (!saved) throw notFound('saved query', query.queryId);
      const { filter } = saved;
      return pageJson(
        store.contacts.list({
          q: filter.q ?? undefined,
          type: filter.type ?? undefined,
          state: filter.state ?? undefined,
          companyId: filter.companyId ?? undefined,
          city: filter.city ?? undefined,
          country: filter.country ?? undefined,
          sort: filter.sort,
          cursor: query.cursor,
          limit: query.limit ?? 50,
        }),
      );
    },
  };
}
