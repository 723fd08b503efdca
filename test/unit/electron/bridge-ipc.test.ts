import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BridgeError, type EventName } from '../../../preload/contract';
import * as fake from '../../helpers/electron-fake';

vi.mock('electron', () => import('../../helpers/electron-fake'));

const { registerBridgeIpc } = await import('../../../main/electron/ipc');

/** A core stand-in whose events the test fires. */
function fakeCore() {
  const listeners = new Map<string, Set<(payload: unknown) => void>>();
  return {
    on: (name: EventName, listener: (payload: unknown) => void) => {
      const set = listeners.get(name) ?? new Set();
      listeners.set(name, set);
      set.add(listener);
      return () => set.delete(listener);
    },
    emit: (name: EventName, payload: unknown) => {
      for (const listener of listeners.get(name) ?? []) listener(payload);
    },
    listenerCount: () => [...listeners.values()].reduce((sum, set) => sum + set.size, 0),
  };
}

let window: fake.FakeBrowserWindow;
let core: ReturnType<typeof fakeCore>;
let dispatch: ReturnType<typeof vi.fn<(name: string, input: unknown) => Promise<unknown>>>;
let undo: () => void;

beforeEach(() => {
  window = new fake.BrowserWindow({});
  core = fakeCore();
  dispatch = vi.fn(async (name: string, input: unknown) => ({ name, input }));
  undo = registerBridgeIpc({ dispatcher: { dispatch }, core: core as never, window: window as never });
});
afterEach(() => undo());

function invoke(event: { sender: unknown; senderFrame: unknown }, name: string, input: unknown) {
  const handler = fake.ipcMain.handlers.get('brm:call');
  if (!handler) throw new Error('brm:call is not registered');
  return handler(event, name, input) as Promise<unknown>;
}

describe('bridge IPC', () => {
  it('registers brm:call and answers calls from the app page as outcomes', async () => {
    expect([...fake.ipcMain.handlers.keys()]).toEqual(['brm:call']);
    const event = { sender: window.webContents, senderFrame: window.webContents.mainFrame };
    await expect(invoke(event, 'contacts.get', { id: 'x' })).resolves.toEqual({
      ok: true,
      result: { name: 'contacts.get', input: { id: 'x' } },
    });
    dispatch.mockRejectedValueOnce(new BridgeError('not_found', 'That contact was deleted.'));
    await expect(invoke(event, 'contacts.get', { id: 'x' })).resolves.toEqual({
      ok: false,
      error: { code: 'not_found', message: 'That contact was deleted.' },
    });
  });

  it('rejects calls from a foreign frame, a subframe or another window without dispatching', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const other = new fake.BrowserWindow({});
    const navigatedAway = { sender: window.webContents, senderFrame: { url: 'https://evil.example/' } };
    const subframe = { sender: window.webContents, senderFrame: { url: 'app://brm/index.html' } };
    const otherWindow = { sender: other.webContents, senderFrame: other.webContents.mainFrame };
    const noFrame = { sender: window.webContents, senderFrame: null };
    for (const event of [navigatedAway, subframe, otherWindow, noFrame]) {
      await expect(invoke(event, 'session.get', {})).rejects.toThrow('This page may not use the BRM Desktop bridge.');
    }
    window.webContents.mainFrame.url = 'https://evil.example/';
    await expect(
      invoke({ sender: window.webContents, senderFrame: window.webContents.mainFrame }, 'session.get', {}),
    ).rejects.toThrow();
    expect(dispatch).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it('forwards core events to the window and stops on undo', () => {
    core.emit('sync.status', { state: 'idle' });
    expect(window.webContents.send).toHaveBeenCalledWith('brm:event', 'sync.status', { state: 'idle' });
    window.destroyed = true;
    core.emit('data.changed', { types: ['contact'] });
    expect(window.webContents.send).toHaveBeenCalledTimes(1);
    undo();
    expect(fake.ipcMain.handlers.has('brm:call')).toBe(false);
    expect(core.listenerCount()).toBe(0);
    undo = () => undefined;
  });
});
