/** Access-matrix cases of the Auth, Contact, Company, Avatar, Audit, Cmt, Notifications and Sync groups. */
import type { Matrix, MatrixCase } from '../access-matrix';
import { ServerClient } from '../server-client';
import { made, unique } from './common';

const preferences = {
  locale: 'en-GB',
  timeZone: 'Europe/Berlin',
  dateFormat: 'dd.MM.yyyy',
  timeFormat: '24h',
  firstDayOfWeek: 'monday',
  defaultCalendarView: 'week',
  pageSize: 50,
  mutedNotificationKinds: [],
};

/** The cases, by operationId. */
export const peopleCases: Record<string, MatrixCase> = {
  authenticateUser: {
    request: (_fx, m) => ({
      token: null,
      body: { grantType: 'password', username: m.users.owner.email, password: m.users.owner.password },
    }),
  },
  // A token no one holds: revoking it answers 204 (RFC 7009 §2.2) and ends no session of the matrix.
  revokeToken: { request: () => ({ body: { token: 'A'.repeat(43), tokenTypeHint: 'refresh_token' } }) },
  listContacts: { request: () => ({ query: { limit: 5 } }) },
  getUser: { request: (_fx, m) => ({ query: { id: m.demo.customerId } }) },
  getCurrentUser: { request: () => ({}) },
  getCompanies: { request: () => ({ query: { limit: 5 } }) },
  getCompany: { request: (_fx, m) => ({ query: { id: m.demo.companyId } }) },
  getCompanyUsers: { request: (_fx, m) => ({ query: { companyId: m.demo.companyId, limit: 5 } }) },
  getUsersOfType: { request: () => ({ query: { type: 'customer', limit: 5 } }) },
  getQueryList: { request: () => ({ query: { limit: 5 } }) },
  getQueryResults: {
    // The owner's private saved query: others may not even see it (404).
    setup: async (m) => {
      const none = { q: null, type: null, state: null, companyId: null, city: null, country: null, sort: 'lastName' };
      const query = m.t.service.repos.contactQueries.save(crypto.randomUUID(), {
        name: `Mine ${unique()}`,
        description: null,
        ownerId: m.users.owner.id,
        shared: false,
        filter: { ...none, type: 'customer' } as never,
      });
      return { queryId: query.id };
    },
    request: (fx) => ({ query: { queryId: fx.queryId, limit: 5 } }),
  },
  archiveContact: {
    setup: async (m) => ({
      id: (
        await made<{ id: string }>(m.users.owner.client, 'saveUser', { body: { firstName: 'Ada', lastName: unique() } })
      ).id,
    }),
    request: (fx) => ({ body: { id: fx.id, archived: true } }),
  },
  bootUser: {
    setup: async (m) => ({ id: (await m.newUser('Bea', ['sales'], [])).id }),
    request: (fx) => ({ body: { id: fx.id } }),
  },
  deleteContact: {
    setup: async (m) => ({
      id: (
        await made<{ id: string }>(m.users.owner.client, 'saveUser', { body: { firstName: 'Del', lastName: unique() } })
      ).id,
    }),
    request: (fx) => ({ query: { id: fx.id } }),
  },
  getContactSettings: { request: (_fx, m) => ({ query: { userId: m.users.owner.id } }) },
  saveContactSettings: { request: () => ({ body: { preferences } }) },
  removePermissions: {
    setup: async (m) => ({ userId: (await m.newUser('Rem', ['sales'], ['contacts.write'])).id }),
    request: (fx) => ({ query: { userId: fx.userId, permission: 'contacts.write' } }),
  },
  resetPassword: {
    // The user whose password is set is one made for the call; as the "owner" they set their own.
    setup: async (m) => {
      const user = await m.newUser('Pat', ['sales'], []);
      return { userId: user.id, email: user.email, password: user.password, token: user.client.token ?? '' };
    },
    owner: (fx, m) => ({ id: fx.userId, email: fx.email, password: fx.password, client: withToken(m, fx.token) }),
    request: (fx, _m, caller) => ({
      body: {
        userId: fx.userId,
        currentPassword: caller?.id === fx.userId ? fx.password : null,
        newPassword: `new password ${unique()}`,
      },
    }),
  },
  saveUser: {
    // The owner's own contact (a colleague's record): they and administrators may change it.
    request: (_fx, m) => ({
      body: { id: m.users.owner.id, firstName: 'Olive', lastName: 'Matrix', jobTitle: unique() },
    }),
  },
  deleteCompany: {
    setup: async (m) => ({
      id: (await made<{ id: string }>(m.users.admin.client, 'saveCompany', { body: { name: `Gone ${unique()}` } })).id,
    }),
    request: (fx) => ({ query: { id: fx.id } }),
  },
  saveCompany: { request: () => ({ body: { name: `Company ${unique()}` } }) },
  getAvatar: { request: (_fx, m) => ({ query: { id: m.demo.customerId } }) },
  getCompanyLogo: { request: (_fx, m) => ({ query: { id: m.demo.companyId } }) },
  auditTrail: { request: (_fx, m) => ({ body: { actorId: m.users.owner.id, limit: 5 } }) },
  getRecentDeals: { request: () => ({ query: { limit: 5 } }) },
  viewCmt: { request: (_fx, m) => ({ query: { companyId: m.demo.cmtCompanyId } }) },
  saveCmt: {
    setup: async (m) => ({
      companyId: (
        await made<{ id: string }>(m.users.admin.client, 'saveCompany', { body: { name: `Terms ${unique()}` } })
      ).id,
    }),
    request: (fx) => ({
      body: {
        companyId: fx.companyId,
        paymentTermsDays: 30,
        creditLimit: 50_000,
        currency: 'EUR',
        discountBasisPoints: 250,
        accountManagerId: null,
        reviewDate: null,
        notes: null,
      },
    }),
  },
  getNotifications: { request: () => ({ query: { limit: 5 } }) },
  getRecentNotifications: { request: () => ({ query: { limit: 5 } }) },
  dismissNotification: {
    setup: async (m) => ({ id: ownersNotification(m) }),
    request: (fx) => ({ body: { id: fx.id } }),
  },
  markNotificationRead: {
    setup: async (m) => ({ id: ownersNotification(m) }),
    request: (fx) => ({ body: { id: fx.id } }),
  },
  dismissAllNotifications: { request: () => ({ body: {} }) },
  getChanges: { request: () => ({ query: { limit: 5 } }) },
};

/** A notification addressed to the matrix's owner. */
function ownersNotification(m: Matrix): string {
  return m.t.service.store.createNotification({
    userId: m.users.owner.id,
    kind: 'comment',
    title: 'A comment on your document',
    body: 'Looks good.',
  }).id;
}

/** A client of the matrix's service signed in with `token`. */
function withToken(m: Matrix, token: string): ServerClient {
  const client = new ServerClient(m.t.service.url);
  client.token = token;
  return client;
}
