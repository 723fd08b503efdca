/**
 * Rate limits: RateLimit and RateLimit-Policy on every response, 429 `/problems/rate-limited` with
 * Retry-After over the quota, separate quotas per signed-in user and per address without a token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestService, type TestService } from '../../helpers/server-client';

const tiny = { perUser: 4, perAddress: 6, windowMs: 60_000 };

let t: TestService;
beforeAll(async () => {
  t = await startTestService({
    demo: { contacts: 20, companies: 3, events: 5, documents: 3, notifications: 3 },
    rateLimits: tiny,
  });
});
afterAll(() => t.stop());

function parse(header: string | null): Record<string, number> {
  expect(header).toMatch(/^"default"(;[a-z]+=\d+)+$/);
  return Object.fromEntries(
    (header ?? '')
      .split(';')
      .slice(1)
      .map((p) => p.split('='))
      .map(([k, v]) => [k, Number(v)]),
  );
}

describe('rate limits', () => {
  it('counts down a signed-in user quota, then answers 429 with Retry-After', async () => {
    const left: number[] = [];
    for (let i = 0; i < tiny.perUser; i++) {
      const res = await t.client.call('getCurrentUser');
      expect(res.status).toBe(200);
      expect(parse(res.headers.get('ratelimit-policy'))).toEqual({ q: tiny.perUser, w: 60 });
      const state = parse(res.headers.get('ratelimit'));
      expect(state.t).toBeGreaterThan(0);
      expect(state.t).toBeLessThanOrEqual(60);
      left.push(state.r);
    }
    expect(left).toEqual([3, 2, 1, 0]);
    const over = await t.client.call('listContacts');
    expect(over.status).toBe(429);
    expect(over.contentType).toContain('application/problem+json');
    expect(over.body).toMatchObject({ type: '/problems/rate-limited', status: 429 });
    const retryAfter = Number(over.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(parse(over.headers.get('ratelimit')).r).toBe(0);
  });

  it('limits requests without a valid token per address, apart from the user quota', async () => {
    const res = await t.client.call('getCurrentUser', { token: null });
    expect(res.status).toBe(401);
    expect(parse(res.headers.get('ratelimit-policy')).q).toBe(tiny.perAddress);
    const before = parse(res.headers.get('ratelimit')).r;
    let status = 0;
    for (let i = 0; i <= before; i++)
      status = (await t.client.call('getCurrentUser', { token: 'x'.repeat(20) })).status;
    expect(status).toBe(429);
  });

  it('puts the headers on the published contract and unknown paths too', async () => {
    const res = await fetch(`${t.service.url}/no/such/path`);
    expect(res.headers.get('ratelimit-policy')).toMatch(/^"default";q=\d+;w=60$/);
  });
});
