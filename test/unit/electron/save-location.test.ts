/**
 * The Electron save dialog behind `Platform.chooseSaveLocation` (main/electron/platform.ts), with the
 * `electron` module replaced (test/helpers/electron-fake.ts): what the dialog is asked, and what a
 * chosen or closed dialog gives the core.
 */
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import * as fake from '../../helpers/electron-fake';

vi.mock('electron', () => import('../../helpers/electron-fake'));

const { createElectronPlatform } = await import('../../../main/electron/platform');

const memoryKeychain = {
  kind: 'memory' as const,
  get: async () => null,
  set: async () => undefined,
  remove: async () => false,
};
const csv = { label: 'CSV file', extensions: ['csv'] };

afterEach(() => {
  fake.dialog.showSaveDialog.mockClear();
  fake.BrowserWindow.focused = null;
});

describe('Electron save location', () => {
  it('suggests the name in the downloads folder, filtered to the kind, over the focused window', async () => {
    const window = new fake.BrowserWindow({});
    fake.BrowserWindow.focused = window;
    fake.dialog.showSaveDialog.mockResolvedValueOnce({ canceled: false, filePath: '/home/ana/contacts.csv' });
    const platform = createElectronPlatform(memoryKeychain);
    await expect(platform.chooseSaveLocation?.('contacts-2026-11-24.csv', csv)).resolves.toBe('/home/ana/contacts.csv');
    expect(fake.dialog.showSaveDialog).toHaveBeenCalledTimes(1);
    const [parent, options] = fake.dialog.showSaveDialog.mock.calls[0] as [unknown, Record<string, unknown>];
    expect(parent).toBe(window);
    expect(options).toMatchObject({
      defaultPath: join('/tmp/brm-fake-downloads', 'contacts-2026-11-24.csv'),
      filters: [{ name: 'CSV file', extensions: ['csv'] }],
    });
    expect(options.properties).toContain('showOverwriteConfirmation');
  });

  it('gives null when the user closes the dialog, and asks without a parent when no window has focus', async () => {
    fake.dialog.showSaveDialog.mockResolvedValueOnce({ canceled: true, filePath: '' });
    const platform = createElectronPlatform(memoryKeychain);
    await expect(platform.chooseSaveLocation?.('companies.csv', csv)).resolves.toBeNull();
    const [options] = fake.dialog.showSaveDialog.mock.calls[0] as [Record<string, unknown>];
    expect(options).toMatchObject({ defaultPath: join('/tmp/brm-fake-downloads', 'companies.csv') });
  });
});
