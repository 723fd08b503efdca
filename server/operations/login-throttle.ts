/**
 * Slows down password guessing with growing delays instead of a lockout (OWASP Authentication Cheat
 * Sheet, "Login Throttling"; `docs/SECURITY.md`). Every password attempt is counted BEFORE the
 * password is checked, per user name (case-insensitive) and per client address, so parallel guesses
 * cannot slip past the limit while earlier ones are still being checked.
 *
 * Each key has a score: +1 per counted attempt. Once the score (rounded) reaches `free`, the next
 * attempt must wait `baseDelayMs × 2^(score − free)` (capped at `maxDelayMs`) after the previous one;
 * attempts before then get 429 with the time left and are not counted. Once that delay has run out
 * without a new attempt, the score halves every `halfLifeMs`: guessing at the allowed pace keeps
 * the delay growing, and stopping lets it decay. A successful sign-in resets the user name's score and takes back its own
 * count from the address (other users behind the same address are not slowed by it).
 */

import { ProblemError } from '../http/problem';

/** How one kind of key (user name or address) is throttled. Times in ms. */
export interface ThrottleRule {
  /** Attempts allowed in a row before delays start. */
  free: number;
  /** The first delay, ms. */
  baseDelayMs: number;
  /** The longest delay, ms. */
  maxDelayMs: number;
  /** The score halves after this long without attempts (counted from the end of its delay), ms. */
  halfLifeMs: number;
}

/** The rules per user name and per client address. */
export interface LoginThrottleOptions {
  perUsername: ThrottleRule;
  perAddress: ThrottleRule;
}

/**
 * The defaults: per user name 3 attempts, then 1 s, 2 s, 4 s … up to 15 minutes; per address (an
 * office behind one address signs in many people) 20 attempts, then the same growth; both halve in
 * an hour.
 */
export const defaultLoginThrottle: LoginThrottleOptions = {
  perUsername: { free: 3, baseDelayMs: 1000, maxDelayMs: 15 * 60_000, halfLifeMs: 60 * 60_000 },
  perAddress: { free: 20, baseDelayMs: 1000, maxDelayMs: 15 * 60_000, halfLifeMs: 60 * 60_000 },
};

/** An attempt that may go ahead: pass it back to `succeeded` when the password was right. */
export interface CountedAttempt {
  allowed: true;
  username: string;
  address: string;
}

/** An attempt that must wait: `retryAfterSeconds` (≥ 1) and which limit held it back. */
export interface HeldAttempt {
  allowed: false;
  retryAfterSeconds: number;
  limit: 'username' | 'address';
}

interface Entry {
  /** The score after the last change. */
  score: number;
  /** When the last attempt was counted, ms since the epoch (delays run from there). */
  last: number;
}

/** Most keys kept per kind; the least recently changed go first. */
const maxEntries = 50_000;

class Scores {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly rule: ThrottleRule) {}

  /** The delay a score asks for after its last attempt, ms. */
  private delayMs(score: number): number {
    const counted = Math.round(score);
    if (counted < this.rule.free) return 0;
    return Math.min(this.rule.maxDelayMs, this.rule.baseDelayMs * 2 ** (counted - this.rule.free));
  }

  /** The score at `now`: it decays only once its delay has run out, so guessing at the allowed pace keeps growing it. */
  private decayed(entry: Entry | undefined, now: number): number {
    if (!entry) return 0;
    const quietFrom = entry.last + this.delayMs(entry.score);
    return entry.score * 0.5 ** (Math.max(0, now - quietFrom) / this.rule.halfLifeMs);
  }

  /** Ms until `key` may make another attempt (0: now). */
  waitMs(key: string, now: number): number {
    const entry = this.entries.get(key);
    return entry ? Math.max(0, entry.last + this.delayMs(entry.score) - now) : 0;
  }

  /** Counts an attempt of `key` at `now`. */
  count(key: string, now: number): void {
    const score = this.decayed(this.entries.get(key), now) + 1;
    this.entries.delete(key);
    this.entries.set(key, { score, last: now });
    if (this.entries.size > maxEntries) this.entries.delete(this.entries.keys().next().value as string);
  }

  /** Takes one counted attempt of `key` back (the time of its last attempt stays). */
  refund(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    entry.score -= 1;
    if (entry.score < 0.01) this.entries.delete(key);
  }

  /** Forgets `key`. */
  reset(key: string): void {
    this.entries.delete(key);
  }
}

/** In-memory sign-in throttle of one service. */
export class LoginThrottle {
  private readonly usernames: Scores;
  private readonly addresses: Scores;

  constructor(options: LoginThrottleOptions = defaultLoginThrottle) {
    this.usernames = new Scores(options.perUsername);
    this.addresses = new Scores(options.perAddress);
  }

  /**
   * Counts a password attempt for `username` from `address` before its password is checked, or
   * holds it back (not counted) when either must wait. `now` is ms since the epoch.
   */
  attempt(username: string, address: string, now = Date.now()): CountedAttempt | HeldAttempt {
    const name = username.toLowerCase();
    const byName = this.usernames.waitMs(name, now);
    const byAddress = this.addresses.waitMs(address, now);
    if (byName > 0 || byAddress > 0) {
      return {
        allowed: false,
        retryAfterSeconds: Math.max(1, Math.ceil(Math.max(byName, byAddress) / 1000)),
        limit: byName >= byAddress ? 'username' : 'address',
      };
    }
    this.usernames.count(name, now);
    this.addresses.count(address, now);
    return { allowed: true, username: name, address };
  }

  /** The attempt's password was right: the user name starts afresh, and the address gets its count back. */
  succeeded(attempt: CountedAttempt): void {
    this.usernames.reset(attempt.username);
    this.addresses.refund(attempt.address);
  }
}

/**
 * The 429 `/problems/rate-limited` answer to an attempt the throttle held back, with `Retry-After` in
 * seconds (RFC 9110 §10.2.3). `what` names the attempts in the user's words ("sign-in attempts").
 */
export function heldAttemptProblem(held: HeldAttempt, what: string): ProblemError {
  const who = held.limit === 'username' ? 'this user name' : 'this network address';
  return new ProblemError(
    429,
    '/problems/rate-limited',
    `Too many ${what} for ${who}. Wait ${held.retryAfterSeconds} s, then try again.`,
    { headers: { 'Retry-After': String(held.retryAfterSeconds) } },
  );
}
