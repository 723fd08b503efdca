/**
 * The browser-mode bridge: a WebSocket endpoint (`/bridge?token=…`) carrying calls from the page to
 * the dispatcher and core events back to every connected page (docs/ARCHITECTURE.md, "Layers"). Frames are JSON:
 * request `{id, name, input}` → response `{id, ok: true, result}` or `{id, ok: false, error}`;
 * events `{event, payload}`. A bad frame gets an error reply; it never takes the host down.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { type RawData, type WebSocket, WebSocketServer } from 'ws';
import { z } from 'zod';
import { hostPaths, type ResponseFrame } from '../../preload/channels';
import { type Dispatcher, internalErrorMessage, toBridgeErrorShape } from '../dispatcher';
import { hostHeaderAllowed, parseRequestTarget } from './request-target';
import { tokenMatches } from './token';

/** Largest frame a page may send, bytes (a 100-file upload call is well under this). */
export const maxFrameBytes = 2 * 1024 * 1024;

const requestFrameSchema = z.object({
  id: z.union([z.string().min(1).max(64), z.number().int().nonnegative()]),
  name: z.string().min(1).max(100),
  input: z.unknown(),
});

/** Options for `createBridgeSocketServer`. */
export interface BridgeSocketOptions {
  token: string;
  dispatcher: Dispatcher;
  /** Origins a browser may connect from (the host's own); connections without an Origin header are allowed. */
  allowedOrigins(): readonly string[];
  /** `Host` header values to accept (`allowedHosts(port)` of request-target.ts); others get 421. */
  allowedHosts(): readonly string[];
  logError(context: string, error: unknown): void;
}

/** The WebSocket side of the host. */
export interface BridgeSocketServer {
  /**
   * Handles an HTTP upgrade request: accepts `/bridge` (normalized path) with the right token and
   * origin, answers 421 when the `Host` header names another server and 403 otherwise.
   */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Sends an event to every connected page. */
  broadcast(event: string, payload: unknown): void;
  /** Number of connected pages. */
  readonly clientCount: number;
  /** Closes every connection and the server. */
  close(): Promise<void>;
}

/** Creates the bridge WebSocket server (attached to the host's HTTP server through `handleUpgrade`). */
export function createBridgeSocketServer(options: BridgeSocketOptions): BridgeSocketServer {
  const wss = new WebSocketServer({ noServer: true, maxPayload: maxFrameBytes, perMessageDeflate: false });

  wss.on('connection', (socket: WebSocket) => {
    socket.on('message', (data: RawData, isBinary: boolean) => {
      void answer(socket, data, isBinary);
    });
    socket.on('error', (error) => options.logError('bridge connection', error));
  });

  async function answer(socket: WebSocket, data: RawData, isBinary: boolean): Promise<void> {
    const frame = parseRequest(data, isBinary);
    let response: ResponseFrame;
    if ('error' in frame) {
      response = { id: frame.id, ok: false, error: { code: 'invalid_input', message: frame.error } };
    } else {
      try {
        response = { id: frame.id, ok: true, result: await options.dispatcher.dispatch(frame.name, frame.input) };
      } catch (error) {
        response = { id: frame.id, ok: false, error: toBridgeErrorShape(error) };
      }
    }
    send(socket, response);
  }

  function send(socket: WebSocket, frame: unknown): void {
    if (socket.readyState !== socket.OPEN) return;
    let text: string;
    try {
      text = JSON.stringify(frame);
    } catch (error) {
      options.logError('bridge serialization', error);
      const id = (frame as { id?: ResponseFrame['id'] }).id ?? null;
      text = JSON.stringify({ id, ok: false, error: { code: 'internal', message: internalErrorMessage } });
    }
    socket.send(text);
  }

  return {
    handleUpgrade(req, socket, head) {
      const refuse = (status: string) => {
        socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
        socket.destroy();
      };
      if (!hostHeaderAllowed(req.headers.host, options.allowedHosts())) return refuse('421 Misdirected Request');
      const target = parseRequestTarget(req.url ?? '');
      const origin = req.headers.origin;
      const allowed =
        target !== null &&
        target.path === hostPaths.bridge &&
        tokenMatches(options.token, target.query.get('token')) &&
        (origin === undefined || options.allowedOrigins().includes(origin));
      if (!allowed) return refuse('403 Forbidden');
      wss.handleUpgrade(req, socket, head, (ws) => wss.emit('connection', ws, req));
    },
    broadcast(event, payload) {
      const text = JSON.stringify({ event, payload });
      for (const client of wss.clients) {
        if (client.readyState === client.OPEN) client.send(text);
      }
    },
    get clientCount() {
      return wss.clients.size;
    },
    close() {
      for (const client of wss.clients) client.terminate();
      return new Promise((resolve) => wss.close(() => resolve()));
    },
  };
}

/** Parses one frame; returns the request or the reason it is not one (with its id when readable). */
function parseRequest(
  data: RawData,
  isBinary: boolean,
): z.infer<typeof requestFrameSchema> | { id: string | number | null; error: string } {
  if (isBinary) return { id: null, error: 'The bridge accepts only JSON text messages. Reload the page.' };
  let value: unknown;
  try {
    value = JSON.parse(rawToString(data));
  } catch {
    return { id: null, error: 'The bridge received a message that is not JSON. Reload the page.' };
  }
  const parsed = requestFrameSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const rawId = (value as { id?: unknown } | null)?.id;
  const id = (typeof rawId === 'string' && rawId.length <= 64) || typeof rawId === 'number' ? rawId : null;
  return {
    id,
    error: 'The bridge received a malformed request: it needs {"id", "name", "input"}. Reload the page.',
  };
}

function rawToString(data: RawData): string {
  if (Array.isArray(data)) return Buffer.concat(data).toString('utf8');
  if (data instanceof ArrayBuffer) return Buffer.from(data).toString('utf8');
  return data.toString('utf8');
}
