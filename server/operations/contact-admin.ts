/**
 * Users' access and settings (Contact group): `bootUser`, `resetPassword`, `removePermissions`,
 * `getContactSettings`, `saveContactSettings`. Revoking sessions deletes the user's tokens, so the
 * next request with one of them answers 401 (a revoked token, as `api/openapi.yaml` `info.description` says).
 */
import type { components } from '../../api/generated/schema';
import { isKnownTimeZone } from '../db/contact-settings';
import type { OperationHandlers } from '../http/bind';
import { checkIfMatch } from '../http/preconditions';
import { conflict, forbidden, notFound, ProblemError, validationProblem } from '../http/problem';
import { type OperationDeps, versionETag } from './deps';
import { heldAttemptProblem, LoginThrottle } from './login-throttle';

type ContactSettings = components['schemas']['ContactSettings'];
type AuthTokens = components['schemas']['AuthTokens'];

/** Handlers of users' access and settings. */
export function contactAdminHandlers(
  deps: OperationDeps,
): Pick<
  OperationHandlers,
  'bootUser' | 'resetPassword' | 'removePermissions' | 'getContactSettings' | 'saveContactSettings'
> {
  const { store, repos } = deps;
  const throttle = new LoginThrottle();
  const accountOf = (id: string) => {
    const account = repos.sessions.account(id);
    if (!account) throw notFound('user', id);
    return account;
  };
  const settingsOf = (userId: string): ContactSettings => {
    const stored = repos.contactSettings.get(userId);
    return {
      ...stored,
      roles: accountOf(userId).roles,
      permissions: repos.permissions.ofUser(userId),
    };
  };
  const newTokens = (userId: string): AuthTokens => {
    const user = store.users.currentUser(userId);
    if (!user) throw notFound('user', userId);
    return { ...store.users.issueTokens(userId, deps.accessTokenTtlSeconds), tokenType: 'Bearer', user };
  };

  return {
    bootUser: ({ body, userId }) => {
      accountOf(body.id);
      if (body.id === userId) throw conflict('You cannot boot yourself; sign out instead.');
      return repos.sessions.revokeAll(body.id);
    },

    resetPassword: async ({ body, userId, reply, request }) => {
      reply.header('Cache-Control', 'no-store');
      const targetId = body.userId ?? userId;
      const self = targetId === userId;
      const account = accountOf(targetId);
      if (self) {
        if (body.currentPassword === null) {
          throw validationProblem([
            { pointer: '/body/currentPassword', detail: 'is required to change your own password' },
          ]);
        }
        // Counted before the password is checked, as for sign-ins (./login-throttle.ts).
        const attempt = throttle.attempt(account.email, request.ip);
        if (!attempt.allowed) throw heldAttemptProblem(attempt, 'current-password attempts');
        if ((await store.users.verifyPassword(account.email, body.currentPassword)) !== userId) {
          throw forbidden('Your current password is wrong; the password was not changed.');
        }
        throttle.succeeded(attempt);
      } else if (body.currentPassword !== null) {
        throw validationProblem([
          { pointer: '/body/currentPassword', detail: "must be null when setting another user's password" },
        ]);
      }
      if ((await store.users.verifyPassword(account.email, body.newPassword)) === targetId) {
        throw validationProblem([{ pointer: '/body/newPassword', detail: 'must differ from the current password' }]);
      }
      return store.transaction(() => {
        repos.sessions.setPassword(targetId, body.newPassword);
        const revoked = repos.sessions.revokeAll(targetId);
        return { revoked, tokens: self ? newTokens(targetId) : null };
      });
    },

    removePermissions: ({ query, reply }) => {
      const account = accountOf(query.userId);
      if (!repos.permissions.remove(account.id, query.permission)) {
        throw new ProblemError(
          404,
          '/problems/not-found',
          `The user ${account.email} does not hold the ${query.permission} permission.`,
        );
      }
      reply.code(204);
      return reply.send();
    },

    getContactSettings: ({ query, userId, reply }) => {
      const targetId = query.userId ?? userId;
      const settings = settingsOf(targetId);
      reply.header('ETag', versionETag(settings));
      return settings;
    },

    saveContactSettings: ({ body, headers, userId, reply }) => {
      if (!isKnownTimeZone(body.preferences.timeZone)) {
        throw validationProblem([
          { pointer: '/body/preferences/timeZone', detail: 'is not an IANA time zone (e.g. Europe/Berlin)' },
        ]);
      }
      return store.transaction(() => {
        checkIfMatch(headers['If-Match'], settingsOf(userId), 'settings');
        repos.contactSettings.save(userId, body.preferences);
        const settings = settingsOf(userId);
        reply.header('ETag', versionETag(settings));
        return settings;
      });
    },
  };
}
