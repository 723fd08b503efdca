/**
 * Wire names and frame shapes of the two bridge transports, shared by both ends of each:
 * Electron IPC (preload/index.ts ⇄ main/electron/ipc.ts) and the browser-mode WebSocket
 * (preload/browser-client.ts ⇄ main/host/bridge-socket.ts). Types and constants only, no imports
 * of Node or DOM, so every side can use it.
 */
import type { BridgeErrorShape } from './contract';

/** Electron IPC channels. */
export const ipcChannels = {
  /** `ipcRenderer.invoke(call, name, input)` → `CallOutcome`. */
  call: 'brm:call',
  /** `webContents.send(event, name, payload)` for every core event. */
  event: 'brm:event',
} as const;

/** Browser-mode host paths. */
export const hostPaths = {
  /** WebSocket endpoint: `ws://127.0.0.1:PORT/bridge?token=…`. */
  bridge: '/bridge',
  /** Staging endpoint: `PUT /stage?token=…&name=…` with the file as body → `StageResponse`. */
  stage: '/stage',
} as const;

/** The result of one call as it crosses a transport: a result, or the error as `{ code, message }`. */
export type CallOutcome = { ok: true; result: unknown } | { ok: false; error: BridgeErrorShape };

/** A call sent by the page over the WebSocket. `id` is chosen by the page and echoed in the response. */
export interface RequestFrame {
  id: string | number;
  name: string;
  input: unknown;
}

/** The host's answer to a request. `id` is null when the request was too malformed to carry one. */
export type ResponseFrame = { id: string | number | null } & CallOutcome;

/** A core event pushed by the host to every connected page. */
export interface EventFrame {
  event: string;
  payload: unknown;
}

/** Body of a successful `PUT /stage`. `size` in bytes. */
export interface StageResponse {
  ref: string;
  name: string;
  size: number;
}
