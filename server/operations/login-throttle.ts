/**
 * Slows down password guessing: after 10 failed sign-ins for one user name within 15 minutes, further
 * attempts for that name get 429 until the window ends (OWASP Authentication Cheat Sheet).
 */

const maxFailures = 10;
const windowMs = 15 * 60 * 1000;

/** In-memory failed sign-in counter per user name (case-insensitive). */
export class LoginThrottle {
  private readonly failures = new Map<string, { count: number; since: number }>();

  /** Seconds to wait before another attempt for `username`; 0 when allowed. */
  retryAfterSeconds(username: string, now = Date.now()): number {
    const entry = this.failures.get(username.toLowerCase());
    if (!entry || now - entry.since >= windowMs) return 0;
    return entry.count >= maxFailures ? Math.ceil((entry.since + windowMs - now) / 1000) : 0;
  }

  /** Records a failed attempt. */
  failed(username: string, now = Date.now()): void {
    const key = username.toLowerCase();
    const entry = this.failures.get(key);
    if (!entry || now - entry.since >= windowMs) this.failures.set(key, { count: 1, since: now });
    else entry.count++;
    if (this.failures.size > 10_000) this.failures.delete(this.failures.keys().next().value as string);
  }

  /** Forgets the failures of a user name after a successful sign-in. */
  succeeded(username: string): void {
    this.failures.delete(username.toLowerCase());
  }
}
