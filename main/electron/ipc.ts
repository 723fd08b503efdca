/**
 * The bridge over Electron IPC (docs/SECURITY.md): one `invoke` channel into the dispatcher, accepted only
 * from the app's own page in the app's window, and core events forwarded to that window.
 */
import { type BrowserWindow, type IpcMainInvokeEvent, ipcMain } from 'electron';
import { type CallOutcome, ipcChannels } from '../../preload/channels';
import { eventNames } from '../../preload/contract';
import type { Core } from '../core/platform';
import { type Dispatcher, toBridgeErrorShape } from '../dispatcher';
import { isAppUrl } from './protocol';

/**
 * True when the call comes from `window`'s top frame showing an `app://brm` page (not from a
 * subframe, another window, or a page that navigated elsewhere).
 */
export function isTrustedSender(event: IpcMainInvokeEvent, window: BrowserWindow): boolean {
  const frame = event.senderFrame;
  if (window.isDestroyed() || !frame) return false;
  return event.sender === window.webContents && frame === window.webContents.mainFrame && isAppUrl(frame.url);
}

/**
 * Registers the `brm:call` handler and forwards every core event to `window` as
 * `brm:event (name, payload)`. Returns the function that undoes both.
 * A call from an untrusted sender rejects (and is logged) without reaching the dispatcher.
 */
export function registerBridgeIpc(options: {
  dispatcher: Dispatcher;
  core: Pick<Core, 'on'>;
  window: BrowserWindow;
}): () => void {
  const { dispatcher, core, window } = options;
  ipcMain.handle(ipcChannels.call, async (event, name: unknown, input: unknown): Promise<CallOutcome> => {
    if (!isTrustedSender(event, window)) {
      console.warn(`BRM Desktop: refused a bridge call from ${event.senderFrame?.url ?? 'an unknown frame'}`);
      throw new Error('This page may not use the BRM Desktop bridge.');
    }
    try {
      return { ok: true, result: await dispatcher.dispatch(String(name), input) };
    } catch (error) {
      return { ok: false, error: toBridgeErrorShape(error) };
    }
  });
  const unsubscribes = eventNames.map((name) =>
    core.on(name, (payload) => {
      if (!window.isDestroyed()) window.webContents.send(ipcChannels.event, name, payload);
    }),
  );
  return () => {
    ipcMain.removeHandler(ipcChannels.call);
    for (const unsubscribe of unsubscribes) unsubscribe();
  };
}
