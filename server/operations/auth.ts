/** Operation `authenticateUser`: password and refresh-token grants. */
import type { components } from '../../api/generated/schema';
import type { IssuedTokens } from '../db/users';
import type { OperationHandlers } from '../http/bind';
import { ProblemError, unauthorized } from '../http/problem';
import type { OperationDeps } from './deps';
import { LoginThrottle } from './login-throttle';

type AuthTokens = components['schemas']['AuthTokens'];

/** Handlers of the Auth group. */
export function authHandlers(deps: OperationDeps): Pick<OperationHandlers, 'authenticateUser'> {
  const { users } = deps.store;
  const throttle = new LoginThrottle();
  const answer = (userId: string, tokens: IssuedTokens): AuthTokens => {
    const user = users.currentUser(userId);
    if (!user) throw unauthorized('This user no longer exists.');
    return { ...tokens, tokenType: 'Bearer', user };
  };
  return {
    authenticateUser: async ({ body, reply }) => {
      reply.header('Cache-Control', 'no-store');
      if (body.grantType === 'refresh_token') {
        const rotated = users.rotate(body.refreshToken, deps.accessTokenTtlSeconds);
        if (!rotated) throw unauthorized('The refresh token is unknown, expired or already used: sign in again.');
        return answer(rotated.userId, rotated.tokens);
      }
      const wait = throttle.retryAfterSeconds(body.username);
      if (wait > 0) {
        throw new ProblemError(
          429,
          '/problems/rate-limited',
          `Too many failed sign-ins for this user: try again in ${wait} s.`,
          {
            headers: { 'Retry-After': String(wait) },
          },
        );
      }
      const userId = await users.verifyPassword(body.username, body.password);
      if (!userId) {
        throttle.failed(body.username);
        throw unauthorized('The e-mail or password is wrong.');
      }
      throttle.succeeded(body.username);
      return answer(userId, users.issueTokens(userId, deps.accessTokenTtlSeconds));
    },
  };
}
