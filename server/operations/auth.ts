/** Operation `authenticateUser`: password and refresh-token grants. */
import type { components } from '../../api/generated/schema';
import type { IssuedTokens } from '../db/users';
import type { OperationHandlers } from '../http/bind';
import { unauthorized } from '../http/problem';
import type { OperationDeps } from './deps';
import { heldAttemptProblem, LoginThrottle } from './login-throttle';

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
    authenticateUser: async ({ body, reply, request }) => {
      reply.header('Cache-Control', 'no-store');
      if (body.grantType === 'refresh_token') {
        const rotated = users.rotate(body.refreshToken, deps.accessTokenTtlSeconds);
        if (!rotated) throw unauthorized('The refresh token is unknown, expired or already used: sign in again.');
        return answer(rotated.userId, rotated.tokens);
      }
      // Counted before the password is checked, so parallel guesses cannot pass the limit.
      const attempt = throttle.attempt(body.username, request.ip);
      if (!attempt.allowed) throw heldAttemptProblem(attempt, 'sign-in attempts');
      const userId = await users.verifyPassword(body.username, body.password);
      if (!userId) throw unauthorized('The e-mail or password is wrong.');
      throttle.succeeded(attempt);
      return answer(userId, users.issueTokens(userId, deps.accessTokenTtlSeconds));
    },
  };
}
