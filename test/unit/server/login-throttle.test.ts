/**
 * The sign-in throttle (server/operations/login-throttle.ts): attempts are counted before the
 * password is checked, delays grow per user name and per address, decay when the guessing stops,
 * and a right password starts the user name afresh.
 */
import { describe, expect, it } from 'vitest';
import { defaultLoginThrottle, LoginThrottle } from '../../../server/operations/login-throttle';

const t0 = Date.parse('2026-11-20T09:00:00Z');
const hour = 3_600_000;

/** Counts attempts at `at`, failing each; returns how many were let through and the last wait. */
function guess(throttle: LoginThrottle, username: string, address: string, times: number, at: number) {
  let allowed = 0;
  let wait = 0;
  for (let i = 0; i < times; i++) {
    const attempt = throttle.attempt(username, address, at);
    if (attempt.allowed) allowed++;
    else wait = attempt.retryAfterSeconds;
  }
  return { allowed, wait };
}

/** Makes failed attempts, each as soon as allowed; returns the waits asked for in between, seconds. */
function waitsWhileGuessing(
  throttle: LoginThrottle,
  attempts: number,
  start: number,
): { waits: number[]; end: number } {
  const waits: number[] = [];
  let now = start;
  for (let i = 0; i < attempts; ) {
    const attempt = throttle.attempt('dana@example.com', '198.51.100.7', now);
    if (attempt.allowed) {
      i++;
      continue;
    }
    waits.push(attempt.retryAfterSeconds);
    now += attempt.retryAfterSeconds * 1000;
  }
  return { waits, end: now };
}

describe('LoginThrottle', () => {
  it('lets only the first few of many simultaneous guesses for one user name through', () => {
    const throttle = new LoginThrottle();
    const { allowed, wait } = guess(throttle, 'Dana@Example.com', '198.51.100.7', 60, t0);
    expect(allowed).toBe(defaultLoginThrottle.perUsername.free);
    expect(wait).toBe(1);
    // Another spelling of the same user name is the same key.
    expect(throttle.attempt('dana@example.com', '203.0.113.9', t0)).toMatchObject({
      allowed: false,
      limit: 'username',
    });
  });

  it('limits one address across user names', () => {
    const throttle = new LoginThrottle();
    let allowed = 0;
    for (let i = 0; i < 60; i++) if (throttle.attempt(`user${i}@example.com`, '198.51.100.7', t0).allowed) allowed++;
    expect(allowed).toBe(defaultLoginThrottle.perAddress.free);
    expect(throttle.attempt('someone@example.com', '198.51.100.7', t0)).toMatchObject({
      allowed: false,
      limit: 'address',
    });
    expect(throttle.attempt('someone@example.com', '203.0.113.9', t0).allowed).toBe(true);
  });

  it('doubles the delay with each further guess, up to the cap', () => {
    const throttle = new LoginThrottle();
    const { waits } = waitsWhileGuessing(throttle, 16, t0);
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900, 900]);
  });

  it('lets the delays decay once the guessing stops', () => {
    const throttle = new LoginThrottle();
    const { end } = waitsWhileGuessing(throttle, 8, t0);
    expect(throttle.attempt('dana@example.com', '198.51.100.7', end)).toMatchObject({ retryAfterSeconds: 32 });
    // Four hours later the score has halved four times: the next guess goes through, and the one
    // after it waits far less than it would have.
    const later = end + 4 * hour;
    expect(throttle.attempt('dana@example.com', '198.51.100.7', later).allowed).toBe(true);
    expect(throttle.attempt('dana@example.com', '198.51.100.7', later).allowed).toBe(true);
    expect(throttle.attempt('dana@example.com', '198.51.100.7', later)).toMatchObject({ allowed: false });
    // A day later it is as if nothing had happened.
    expect(guess(throttle, 'dana@example.com', '198.51.100.7', 10, later + 24 * hour).allowed).toBe(3);
  });

  it('lets the right password through after the delay, and then starts the user name afresh', () => {
    const throttle = new LoginThrottle();
    guess(throttle, 'dana@example.com', '198.51.100.7', 5, t0);
    const held = throttle.attempt('dana@example.com', '198.51.100.7', t0);
    expect(held).toMatchObject({ allowed: false, retryAfterSeconds: 1 });
    const after = throttle.attempt('dana@example.com', '198.51.100.7', t0 + 1000);
    expect(after.allowed).toBe(true);
    if (after.allowed) throttle.succeeded(after);
    expect(guess(throttle, 'dana@example.com', '198.51.100.7', 10, t0 + 1000).allowed).toBe(3);
  });

  it('does not count right passwords against the address', () => {
    const throttle = new LoginThrottle();
    for (let i = 0; i < 100; i++) {
      const attempt = throttle.attempt(`user${i}@example.com`, '198.51.100.7', t0 + i);
      expect(attempt.allowed).toBe(true);
      if (attempt.allowed) throttle.succeeded(attempt);
    }
  });
});
