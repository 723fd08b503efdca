/**
 * The bridge in browser mode (docs/ARCHITECTURE.md): `BrmBridge` over a WebSocket to the host that
 * served the page (`ws(s)://<host>/bridge?token=…`, token from the page URL). DOM-only: bundled
 * into the renderer, no Node imports.
 *
 * Calls made while the connection is down wait for it to come back, and fail after
 * `offlineTimeoutMs` with BridgeError('offline'). A connection that drops fails the calls in flight
 * the same way (the host may or may not have run them) and is re-opened with backoff.
 */
import { type CallOutcome, type EventFrame, hostPaths, type ResponseFrame, type StageResponse } from './channels';
import { toBridgeError } from './bridge-errors';
import { BridgeError, type BridgeErrorCode, type BrmBridge, type FileRef } from './contract';

export { toBridgeError, withBridgeErrors } from './bridge-errors';

/** Message when the host cannot be reached. */
export const hostOfflineMessage = "BRM Desktop's background service is not running. Restart it and reload this page.";

/** Largest file the host stages for upload: 2 GiB (as `main/host/staging.ts`). */
export const maxStagedBytes = 2 * 1024 ** 3;

/** Options for `connectBrowserBridge`; the defaults suit the app. */
export interface BrowserBridgeOptions {
  /** How long a call waits for a connection before failing offline, ms (default 10 000). */
  offlineTimeoutMs?: number;
  /** First reconnect delay, ms (default 250); doubles per failed attempt up to `maxReconnectDelayMs`. */
  reconnectDelayMs?: number;
  /** Longest reconnect delay, ms (default 5 000). */
  maxReconnectDelayMs?: number;
}

interface PendingCall {
  id: number;
  frame: string;
  resolve(result: unknown): void;
  reject(error: BridgeError): void;
  timer: ReturnType<typeof setTimeout> | null;
}

/** The browser-mode bridge; `close()` ends the connection for good (calls then fail offline). */
export interface BrowserBridge extends BrmBridge {
  close(): void;
}

/** Connects to the host that served this page and returns the bridge. Never throws; calls reject with BridgeError. */
export function connectBrowserBridge(options: BrowserBridgeOptions = {}): BrowserBridge {
  const offlineTimeoutMs = options.offlineTimeoutMs ?? 10_000;
  const firstDelay = options.reconnectDelayMs ?? 250;
  const maxDelay = options.maxReconnectDelayMs ?? 5_000;
  const token = new URLSearchParams(location.search).get('token') ?? '';
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  const waiting: PendingCall[] = [];
  const inFlight = new Map<number, PendingCall>();
  let nextId = 1;
  let socket: WebSocket | null = null;
  let attempts = 0;
  let closed = false;
  let reconnectTimer: ReturnType<typeof setTimeout> | null = null;

  const offline = () => new BridgeError('offline', hostOfflineMessage);

  function open(): void {
    const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
    const ws = new WebSocket(`${scheme}//${location.host}${hostPaths.bridge}?token=${encodeURIComponent(token)}`);
    socket = ws;
    ws.addEventListener('open', () => {
      attempts = 0;
      for (const call of waiting.splice(0)) send(ws, call);
    });
    ws.addEventListener('message', (message) => receive(message.data));
    // A failed connection is followed by 'close', where it is handled.
    ws.addEventListener('error', () => undefined);
    ws.addEventListener('close', () => {
      if (socket !== ws) return;
      socket = null;
      for (const call of inFlight.values()) call.reject(offline());
      inFlight.clear();
      if (closed) return;
      const delay = Math.min(maxDelay, firstDelay * 2 ** attempts) * (0.75 + Math.random() * 0.5);
      attempts += 1;
      reconnectTimer = setTimeout(open, delay);
    });
  }

  function send(ws: WebSocket, call: PendingCall): void {
    if (call.timer !== null) clearTimeout(call.timer);
    call.timer = null;
    inFlight.set(call.id, call);
    ws.send(call.frame);
  }

  function receive(data: unknown): void {
    if (typeof data !== 'string') return;
    let frame: Partial<ResponseFrame & EventFrame>;
    try {
      frame = JSON.parse(data);
    } catch {
      return;
    }
    if (typeof frame.event === 'string') {
      for (const listener of listeners.get(frame.event) ?? []) {
        try {
          listener(frame.payload);
        } catch (error) {
          console.error(`A listener for ${frame.event} failed:`, error);
        }
      }
      return;
    }
    const call = typeof frame.id === 'number' ? inFlight.get(frame.id) : undefined;
    if (!call) return;
    inFlight.delete(frame.id as number);
    settle(call, frame as CallOutcome);
  }

  if (token) open();

  return {
    call(name, input) {
      return new Promise((resolve, reject) => {
        if (closed) {
          reject(offline());
          return;
        }
        if (!token) {
          reject(
            new BridgeError(
              'offline',
              'This page was opened without its access token. Open the URL BRM Desktop printed when it started.',
            ),
          );
          return;
        }
        const id = nextId++;
        const call: PendingCall = {
          id,
          frame: JSON.stringify({ id, name, input }),
          resolve: resolve as (result: unknown) => void,
          reject,
          timer: null,
        };
        if (socket && socket.readyState === WebSocket.OPEN) {
          send(socket, call);
          return;
        }
        call.timer = setTimeout(() => {
          const index = waiting.indexOf(call);
          if (index !== -1) waiting.splice(index, 1);
          reject(offline());
        }, offlineTimeoutMs);
        waiting.push(call);
      });
    },
    on(name, listener) {
      const set = listeners.get(name) ?? new Set();
      listeners.set(name, set);
      const entry = listener as (payload: unknown) => void;
      set.add(entry);
      return () => {
        set.delete(entry);
      };
    },
    fileRef: (file) => stageFile(file, token),
    close() {
      closed = true;
      if (reconnectTimer !== null) clearTimeout(reconnectTimer);
      for (const call of waiting.splice(0)) {
        if (call.timer !== null) clearTimeout(call.timer);
        call.reject(offline());
      }
      socket?.close();
    },
  };
}

function settle(call: PendingCall, outcome: CallOutcome): void {
  if (outcome.ok) call.resolve(outcome.result);
  else call.reject(toBridgeError(outcome.error));
}

/** Uploads `file` to the host's staging area (the browser streams it) and returns its reference. */
async function stageFile(file: File, token: string): Promise<FileRef> {
  if (file.size > maxStagedBytes) {
    throw new BridgeError(
      'too_large',
      `"${file.name}" is larger than 2 GiB, the most BRM Desktop can upload. Choose a smaller file.`,
    );
  }
  const query = new URLSearchParams({ token, name: file.name });
  let response: Response;
  try {
    response = await fetch(`${hostPaths.stage}?${query}`, {
      method: 'PUT',
      body: file,
      headers: { 'Content-Type': 'application/octet-stream' },
    });
  } catch {
    throw new BridgeError('offline', hostOfflineMessage);
  }
  if (!response.ok) {
    const message = (await response.text().catch(() => '')) || `"${file.name}" could not be read. Try again.`;
    throw new BridgeError(stageErrorCodes[response.status] ?? 'internal', message);
  }
  const staged = (await response.json()) as StageResponse;
  return { ref: staged.ref, name: staged.name };
}

const stageErrorCodes: Record<number, BridgeErrorCode> = { 400: 'invalid_input', 403: 'offline', 413: 'too_large' };
