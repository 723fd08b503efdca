/**
 * Request rate limits (Limits in `api/openapi.yaml` `info.description`) with `@fastify/rate-limit`'s counting store: a
 * fixed window per signed-in user (keyed by the user the bearer token belongs to, so a user's devices
 * share one quota) or per client address for requests without a valid token. Every response carries
 * the draft-ietf-httpapi-ratelimit-headers fields `RateLimit-Policy: "default";q=<quota>;w=<seconds>`
 * and `RateLimit: "default";r=<left>;t=<seconds to reset>`; a request over the quota answers 429
 * `/problems/rate-limited` with `Retry-After` (seconds). The sign-in throttle per user name
 * (`operations/login-throttle.ts`) applies on top of this.
 */
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ProblemError } from './problem';

/** Quotas per window. */
export interface RateLimits {
  /** Requests per window per signed-in user. */
  perUser: number;
  /** Requests per window per client address, for requests without a valid access token. */
  perAddress: number;
  /** The window, ms. */
  windowMs: number;
}

/** The defaults: generous enough that the desktop client and the test suite are never throttled. */
export const defaultRateLimits: RateLimits = { perUser: 600, perAddress: 600, windowMs: 60_000 };

const bearer = /^Bearer ([A-Za-z0-9\-._~+/]+=*)$/i;

/** The policy header value for a quota and window (draft-ietf-httpapi-ratelimit-headers §4). */
export function policyHeader(quota: number, windowMs: number): string {
  return `"default";q=${quota};w=${Math.ceil(windowMs / 1000)}`;
}

/**
 * The RateLimit header value: requests left and seconds until the window resets
 * (draft-ietf-httpapi-ratelimit-headers §5).
 */
export function limitHeader(remaining: number, resetSeconds: number): string {
  return `"default";r=${Math.max(0, remaining)};t=${Math.max(0, resetSeconds)}`;
}

/**
 * Registers the limiter as the first `onRequest` hook of every route (contract operations, the
 * published contract and unknown paths alike). `userOfToken` resolves an access token to its user
 * (null when invalid); it only chooses the quota, authentication itself happens later.
 */
export async function installRateLimit(
  app: FastifyInstance,
  limits: RateLimits,
  userOfToken: (token: string) => string | null,
): Promise<void> {
  await app.register(rateLimit, { global: false });
  const keyOf = (request: FastifyRequest): string => {
    const match = bearer.exec(request.headers.authorization?.trim() ?? '');
    const userId = match ? userOfToken(match[1]) : null;
    return userId ? `user:${userId}` : `address:${request.ip}`;
  };
  const quotaOf = (key: string) => (key.startsWith('user:') ? limits.perUser : limits.perAddress);
  const limiter = app.createRateLimit({
    keyGenerator: keyOf,
    max: async (_request: FastifyRequest, key: string) => quotaOf(key),
    timeWindow: limits.windowMs,
  });

  app.addHook('onRequest', async (request, reply) => {
    const state = await limiter(request);
    if (state.isAllowed) return;
    const quota = quotaOf(state.key);
    reply.header('RateLimit-Policy', policyHeader(quota, limits.windowMs));
    reply.header('RateLimit', limitHeader(state.remaining, state.ttlInSeconds));
    if (state.isExceeded) {
      const who = state.key.startsWith('user:') ? 'this user' : 'this address';
      throw new ProblemError(
        429,
        '/problems/rate-limited',
        `Too many requests from ${who}: ${quota} per ${Math.ceil(limits.windowMs / 1000)} s are allowed. Try again in ${state.ttlInSeconds} s.`,
        { headers: { 'Retry-After': String(state.ttlInSeconds) } },
      );
    }
  });
}
