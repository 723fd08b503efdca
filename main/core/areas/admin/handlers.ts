/**
 * Handlers of `admin.*`: user administration (Contact group). The user list is the signed-in
 * user's company (`Gets all users from company`, getCompanyUsers, by last name), a user's page is
 * `Gets a user` (getUser) with their roles and grants (`Get Contact Settings` with userId; 404
 * means the contact has no sign-in), all asked on demand and kept with their age (kept.ts). The
 * administrators' actions (`Boot User`, `Reset Password` of another user, `Remove Permissions`)
 * are sent at once and never queued: they act on sessions and grants as the service sees them now,
 * so offline they are refused in words. The service decides who may (its 403 is passed on in its
 * words); docs/interpretations/contacts.md, "Roles and permissions".
 */
import { BridgeError, type ContactSettings, type ServiceContact } from '../../../../preload/contract';
import { ServiceError } from '../../errors';
import { currentUser } from '../account/handlers';
import type { AreaHandlers, HandlerContext } from '../context';
import { sendNow } from '../service-reach';
import { keptAnswer, staleAnswers } from '../kept';
import { fetchContactPages, pageTimeoutMs, serviceRow, type ServiceContactList } from '../users/service-contacts';

type Names = 'admin.users' | 'admin.user' | 'admin.bootUser' | 'admin.resetPassword' | 'admin.removePermission';

/** The key a user's roles and grants are kept under. */
const settingsKey = (userId: string) => `getContactSettings:${userId}`;

/** A user's roles and grants, kept; `noSignIn` when the service says the contact has none (404). */
async function userSettings(ctx: HandlerContext, userId: string) {
  let noSignIn = false;
  const settings = await keptAnswer<ContactSettings | null>(
    ctx,
    settingsKey(userId),
    async () => {
      try {
        return await ctx.session.api().call('getContactSettings', { query: { userId }, timeoutMs: pageTimeoutMs });
      } catch (err) {
        // 404: the contact has no sign-in; that is an answer, not a failure.
        if (err instanceof ServiceError && err.status === 404) {
          noSignIn = true;
          return null;
        }
        throw err;
      }
    },
    null,
  );
  return { settings, noSignIn: noSignIn || (settings.fetchedAt !== null && settings.value === null) };
}

/** Creates the user administration handlers. */
export const adminHandlers: AreaHandlers<Names> = (ctx) => ({
  'admin.users': async () => {
    const me = await currentUser(ctx);
    const companyId = me.value?.companyId ?? null;
    if (!companyId) return { value: [], fetchedAt: me.fetchedAt, companyName: null };
    const kept = await keptAnswer<ServiceContactList>(
      ctx,
      `getCompanyUsers:${companyId}:byName`,
      () =>
        fetchContactPages((cursor, limit) =>
          ctx.session.api().call('getCompanyUsers', {
            query: { companyId, sort: 'lastName', cursor, limit },
            timeoutMs: pageTimeoutMs,
          }),
        ),
      { contacts: [], complete: true },
    );
    return {
      value: kept.value.contacts.map((contact) => serviceRow(ctx, contact)),
      fetchedAt: kept.fetchedAt,
      companyName: ctx.stores.companies.get(companyId)?.name ?? null,
    };
  },
  'admin.user': async ({ id }) => {
    const contact = await keptAnswer<ServiceContact | null>(
      ctx,
      `getUser:${id}`,
      () => ctx.session.api().call('getUser', { query: { id }, timeoutMs: pageTimeoutMs }),
      null,
    );
    return { contact, ...(await userSettings(ctx, id)) };
  },
  'admin.bootUser': ({ id }) =>
    sendNow(ctx, 'Booting a user', () =>
      ctx.session.api().call('bootUser', { body: { id }, headers: { 'Idempotency-Key': crypto.randomUUID() } }),
    ),
  'admin.resetPassword': async ({ reset }) => {
    if (reset.userId === null || reset.currentPassword !== null) {
      throw new BridgeError(
        'invalid_input',
        "Choose the user whose password you set; an administrator sets another user's password without theirs.",
      );
    }
    const answer = await sendNow(ctx, 'Setting a password', () =>
      ctx.session.api().call('resetPassword', { body: reset, headers: { 'Idempotency-Key': crypto.randomUUID() } }),
    );
    return answer.revoked;
  },
  'admin.removePermission': async ({ userId, permission }) => {
    await sendNow(ctx, 'Removing a permission', () =>
      ctx.session.api().call('removePermissions', { query: { userId, permission } }),
    );
    staleAnswers(ctx.freshness, settingsKey(userId));
    const { settings } = await userSettings(ctx, userId);
    if (!settings.value) throw new BridgeError('not_found', 'That user has no sign-in any more.');
    return settings.value;
  },
});
