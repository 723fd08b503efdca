/**
 * Raw HTTP/1.1 over `node:net` for tests that must send what `fetch` refuses to (a repeated or
 * invalid `Content-Length`, a body that stops half-way, garbage): writes bytes, reads the answer
 * until the server closes the connection (or `waitMs` passes) and parses the first response.
 */
import { connect, type Socket } from 'node:net';

/** One parsed response, and whether the server closed the connection after it. */
export interface RawResponse {
  status: number;
  /** Header names in lower case. */
  headers: Record<string, string>;
  /** The body as text (Content-Length bodies only). */
  body: string;
  /** The parsed JSON body, or undefined when it is not JSON. */
  json: unknown;
  /** True when the server ended the connection before `waitMs` passed. */
  closedByServer: boolean;
}

/** A raw connection: write parts of a request at will, then read the answer. */
export interface RawConnection {
  socket: Socket;
  write(bytes: string | Buffer): Promise<void>;
  /** Waits for the server to answer and close (or for `waitMs`), then parses what arrived. */
  response(waitMs?: number): Promise<RawResponse>;
}

function parse(raw: Buffer, closedByServer: boolean): RawResponse {
  const text = raw.toString('latin1');
  const end = text.indexOf('\r\n\r\n');
  if (end < 0) throw new Error(`No complete response arrived: ${JSON.stringify(text.slice(0, 200))}`);
  const [statusLine, ...headerLines] = text.slice(0, end).split('\r\n');
  const status = Number(statusLine.split(' ')[1]);
  const headers: Record<string, string> = {};
  for (const line of headerLines) {
    const colon = line.indexOf(':');
    headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  const length = Number(headers['content-length'] ?? 0);
  const body = raw.subarray(end + 4, end + 4 + length).toString('utf8');
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    json = undefined;
  }
  return { status, headers, body, json, closedByServer };
}

/** Opens a raw connection to a service URL (`http://host:port`). */
export async function openRaw(baseUrl: string): Promise<RawConnection> {
  const url = new URL(baseUrl);
  const socket = connect(Number(url.port), url.hostname);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  const chunks: Buffer[] = [];
  let closed = false;
  const closedPromise = new Promise<void>((resolve) => {
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('end', () => {
      closed = true;
      resolve();
    });
    socket.on('close', () => {
      closed = true;
      resolve();
    });
    socket.on('error', () => undefined);
  });
  return {
    socket,
    write: (bytes) => new Promise<void>((resolve, reject) => socket.write(bytes, (e) => (e ? reject(e) : resolve()))),
    response: async (waitMs = 10_000) => {
      await Promise.race([closedPromise, new Promise((resolve) => setTimeout(resolve, waitMs))]);
      const closedByServer = closed;
      socket.destroy();
      return parse(Buffer.concat(chunks), closedByServer);
    },
  };
}

/** Sends one raw request and reads the answer (see `RawConnection.response`). */
export async function rawRequest(baseUrl: string, request: string | Buffer, waitMs?: number): Promise<RawResponse> {
  const connection = await openRaw(baseUrl);
  await connection.write(request);
  return connection.response(waitMs);
}
