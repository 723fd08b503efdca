/**
 * What the browser-mode host reads from a request before it routes it (docs/SECURITY.md, "Browser
 * mode"): the target's path, decoded once and normalized, so that the token check sees the path the
 * file system will see (`/%69ndex.html`, `/./index.html`, `//index.html` and `/assets/../index.html`
 * are all the page); and the `Host` header, which must name the host itself (DNS rebinding).
 */

/** A request target split into its normalized path and its query. */
export interface RequestTarget {
  /** `/` followed by the decoded segments joined with `/` (no empty, `.` or `..` segment), e.g. `/assets/app.js`. */
  path: string;
  /** The decoded segments of `path`, e.g. `['assets', 'app.js']` (empty for `/`). */
  segments: string[];
  /** The query parameters (RFC 3986 §3.4, decoded as `application/x-www-form-urlencoded`). */
  query: URLSearchParams;
}

/**
 * Characters a decoded segment may not hold: NUL and other C0/C1 controls, DEL, `%` (a second
 * encoding layer), `?` and `#` (would change the URL's meaning), `:` (NTFS stream names), `/` and
 * `\` (encoded separators: `%2F`, `%5C`).
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what this refuses.
const forbiddenInSegment = /[\u0000-\u001f\u007f-\u009f%?#:/\\]/;

/**
 * Normalizes a URL path (still percent-encoded, without query): backslashes count as `/` (as
 * browsers treat them, WHATWG URL), percent-escapes are decoded once (either case: `%2e` = `%2E`),
 * empty and `.` segments are dropped and `..` removes the segment before it (RFC 3986 §5.2.4).
 * Returns the normalized path (`/` + segments joined by `/`), or null when the path is refused: a
 * malformed escape, a `..` that would climb above the root, an encoded `/` or `\`, a decoded
 * character listed in `forbiddenInSegment`, or a segment ending in `.` or a space (names that
 * Windows silently trims, so `index.html.` would reach `index.html`). Idempotent: a normalized
 * path normalizes to itself.
 */
export function normalizeUrlPath(rawPath: string): string | null {
  const segments = normalizedSegments(rawPath);
  return segments === null ? null : `/${segments.join('/')}`;
}

function normalizedSegments(rawPath: string): string[] | null {
  if (!rawPath.startsWith('/') && !rawPath.startsWith('\\')) return null;
  const segments: string[] = [];
  for (const raw of rawPath.split(/[/\\]/)) {
    let segment: string;
    try {
      segment = decodeURIComponent(raw);
    } catch {
      return null;
    }
    if (segment === '' || segment === '.') continue;
    if (segment === '..') {
      if (segments.length === 0) return null;
      segments.pop();
      continue;
    }
    if (forbiddenInSegment.test(segment) || /[. ]$/.test(segment)) return null;
    segments.push(segment);
  }
  return segments;
}

/**
 * Parses a request's target (`req.url`, origin-form: `/path?query`, RFC 9112 §3.2.1). Returns
 * null for any other form (absolute-form, `*`) and for paths `normalizeUrlPath` refuses. A
 * fragment, which clients never send, is refused too.
 */
export function parseRequestTarget(target: string): RequestTarget | null {
  if (target.includes('#')) return null;
  const queryAt = target.indexOf('?');
  const rawPath = queryAt === -1 ? target : target.slice(0, queryAt);
  const segments = normalizedSegments(rawPath);
  if (segments === null) return null;
  return {
    path: `/${segments.join('/')}`,
    segments,
    query: new URLSearchParams(queryAt === -1 ? '' : target.slice(queryAt + 1)),
  };
}

/**
 * The `Host` header values the host answers to: `127.0.0.1:<port>` and `localhost:<port>` (the
 * addresses docs/SECURITY.md names). Anything else, a missing header included, is a request meant
 * for another server (a DNS-rebinding page's own name pointing at 127.0.0.1) and is refused.
 */
export function allowedHosts(port: number): readonly string[] {
  return [`127.0.0.1:${port}`, `localhost:${port}`];
}

/** True when `host` (a request's `Host` header) is one of `allowed`; compared case-insensitively (RFC 9110 §4.2.3). */
export function hostHeaderAllowed(host: string | undefined, allowed: readonly string[]): boolean {
  if (typeof host !== 'string') return false;
  const value = host.trim().toLowerCase();
  return allowed.includes(value);
}

/** Message for a request whose `Host` header names another server (sent with 421 Misdirected Request, RFC 9110 §15.5.20). */
export const misdirectedMessage =
  'This BRM Desktop host answers only at http://127.0.0.1 or http://localhost with its own port. Open the URL it printed when it started.';

/** Message for a request target the host refuses (sent with 400). */
export const badTargetMessage =
  'This address is not valid here: it climbs out of the app folder or holds characters no app file uses. Open the URL BRM Desktop printed when it started.';
