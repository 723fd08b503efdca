/**
 * The browser-mode host's per-launch secret (docs/ARCHITECTURE.md, "Layers"): every bridge connection and every host
 * endpoint requires it, so no other web page or local process can drive the core.
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** A new random token: 32 bytes, base64url (43 characters). */
export function createHostToken(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * Compares a presented token with the expected one in constant time (both are hashed first, so
 * neither the content nor the length leaks through timing). A missing token never matches.
 */
export function tokenMatches(expected: string, presented: string | null | undefined): boolean {
  if (typeof presented !== 'string' || presented.length === 0) return false;
  const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();
  return timingSafeEqual(digest(expected), digest(presented));
}
