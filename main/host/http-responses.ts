/**
 * Small response helpers for the browser-mode host's HTTP endpoints: JSON bodies, plain-text errors
 * with the security headers every host response carries.
 */
import type { ServerResponse } from 'node:http';

/** Headers on every host response (no MIME sniffing, no referrer leaking the token). */
export const baseSecurityHeaders: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Cache-Control': 'no-store',
};

/** Sends `body` as JSON with `status`. */
export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    ...baseSecurityHeaders,
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
  });
  res.end(text);
}

/**
 * Sends a plain-text error (a sentence for whoever reads it: what happened and what to do).
 * With `close`, the connection is closed after the response (used when a request body is not read).
 */
export function sendError(res: ServerResponse, status: number, message: string, close = false): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  const headers: Record<string, string | number> = {
    ...baseSecurityHeaders,
    'Content-Type': 'text/plain; charset=utf-8',
    'Content-Length': Buffer.byteLength(message),
  };
  if (close) headers.Connection = 'close';
  res.writeHead(status, headers);
  res.end(message);
}
