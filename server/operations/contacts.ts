/** Operations of the Contact and Company groups. */
import type { OperationHandlers } from '../http/bind';
import { notFound, unauthorized } from '../http/problem';
import { pageJson } from '../db/paging';
import { type OperationDeps, versionETag } from './deps';

/** Handlers of the Contact and Company groups. */
export function contactHandlers(
  deps: OperationDeps,
): Pick<OperationHandlers, 'listContacts' | 'getUser' | 'getCurrentUser' | 'getCompanies' | 'getCompany'> {
  const { contacts, companies, users } = deps.store;
  return {
    listContacts: ({ query }) =>
      pageJson(
        contacts.list({
          q: query.q,
          companyId: query.companyId,
          state: query.state,
          sort: query.sort,
          cursor: query.cursor,
          limit: query.limit ?? 50,
        }),
      ),
    getUser: ({ query, reply }) => {
      const contact = contacts.get(query.id);
      if (!contact) throw notFound('contact', query.id);
      reply.header('ETag', versionETag(contact));
      return contact;
    },
    getCurrentUser: ({ userId }) => {
      const user = users.currentUser(userId);
      if (!user) throw unauthorized('This user no longer exists: sign in again.');
      return user;
    },
    getCompanies: ({ query }) =>
      pageJson(companies.list({ q: query.q, sort: query.sort, cursor: query.cursor, limit: query.limit ?? 50 })),
    getCompany: ({ query, reply }) => {
      const company = companies.get(query.id);
      if (!company) throw notFound('company', query.id);
      reply.header('ETag', versionETag(company));
      return company;
    },
  };
}
