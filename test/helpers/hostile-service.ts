/**
 * A small HTTP service of the test's own on loopback (`node:http`) that speaks just enough of the
 * contract (api/openapi.yaml) for a core to sign in, sync and download (`authenticateUser`,
 * `getChanges`, `downloadDocument`), and answers the feed and downloads however a test wants: the
 * same page again, a page of hundreds of MiB, a body that never ends, the wrong bytes. It logs every
 * request and builds valid records, pages and streamed bodies.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { crc32 } from '@node-rs/crc32';
import { operations } from '../../api/generated/operations';
import { apiContact } from './api-records';

/** A request the service received. */
export interface HostileRequest {
  method: string;
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
}

/** Answers one request of an operation. */
export type HostileHandler = (req: IncomingMessage, res: ServerResponse, url: URL) => void | Promise<void>;

/** The operations a test can answer its own way. */
export type HostileOperation = 'getChanges' | 'downloadDocument';

/** The running service. */
export interface HostileService {
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  /** Any user name and password sign in. */
  credentials: { username: string; password: string };
  /** Every request received, in order. */
  readonly requests: readonly HostileRequest[];
  /** The requests of `operation` received so far. */
  requestsOf(operation: HostileOperation | 'authenticateUser'): HostileRequest[];
  /** Answers `operation` with `handler` from now on (default: an empty last feed page; 404 for downloads). */
  answer(operation: HostileOperation, handler: HostileHandler): void;
  close(): Promise<void>;
}

/** Sends `body` as JSON with `status`. */
export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** Sends an RFC 9457 problem document. */
export function sendProblem(res: ServerResponse, status: number, title: string): void {
  const text = JSON.stringify({ type: 'about:blank', title, status });
  res.writeHead(status, { 'content-type': 'application/problem+json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/**
 * Streams `total` bytes (Infinity: until the client goes away) of `fill` in 1 MiB writes, waiting for
 * the socket to drain, so the service itself never holds more than a chunk. `headers` go first (no
 * Content-Length: chunked). Resolves with the bytes written once the body ended or the client left.
 */
export function streamBody(
  res: ServerResponse,
  total: number,
  headers: Record<string, string | number>,
  fill = 0x20,
): Promise<number> {
  const chunk = Buffer.alloc(1024 * 1024, fill);
  res.writeHead(200, headers);
  return new Promise((resolve) => {
    let sent = 0;
    let gone = false;
    res.on('close', () => {
      gone = true;
      resolve(sent);
    });
    const pump = () => {
      while (!gone && sent < total) {
        const part = total - sent >= chunk.length ? chunk : chunk.subarray(0, total - sent);
        sent += part.length;
        if (!res.write(part)) {
          res.once('drain', pump);
          return;
        }
      }
      if (!gone) res.end(() => resolve(sent));
    };
    pump();
  });
}

const at = '2026-01-05T09:00:00.000Z';

/** A valid Contact record numbered `n`. */
export function contactRecord(n: number): Record<string, unknown> {
  return {
    ...apiContact({ id: randomUUID(), firstName: `Hostile${n}`, lastName: 'Tester', email: `hostile${n}@example.com` }),
    createdAt: at,
    updatedAt: at,
  };
}

/** A valid root Folder record. */
export function folderRecord(): Record<string, unknown> {
  return {
    id: randomUUID(),
    version: 1,
    parentId: null,
    name: 'Hostile files',
    ownerId: null,
    createdAt: at,
    updatedAt: at,
  };
}

/** A valid Document record in `folderId` for `content` (its size, SHA-256 and CRC-32). */
export function documentRecord(folderId: string, name: string, content: Buffer): Record<string, unknown> {
  return {
    id: randomUUID(),
    version: 1,
    folderId,
    name,
    title: name,
    contentType: 'application/octet-stream',
    size: content.length,
    sha256: createHash('sha256').update(content).digest('hex'),
    crc32: crc32(content).toString(16).padStart(8, '0'),
    state: 'draft',
    ownerId: user.id,
    approval: null,
    createdAt: at,
    updatedAt: at,
  };
}

let seq = 0;
/** A ChangePage of upserts of `records` (each `[type, record]`). */
export function changePage(
  records: [string, Record<string, unknown>][],
  nextCursor: string,
  hasMore: boolean,
): Record<string, unknown> {
  return {
    changes: records.map(([type, data]) => ({
      seq: ++seq,
      type,
      id: data.id,
      op: 'upsert',
      version: data.version,
      data,
    })),
    nextCursor,
    hasMore,
  };
}

const user = {
  id: randomUUID(),
  firstName: 'Hostile',
  lastName: 'Service',
  email: 'tester@example.com',
  jobTitle: null,
  companyId: null,
  roles: ['sales'],
  permissions: ['contacts.write', 'companies.write'],
};

function tokens(): Record<string, unknown> {
  return {
    accessToken: `access-${randomUUID()}`,
    tokenType: 'Bearer',
    expiresIn: 3600,
    expiresAt: new Date(Date.now() + 3_600_000).toISOString(),
    refreshToken: `refresh-${randomUUID()}`,
    user,
  };
}

/** Starts the service on 127.0.0.1 (free port). */
export async function startHostileService(): Promise<HostileService> {
  const requests: HostileRequest[] = [];
  const handlers: Record<HostileOperation, HostileHandler> = {
    getChanges: (_req, res) => sendJson(res, 200, changePage([], 'end', false)),
    downloadDocument: (_req, res) => sendProblem(res, 404, 'No such document.'),
  };
  const sockets = new Set<Socket>();
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://service.test');
    requests.push({ method: req.method ?? 'GET', path: url.pathname, query: url.searchParams, headers: req.headers });
    // The request body (a sign-in) is not read: any credentials sign in.
    req.resume();
    res.on('error', () => undefined);
    if (url.pathname === operations.authenticateUser.path) return sendJson(res, 200, tokens());
    if (url.pathname === operations.getChanges.path) return void handlers.getChanges(req, res, url);
    if (url.pathname === operations.downloadDocument.path) return void handlers.downloadDocument(req, res, url);
    sendProblem(res, 404, 'This test service does not answer that.');
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    credentials: { username: user.email, password: 'any password' },
    requests,
    requestsOf: (operation) => requests.filter((r) => r.path === operations[operation].path),
    answer(operation, handler) {
      handlers[operation] = handler;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
