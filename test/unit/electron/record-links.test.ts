import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as fake from '../../helpers/electron-fake';

vi.mock('electron', () => import('../../helpers/electron-fake'));

const { linkInArguments, listenForRecordLinks } = await import('../../../main/electron/record-links');

const link = 'brm://contact/3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4e';

beforeEach(() => {
  vi.clearAllMocks();
  fake.app.removeAllListeners();
});

describe('record links in the Electron shell', () => {
  it('finds the link among the arguments of a start', () => {
    expect(linkInArguments(['/opt/BRM Desktop/brm-desktop', '--no-sandbox', link])).toBe(link);
    expect(linkInArguments(['/opt/BRM Desktop/brm-desktop', '--server', 'https://brm.example.com'])).toBeNull();
  });

  it('registers the app as the brm: handler', () => {
    listenForRecordLinks([]);
    expect(fake.app.setAsDefaultProtocolClient).toHaveBeenCalledWith('brm', process.execPath, [process.argv[1]]);
  });

  it("keeps the start's own link and macOS open-url links until the core runs, then delivers them in order", () => {
    const router = listenForRecordLinks(['brm-desktop', link]);
    const prevented = vi.fn();
    fake.app.emit('open-url', { preventDefault: prevented }, 'brm://deal/3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4f');
    expect(prevented).toHaveBeenCalled();
    const delivered: string[] = [];
    router.deliverTo((url) => delivered.push(url));
    expect(delivered).toEqual([link, 'brm://deal/3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d4f']);
    router.receive('brm://company/3f2b8c1e-4d5a-4b6c-8d7e-9f0a1b2c3d50');
    expect(delivered).toHaveLength(3);
  });
});
