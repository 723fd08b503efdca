/**
 * Operations `authenticateUser` (password grants, throttled; refresh-token grants, rotation with
 * reuse detection) and `revokeToken` (sign-out: revokes a token family, RFC 7009).
 */
import type { components } from '../../api/generated/schema';
import type { IssuedTokens } from '../db/users';
import type { OperationHandlers } from '../http/bind';
import { unauthorized } from '../http/problem';
import type { OperationDeps } from './deps';
import { heldAttemptProblem, LoginThrottle } from './login-throttle';

type AuthTokens = components['schemas']['AuthTokens'];

const reusedDetail =
  'This refresh token had already been used, so it may have been copied: every session of this sign-in has been ended. Sign in again.';

/** Handlers of the Auth group. */
export function authHandlers(deps: OperationDeps): Pick<OperationHandlers, 'authenticateUser' | 'revokeToken'> {
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
        const rotation = users.rotate(body.refreshToken, deps.accessTokenTtlSeconds);
        if (rotation.kind === 'unknown') throw unauthorized('The refresh token is unknown or expired: sign in again.');
        if (rotation.kind === 'reused') throw unauthorized(reusedDetail);
        return answer(rotation.userId, rotation.tokens);
      }
      // Counted before the password is checked, so parallel guesses cannot pass the limit.
      const attempt = throttle.attempt(body.username, request.ip);
      if (!attempt.allowed) throw heldAttemptProblem(attempt, 'sign-in attempts');
      const userId = await users.verifyPassword(body.username, body.password);
      if (!userId) throw unauthorized('The e-mail or password is wrong.');
      throttle.succeeded(attempt);
      return answer(userId, users.issueTokens(userId, deps.accessTokenTtlSeconds));
    },
    // 204 whether or not anything was revoked (RFC 7009 §2.2): the answer tells nothing about the token.
    revokeToken: async ({ body, userId, reply }) => {
      reply.header('Cache-Control', 'no-store');
      users.revoke(userId, body.token, body.tokenTypeHint);
      reply.code(204);
      return undefined;
    },
  };
}
