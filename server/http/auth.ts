/**
 * Bearer authentication (RFC 6750): every operation except `authenticateUser` needs
 * `Authorization: Bearer <accessToken>`; otherwise 401 with `WWW-Authenticate: Bearer`.
 */
import type { FastifyRequest } from 'fastify';
import type { UserRepo } from '../db/users';
import { unauthorized } from './problem';

/** Returns a function that resolves a request's user id or throws a 401 problem. */
export function createAuthenticator(users: UserRepo): (request: FastifyRequest) => string {
  return (request) => {
    const header = request.headers.authorization;
    if (!header) throw unauthorized('Sign in first: send Authorization: Bearer <accessToken>.');
    const match = /^Bearer ([A-Za-z0-9\-._~+/]+=*)$/i.exec(header.trim());
    if (!match) throw unauthorized('The Authorization header must be "Bearer <accessToken>".');
    const userId = users.verifyAccessToken(match[1]);
    if (!userId) throw unauthorized('The access token is invalid or expired: refresh it or sign in again.');
    return userId;
  };
}
