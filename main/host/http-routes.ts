/**
 * The browser-mode host's HTTP endpoints (docs/ARCHITECTURE.md, "Layers"):
 * - `GET /?token=…` the app page (the built renderer's index.html) with the CSP header;
 * - `GET /<asset>` the renderer's static files (public: they hold no data);
 * - `PUT /stage?token=…&name=…` streams a picked/dropped file into the staging area → `{ref, name, size}`;
 * - `GET /files/<id>?token=…` a downloaded document the core opened (`documents.open`).
 * The WebSocket bridge (`/bridge`) is handled on the server's `upgrade` event, not here.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { baseSecurityHeaders, sendError, sendJson } from './http-responses';
import { inlineDisposition, type OpenedFiles } from './opened-files';
import { contentTypeFor, rendererSecurityHeaders, resolveRendererFile } from './renderer-files';
import { checkStagedName, formatBytes, type StagingArea, StagingTooLargeError } from './staging';
import { tokenMatches } from './token';

/** What the routes need from the host. */
export interface HttpRoutesOptions {
  token: string;
  rendererDir: string;
  staging: StagingArea;
  openedFiles: OpenedFiles;
  /** The CSP header for renderer pages (computed once the port is known). */
  rendererCsp(): string;
  /** Receives unexpected failures. */
  logError(context: string, error: unknown): void;
}

/** Message for requests without the right token. */
export const tokenRequiredMessage =
  'This address needs the token from the URL BRM Desktop printed when it started. Open that URL instead.';

/** Creates the request listener for the host's `http.Server`. */
export function createRequestHandler(options: HttpRoutesOptions): (req: IncomingMessage, res: ServerResponse) => void {
  return (req, res) => {
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
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const method = req.method ?? 'GET';
  const hasToken = tokenMatches(options.token, url.searchParams.get('token'));
  const isPage = url.pathname === '/' || url.pathname === '/index.html';

  if (url.pathname === '/stage') {
    if (method !== 'PUT') return sendMethodNotAllowed(res, 'PUT');
    if (!hasToken) return sendError(res, 403, tokenRequiredMessage, true);
    return stageUpload(options.staging, req, res, url.searchParams.get('name'));
  }
  if (method !== 'GET' && method !== 'HEAD') return sendMethodNotAllowed(res, 'GET, HEAD');
  if (url.pathname.startsWith('/files/')) {
    if (!hasToken) return sendError(res, 403, tokenRequiredMessage);
    const path = options.openedFiles.get(url.pathname.slice('/files/'.length));
    if (!path) return sendError(res, 404, 'This file is not available. Open it again from BRM Desktop.');
    return sendFile(req, res, path, { 'Content-Disposition': inlineDisposition(path), ...openedFileCsp(path) });
  }
  if (isPage && !hasToken) return sendError(res, 403, tokenRequiredMessage);
  const file = await resolveRendererFile(options.rendererDir, url.pathname);
  if (!file) return sendError(res, 404, 'Not found.');
  return sendFile(req, res, file, {
    ...rendererSecurityHeaders,
    'Content-Security-Policy': options.rendererCsp(),
    'Cache-Control': isPage ? 'no-store' : 'no-cache',
  });
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
