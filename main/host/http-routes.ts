/**
 * The browser-mode host's HTTP endpoints (docs/ARCHITECTURE.md, "Layers"):
 * - `GET /?token=…` the app page (the built renderer's index.html) with the CSP header;
 * - `GET /<asset>` the renderer's static files (public: they hold no data), except HTML pages and
 *   source maps, which need the token;
 * - `PUT /stage?token=…&name=…` streams a picked/dropped file into the staging area → `{ref, name, size}`;
 * - `GET /files/<id>?token=…` a downloaded document the core opened (`documents.open`).
 * The WebSocket bridge (`/bridge`) is handled on the server's `upgrade` event, not here.
 * Every request must name the host in its `Host` header (else 421) and have a target that
 * normalizes (else 400); routing and the token check see the normalized path (request-target.ts).
 * Every request body must keep arriving: after `bodyTimeoutMs` without a byte the answer is 408
 * with `Connection: close` (body-timeout.ts).
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { hostPaths } from '../../preload/channels';
import { defaultBodyTimeoutMs, watchRequestBody } from './body-timeout';
import { baseSecurityHeaders, sendError, sendJson } from './http-responses';
import { inlineDisposition, type OpenedFiles } from './opened-files';
import { contentTypeFor, rendererSecurityHeaders, resolveRendererFile } from './renderer-files';
import { badTargetMessage, hostHeaderAllowed, misdirectedMessage, parseRequestTarget } from './request-target';
import { formatBytes } from '../core/format-bytes';
import { checkStagedName, type StagingArea, StagingTooLargeError } from './staging';
import { tokenMatches } from './token';

/** What the routes need from the host. */
export interface HttpRoutesOptions {
  token: string;
  rendererDir: string;
  staging: StagingArea;
  openedFiles: OpenedFiles;
  /** The CSP header for renderer pages (computed once the port is known). */
  rendererCsp(): string;
  /** The `Host` header values to answer (`allowedHosts(port)` of request-target.ts). */
  allowedHosts(): readonly string[];
  /** Receives unexpected failures. */
  logError(context: string, error: unknown): void;
  /** The longest silence within a request body, ms; default 30 s (body-timeout.ts). */
  bodyTimeoutMs?: number;
}

/** Message for requests without the right token. */
export const tokenRequiredMessage =
  'This address needs the token from the URL BRM Desktop printed when it started. Open that URL instead.';

/** Creates the request listener for the host's `http.Server`. */
export function createRequestHandler(options: HttpRoutesOptions): (req: IncomingMessage, res: ServerResponse) => void {
  const bodyTimeoutMs = options.bodyTimeoutMs ?? defaultBodyTimeoutMs;
  return (req, res) => {
    watchRequestBody(req, res, bodyTimeoutMs, (answer, message) => sendError(answer, 408, message, true));
    route(options, req, res).catch((error: unknown) => {
      options.logError(`${req.method} ${req.url?.split('?')[0]}`, error);
      sendError(
        res,
        500,
        'BRM Desktop could not answer this request. Try again; if it keeps happening, restart it.',
        true,
      );
    });
  };
}

async function route(options: HttpRoutesOptions, req: IncomingMessage, res: ServerResponse): Promise<void> {
  if (!hostHeaderAllowed(req.headers.host, options.allowedHosts())) {
    return sendError(res, 421, misdirectedMessage, true);
  }
  const target = parseRequestTarget(req.url ?? '');
  if (!target) return sendError(res, 400, badTargetMessage, true);
  const method = req.method ?? 'GET';
  const hasToken = tokenMatches(options.token, target.query.get('token'));

  if (target.path === hostPaths.stage) {
    if (method !== 'PUT') return sendMethodNotAllowed(res, 'PUT');
    if (!hasToken) return sendError(res, 403, tokenRequiredMessage, true);
    return stageUpload(options.staging, req, res, target.query.get('name'));
  }
  if (method !== 'GET' && method !== 'HEAD') return sendMethodNotAllowed(res, 'GET, HEAD');
  if (target.segments[0] === 'files') {
    if (!hasToken) return sendError(res, 403, tokenRequiredMessage);
    const path = target.segments.length === 2 ? options.openedFiles.get(target.segments[1]) : undefined;
    if (!path) return sendError(res, 404, 'This file is not available. Open it again from BRM Desktop.');
    return sendFile(req, res, path, { 'Content-Disposition': inlineDisposition(path), ...openedFileCsp(path) });
  }
  const file = await resolveRendererFile(options.rendererDir, target.path);
  // Decided on the file found, not on the path: every spelling of index.html is the page.
  const isPrivate = file !== null && needsToken(file);
  if ((isPrivate || target.path === '/') && !hasToken) return sendError(res, 403, tokenRequiredMessage);
  if (!file) return sendError(res, 404, 'Not found.');
  return sendFile(req, res, file, {
    ...rendererSecurityHeaders,
    'Content-Security-Policy': options.rendererCsp(),
    'Cache-Control': isPrivate ? 'no-store' : 'no-cache',
  });
}

/**
 * Renderer files only the token opens: HTML pages (the app page, under any spelling of its name;
 * `.htm` covers 8.3 short names) and source maps. Scripts, styles, fonts and images are public: the
 * page loads them without the token and they hold no data (docs/SECURITY.md, "Browser mode").
 */
function needsToken(file: string): boolean {
  return /\.(html?|map)$/i.test(file);
}

function sendMethodNotAllowed(res: ServerResponse, allow: string): void {
  res.setHeader('Allow', allow);
  sendError(res, 405, `Use ${allow} here.`, true);
}

/**
 * Documents served from the user's downloads may be anything, HTML included: all but PDF (whose
 * viewer a sandbox would block) are sandboxed so they never run script in the host's origin.
 */
function openedFileCsp(path: string): Record<string, string> {
  return contentTypeFor(path) === 'application/pdf'
    ? { 'Content-Security-Policy': "default-src 'none'; object-src 'self'; frame-ancestors 'self'" }
    : {
        'Content-Security-Policy':
          "sandbox; default-src 'none'; img-src 'self' data:; media-src 'self'; style-src 'unsafe-inline'",
      };
}

async function sendFile(
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
  headers: Record<string, string>,
): Promise<void> {
  let size: number;
  try {
    const info = await stat(path);
    if (!info.isFile()) throw new Error('not a regular file');
    size = info.size;
  } catch {
    return sendError(res, 404, 'This file no longer exists. Download it again from BRM Desktop.');
  }
  res.writeHead(200, {
    ...baseSecurityHeaders,
    'Content-Type': contentTypeFor(path),
    'Content-Length': size,
    ...headers,
  });
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  await pipeline(createReadStream(path), res);
}

async function stageUpload(
  staging: StagingArea,
  req: IncomingMessage,
  res: ServerResponse,
  name: string | null,
): Promise<void> {
  const problem = checkStagedName(name);
  if (problem || name === null) return sendError(res, 400, problem ?? '', true);
  const tooLarge = `"${name}" is larger than ${formatBytes(staging.limitBytes)}, the most BRM Desktop can upload. Choose a smaller file.`;
  const declared = Number(req.headers['content-length']);
  if (Number.isFinite(declared) && declared > staging.limitBytes) return sendError(res, 413, tooLarge, true);
  try {
    const file = await staging.stage(req, name);
    sendJson(res, 200, { ref: file.ref, name: file.name, size: file.size });
  } catch (error) {
    if (error instanceof StagingTooLargeError) return sendError(res, 413, tooLarge, true);
    if (req.destroyed || req.readableAborted) return; // the page went away mid-upload; nothing to answer
    throw error;
  }
}
