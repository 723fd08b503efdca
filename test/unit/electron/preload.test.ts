import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BrmBridge } from '../../../preload/contract';
import * as fake from '../../helpers/electron-fake';

vi.mock('electron', () => import('../../helpers/electron-fake'));

await import('../../../preload/index');
const { toBridgeError } = await import('../../../preload/bridge-errors');
const brm = fake.exposed.get('brm') as BrmBridge;

beforeEach(() => {
  fake.ipcRenderer.invoke.mockReset();
});

describe('preload', () => {
  it('exposes brm with call, on and fileRef', () => {
    expect(fake.contextBridge.exposeInMainWorld).toHaveBeenCalledWith('brm', expect.any(Object));
    expect(Object.keys(brm).sort()).toEqual(['call', 'fileRef', 'on']);
  });

  it('invokes brm:call and resolves with the result', async () => {
    fake.ipcRenderer.invoke.mockResolvedValueOnce({ ok: true, result: { state: 'signedOut' } });
    await expect(brm.call('session.get', {})).resolves.toEqual({ state: 'signedOut' });
    expect(fake.ipcRenderer.invoke).toHaveBeenCalledWith('brm:call', 'session.get', {});
  });

  it('rejects with the error code and message, in a shape contextBridge keeps', async () => {
    fake.ipcRenderer.invoke.mockResolvedValueOnce({
      ok: false,
      error: { code: 'invalid_input', message: 'documents.upload: files[0].name: expected a string' },
    });
    const error = await brm.call('transfers.list', {}).catch((e: unknown) => e);
    expect(error).toEqual({
      name: 'BridgeError',
      code: 'invalid_input',
      message: 'documents.upload: files[0].name: expected a string',
    });
    expect(structuredClone(error)).toEqual(error);
    expect(toBridgeError(error)).toMatchObject({ name: 'BridgeError', code: 'invalid_input' });
  });

  it('maps a failed invoke (no handler, refused sender) to internal', async () => {
    fake.ipcRenderer.invoke.mockRejectedValueOnce(new Error("No handler registered for 'brm:call'"));
    await expect(brm.call('session.get', {})).rejects.toMatchObject({ code: 'internal', name: 'BridgeError' });
  });

  it('delivers only the subscribed event and unsubscribes', () => {
    const listener = vi.fn();
    const off = brm.on('sync.status', listener);
    fake.ipcRenderer.emit('brm:event', {}, 'data.changed', { types: ['contact'] });
    fake.ipcRenderer.emit('brm:event', {}, 'sync.status', { state: 'syncing' });
    expect(listener.mock.calls).toEqual([[{ state: 'syncing' }]]);
    off();
    expect(fake.ipcRenderer.listenerCount('brm:event')).toBe(0);
  });

  it('turns a File into its path via webUtils', async () => {
    fake.webUtils.getPathForFile.mockReturnValueOnce('/home/ada/Quote.pdf');
    const file = new File(['x'], 'Quote.pdf');
    await expect(brm.fileRef(file)).resolves.toEqual({ ref: '/home/ada/Quote.pdf', name: 'Quote.pdf' });
    expect(fake.webUtils.getPathForFile).toHaveBeenCalledWith(file);
    fake.webUtils.getPathForFile.mockReturnValueOnce('');
    await expect(brm.fileRef(new File(['x'], 'pasted.png'))).rejects.toMatchObject({ code: 'invalid_input' });
  });
});
