/**
 * Serving the built renderer (`out/renderer`), shared by the browser-mode host (HTTP) and the
 * Electron `app://` protocol: URL path → file inside the renderer folder (never outside it),
 * content types, and the Content-Security-Policy header (docs/SECURITY.md).
 */
import { readFile, realpath, stat } from 'node:fs/promises';
import { extname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import mime from 'mime';
import { normalizeUrlPath } from './request-target';

/**
 * The policy used when the renderer's index.html has no CSP meta tag: nothing but our own scripts,
 * styles, images and fonts (docs/SECURITY.md: `default-src 'none'; script-src 'self'`, no unsafe-inline/eval).
 */
export const defaultRendererCsp =
  "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data: blob:; font-src 'self'; connect-src 'self'; base-uri 'none'; form-action 'none'; object-src 'none'";

/**
 * Maps a URL pathname (still percent-encoded, e.g. `/assets/index-abc.js`) to an absolute path
 * inside `rootDir`. `/` maps to `index.html`. The path is decoded and normalized by
 * `normalizeUrlPath` (request-target.ts); returns null for anything it refuses (a `..` above the
 * root, encoded separators, NUL and other controls, bad encoding), for a file that a symlink
 * leads out of `rootDir`, or when no regular file exists there.
 */
export async function resolveRendererFile(rootDir: string, urlPathname: string): Promise<string | null> {
  const normalized = normalizeUrlPath(urlPathname);
  if (normalized === null) return null;
  const segments = normalized.split('/').filter((segment) => segment !== '');
  const root = resolve(rootDir);
  const candidate = segments.length === 0 ? join(root, 'index.html') : join(root, ...segments);
  if (!isInside(root, candidate)) return null;
  try {
    const [realRoot, realCandidate] = await Promise.all([realpath(root), realpath(candidate)]);
    if (!isInside(realRoot, realCandidate)) return null;
    return (await stat(realCandidate)).isFile() ? realCandidate : null;
  } catch {
    return null;
  }
}

function isInside(root: string, path: string): boolean {
  const rel = relative(root, path);
  return rel !== '' && !rel.startsWith(`..${sep}`) && rel !== '..' && !isAbsolute(rel);
}

/** Content-Type for a file name by its extension; text types carry `charset=utf-8`; unknown → application/octet-stream. */
export function contentTypeFor(fileName: string): string {
  const type = mime.getType(extname(fileName)) ?? 'application/octet-stream';
  return type.startsWith('text/') || type === 'application/json' || type === 'image/svg+xml'
    ? `${type}; charset=utf-8`
    : type;
}

/** Extracts the policy of `<meta http-equiv="Content-Security-Policy" content="...">` from an HTML page, or null. */
export function extractMetaCsp(html: string): string | null {
  for (const tag of html.match(/<meta\b[^>]*>/gi) ?? []) {
    if (!/http-equiv\s*=\s*["']?content-security-policy["']?/i.test(tag)) continue;
    const content = /\bcontent\s*=\s*(?:"([^"]*)"|'([^']*)')/i.exec(tag);
    if (content) return decodeHtmlAttribute(content[1] ?? content[2]).trim();
  }
  return null;
}

function decodeHtmlAttribute(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/**
 * Returns `policy` with `directive` set to `value` (replacing it, or appended when absent).
 * Directive names compare case-insensitively (CSP Level 3 §2.2).
 */
export function withCspDirective(policy: string, directive: string, value: string): string {
  const parts = policy
    .split(';')
    .map((part) => part.trim())
    .filter((part) => part !== '');
  const name = directive.toLowerCase();
  const index = parts.findIndex((part) => part.split(/\s+/)[0].toLowerCase() === name);
  const replacement = `${directive} ${value}`;
  if (index === -1) parts.push(replacement);
  else parts[index] = replacement;
  return parts.join('; ');
}

/**
 * The CSP header for renderer pages: the policy of the built index.html's meta tag (so header and
 * meta agree), plus `frame-ancestors 'none'` (which a meta tag cannot set), with `connect-src`
 * replaced when `connectSrc` is given. Falls back to `defaultRendererCsp` when index.html has none.
 */
export async function rendererCspHeader(rootDir: string, connectSrc?: string): Promise<string> {
  let policy = defaultRendererCsp;
  try {
    policy = extractMetaCsp(await readFile(join(rootDir, 'index.html'), 'utf8')) ?? defaultRendererCsp;
  } catch {
    // No index.html yet: the default policy applies; the page itself then answers 404.
  }
  if (connectSrc) policy = withCspDirective(policy, 'connect-src', connectSrc);
  return withCspDirective(policy, 'frame-ancestors', "'none'");
}

/** Headers every response with renderer content carries, besides Content-Type and the CSP. */
export const rendererSecurityHeaders: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
};
