/**
 * The `app://` protocol that serves the built renderer to Electron windows (docs/SECURITY.md): a standard,
 * secure scheme, so the page gets a real origin (`app://brm`) without file:// privileges; files
 * only from inside the renderer folder; every response with the renderer's CSP.
 */
import { readFile } from 'node:fs/promises';
import { protocol } from 'electron';
import {
  contentTypeFor,
  rendererCspHeader,
  rendererSecurityHeaders,
  resolveRendererFile,
} from '../host/renderer-files';

/** The scheme, host and entry page of the app's own pages. */
export const appScheme = 'app';
export const appHost = 'brm';
export const appEntryUrl = `${appScheme}://${appHost}/index.html`;

/** True when `url` is one of the app's own pages (`app://brm/...`). */
export function isAppUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === `${appScheme}:` && parsed.host === appHost;
  } catch {
    return false;
  }
}

/**
 * Declares `app://` standard and secure, with CORS enabled: Vite emits `<script type="module" crossorigin>`,
 * which Chromium loads in CORS mode. Must run before the app is ready.
 */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: appScheme, privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true } },
  ]);
}

/**
 * The request handler for `app://`: GET/HEAD of files under `rendererDir` with `csp`, 404 for
 * anything else (other hosts, traversal, missing files), 405 for other methods.
 */
export function createAppProtocolHandler(rendererDir: string, csp: string): (request: Request) => Promise<Response> {
  return async (request) => {
    const text = (status: number, body: string) =>
      new Response(body, {
        status,
        headers: { 'Content-Type': 'text/plain; charset=utf-8', ...rendererSecurityHeaders },
      });
    if (request.method !== 'GET' && request.method !== 'HEAD') return text(405, 'Method not allowed.');
    if (!isAppUrl(request.url)) return text(404, 'Not found.');
    const file = await resolveRendererFile(rendererDir, new URL(request.url).pathname);
    if (!file) return text(404, 'Not found.');
    const body = request.method === 'HEAD' ? null : await readFile(file);
    return new Response(body, {
      status: 200,
      headers: {
        'Content-Type': contentTypeFor(file),
        'Content-Security-Policy': csp,
        'Cache-Control': 'no-cache',
        ...rendererSecurityHeaders,
      },
    });
  };
}

/** Serves `rendererDir` on `app://` (after the app is ready); the page may connect only to its own origin. */
export async function registerAppProtocol(rendererDir: string): Promise<void> {
  protocol.handle(appScheme, createAppProtocolHandler(rendererDir, await rendererCspHeader(rendererDir, "'self'")));
}
