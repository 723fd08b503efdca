/**
 * Picks the bridge to the core: `window.brm` when the Electron preload exposed it, otherwise the
 * browser-mode client (a WebSocket to the host at this page's origin, authorised by the `token`
 * query parameter). Everything else in the renderer receives the bridge through React context
 * (see `stores/stores-context.tsx`) and never touches `window.brm` directly.
 */
import { withBridgeErrors } from '../../preload/bridge-errors';
import { connectBrowserBridge } from '../../preload/browser-client';
import type { BrmBridge } from '../../preload/contract';

export type {
  BrmBridge,
  CallInput,
  CallName,
  CallResult,
  EventName,
  EventPayloads,
} from '../../preload/contract';

/**
 * Returns the Electron preload's `window.brm` if present, else connects the browser-mode client.
 * Electron's contextBridge strips `code` from thrown Errors, so the preload rejects with plain
 * `{ code, message }` objects; `withBridgeErrors` turns them back into `BridgeError`s.
 */
export function resolveBridge(): BrmBridge {
  const exposed = (window as Window & { brm?: BrmBridge }).brm;
  return exposed ? withBridgeErrors(exposed) : connectBrowserBridge();
}
