/**
 * The Electron preload (docs/SECURITY.md): exposes `window.brm` (`BrmBridge`) through contextBridge.
 * Calls go to the main process with `ipcRenderer.invoke`, events arrive on one IPC channel, and a
 * dropped or picked `File` becomes its path through `webUtils.getPathForFile` (the main process
 * checks the path before reading it).
 *
 * Errors: contextBridge keeps only the message of Error objects, so rejections are plain
 * `{ name: 'BridgeError', code, message, fields? }` objects, which cross intact; the renderer turns them back
 * into BridgeError instances with `toBridgeError` / `withBridgeErrors` (preload/browser-client.ts).
 */
import { contextBridge, type IpcRendererEvent, ipcRenderer, webUtils } from 'electron';
import { type CallOutcome, ipcChannels } from './channels';
import type { BridgeErrorCode, BridgeErrorShape, BrmBridge } from './contract';

/** A rejection as it crosses contextBridge. */
export interface BridgeRejection extends BridgeErrorShape {
  name: 'BridgeError';
}

function rejection(code: BridgeErrorCode, message: string, fields?: BridgeErrorShape['fields']): BridgeRejection {
  return fields?.length ? { name: 'BridgeError', code, message, fields } : { name: 'BridgeError', code, message };
}

const unreachableMessage = 'BRM Desktop could not reach its background process. Restart the app.';

/** Builds the bridge the preload exposes; exported for tests. */
export function createPreloadBridge(): BrmBridge {
  return {
    async call(name, input) {
      let outcome: CallOutcome;
      try {
        outcome = (await ipcRenderer.invoke(ipcChannels.call, name, input)) as CallOutcome;
      } catch {
        return Promise.reject(rejection('internal', unreachableMessage));
      }
      if (outcome.ok) return outcome.result as never;
      return Promise.reject(rejection(outcome.error.code, outcome.error.message, outcome.error.fields));
    },
    on(name, listener) {
      const handler = (_event: IpcRendererEvent, eventName: unknown, payload: unknown) => {
        if (eventName === name) (listener as (payload: unknown) => void)(payload);
      };
      ipcRenderer.on(ipcChannels.event, handler);
      return () => {
        ipcRenderer.removeListener(ipcChannels.event, handler);
      };
    },
    async fileRef(file) {
      const path = webUtils.getPathForFile(file);
      if (!path) {
        return Promise.reject(
          rejection(
            'invalid_input',
            `"${file.name}" is not a file on this computer. Save it to a folder first, then add it.`,
          ),
        );
      }
      return { ref: path, name: file.name };
    },
  };
}

contextBridge.exposeInMainWorld('brm', createPreloadBridge());
