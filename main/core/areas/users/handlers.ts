/**
 * Handlers of `users.*`: the Contact group's user lookups, `Gets all users from company`
 * (getCompanyUsers) and `Gets all users of type` (getUsersOfType), asked of the service on demand
 * and kept for offline use with their age (kept.ts). Their "users" are contacts
 * (docs/interpretations/contacts.md); both lists come latest changes first (`sort=-updatedAt`).
 */
import { recentCompanyContacts } from '../../../../preload/contract';
import type { AreaHandlers } from '../context';
import { keptAnswer } from '../kept';
import {
  fetchContactPages,
  listFreshForMs,
  pageTimeoutMs,
  type ServiceContact,
  type ServiceContactList,
  serviceRow,
  serviceWindow,
} from './service-contacts';

type Names = 'users.recentAtCompany' | 'users.ofType';

/** Creates the users handlers. */
export const usersHandlers: AreaHandlers<Names> = (ctx) => ({
  'users.recentAtCompany': async ({ companyId: id }) => {
    const companyId = ctx.writes.currentId(id);
    // A company created here that has not reached the service yet: the service has nothing to say.
    if (ctx.outbox.serviceIdOf(companyId) === null) return { value: [], fetchedAt: null };
    const kept = await keptAnswer<ServiceContact[]>(
      ctx,
      `getCompanyUsers:${companyId}:recent`,
      async () => {
        const page = await ctx.session.api().call('getCompanyUsers', {
          query: { companyId, sort: '-updatedAt', limit: recentCompanyContacts },
          timeoutMs: pageTimeoutMs,
        });
        return page.items;
      },
      [],
    );
    return { value: kept.value.map((contact) => serviceRow(ctx, contact)), fetchedAt: kept.fetchedAt };
  },
  'users.ofType': async ({ ofType, offset, limit, ...narrowing }) => {
    const kept = await keptAnswer<ServiceContactList>(
      ctx,
      `getUsersOfType:${ofType}:recent`,
      () =>
        fetchContactPages((cursor, pageLimit) =>
          ctx.session.api().call('getUsersOfType', {
            query: { type: ofType, sort: '-updatedAt', cursor, limit: pageLimit },
            timeoutMs: pageTimeoutMs,
          }),
        ),
      { contacts: [], complete: true },
      listFreshForMs,
    );
    return serviceWindow(ctx, kept, narrowing, offset, limit);
  },
});
