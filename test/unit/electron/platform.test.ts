import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BridgeError } from '../../../preload/contract';
import * as fake from '../../helpers/electron-fake';
import { canSetUserXattrs, readUserXattr } from '../../helpers/user-xattrs';

vi.mock('electron', () => import('../../helpers/electron-fake'));

const { createElectronPlatform, resolveLocalFile } = await import('../../../main/electron/platform');
const { keepBadgeCount } = await import('../../../main/electron/badge');

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'brm-electron-platform-'));
  await writeFile(join(dir, 'quote.pdf'), Buffer.alloc(1234));
  await mkdir(join(dir, 'folder'));
  await symlink(join(dir, 'quote.pdf'), join(dir, 'link.pdf'));
});
afterAll(() => rm(dir, { recursive: true, force: true }));

const memoryKeychain = {
  kind: 'memory' as const,
  get: async () => null,
  set: async () => undefined,
  remove: async () => false,
};

describe('Electron platform', () => {
  it('resolves a readable regular file to its path, name and size', async () => {
    const path = join(dir, 'quote.pdf');
    await expect(resolveLocalFile({ ref: path, name: 'quote.pdf' })).resolves.toEqual({
      path,
      name: 'quote.pdf',
      size: 1234,
    });
  });

  it.each([
    ['a relative path', () => 'quote.pdf', 'is not a file on this computer'],
    ['a path with ..', () => `${dir}/folder/../quote.pdf`, 'is not a file on this computer'],
    ['a missing file', () => join(dir, 'missing.pdf'), 'no longer exists'],
    ['a folder', () => join(dir, 'folder'), 'is not a regular file'],
    ['a symbolic link', () => join(dir, 'link.pdf'), 'symbolic link'],
  ])('refuses %s with invalid_input', async (_what, pathOf, message) => {
    const path = pathOf();
    const error = await resolveLocalFile({ ref: path, name: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(BridgeError);
    expect(error).toMatchObject({ code: 'invalid_input', message: expect.stringContaining(message) });
  });

  it('shows notifications and opens files with the OS', async () => {
    const platform = createElectronPlatform(memoryKeychain);
    platform.notify({ title: 'Document approved', body: 'Quote.pdf was approved.' });
    expect(fake.shownNotifications).toContainEqual({ title: 'Document approved', body: 'Quote.pdf was approved.' });
    await expect(platform.openPath('/tmp/x.pdf')).resolves.toEqual({ url: null });
    fake.shell.openPath.mockResolvedValueOnce('No application is registered');
    await expect(platform.openPath('/tmp/x.weird')).rejects.toMatchObject({ code: 'not_found' });
  });

  it.runIf(canSetUserXattrs())('marks downloads as the OS does (here: user.xdg.origin.url)', async () => {
    const platform = createElectronPlatform(memoryKeychain);
    const path = join(dir, 'quote.pdf');
    const source = 'https://brm.example.com/api/documents/downloadDocument?id=6f1c2b8e-3d4a-4c5b-9e6f-7a8b9c0d1e2f';
    expect(await platform.markDownloaded(path, source)).toBe('marked');
    expect(readUserXattr(path, 'user.xdg.origin.url')).toBe(source);
  });
});

describe('badge count', () => {
  it('follows the unread count on notification changes and is 0 when signed out', async () => {
    const listeners = new Map<string, (payload: unknown) => void>();
    let signedIn = true;
    let unread = 3;
    const core = {
      handlers: {
        'session.get': async () => ({ state: signedIn ? 'signedIn' : 'signedOut' }),
        'notifications.list': async () => ({ items: [], unreadCount: unread }),
      },
      on: (name: string, listener: (payload: unknown) => void) => {
        listeners.set(name, listener);
        return () => listeners.delete(name);
      },
    };
    fake.app.setBadgeCount.mockClear();
    const stop = keepBadgeCount(core as never);
    await vi.waitFor(() => expect(fake.app.setBadgeCount).toHaveBeenLastCalledWith(3));
    unread = 1;
    listeners.get('data.changed')?.({ types: ['contact'] });
    listeners.get('data.changed')?.({ types: ['notification'] });
    await vi.waitFor(() => expect(fake.app.setBadgeCount).toHaveBeenLastCalledWith(1));
    expect(fake.app.setBadgeCount).toHaveBeenCalledTimes(2);
    signedIn = false;
    listeners.get('session.changed')?.({ state: 'signedOut' });
    await vi.waitFor(() => expect(fake.app.setBadgeCount).toHaveBeenLastCalledWith(0));
    stop();
    expect(listeners.size).toBe(0);
  });
});
