import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import {
  type MarkDownloadedDeps,
  markDownloaded,
  nodeMarkDeps,
  quarantineValue,
  zoneIdentifier,
} from '../../../main/host/mark-downloaded';
import { canSetUserXattrs, readUserXattr } from '../../helpers/user-xattrs';

const source = 'https://brm.example.com/api/documents/downloadDocument?id=6f1c2b8e-3d4a-4c5b-9e6f-7a8b9c0d1e2f';
const now = Date.UTC(2026, 0, 5, 8, 0, 0);

/** A fake OS recording what marking did; `fail` maps a file or tool to the error it raises. */
function fakeOs(platform: NodeJS.Platform, fail: Record<string, Error> = {}) {
  const written: Array<{ path: string; data: string }> = [];
  const ran: Array<{ file: string; args: readonly string[] }> = [];
  const deps: MarkDownloadedDeps = {
    platform,
    now: () => now,
    async writeFile(path, data) {
      const error = fail[path];
      if (error) throw error;
      written.push({ path, data });
    },
    async run(file, args) {
      const error = fail[file];
      if (error) throw error;
      ran.push({ file, args });
    },
  };
  return { deps, written, ran };
}

const errno = (code: string) => Object.assign(new Error(code), { code });

describe('marking downloads as the OS does', () => {
  it('Windows: writes the Zone.Identifier stream with the Internet zone and the source URL', async () => {
    const os = fakeOs('win32');
    expect(await markDownloaded('C:\\Users\\ada\\Downloads\\BRM Desktop\\invoice.pdf.exe', source, os.deps)).toBe(
      'marked',
    );
    expect(os.written).toEqual([
      {
        path: 'C:\\Users\\ada\\Downloads\\BRM Desktop\\invoice.pdf.exe:Zone.Identifier',
        data: `[ZoneTransfer]\r\nZoneId=3\r\nHostUrl=${source}\r\n`,
      },
    ]);
    expect(os.ran).toEqual([]);
  });

  it('Windows: a volume without streams (FAT) cannot carry the mark; other failures are errors', async () => {
    const path = 'E:\\invoice.exe';
    const fat = fakeOs('win32', { [`${path}:Zone.Identifier`]: errno('EINVAL') });
    expect(await markDownloaded(path, source, fat.deps)).toBe('unsupported');
    const gone = fakeOs('win32', { [`${path}:Zone.Identifier`]: errno('ENOENT') });
    await expect(markDownloaded(path, source, gone.deps)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('never lets the URL add lines of its own to the stream', () => {
    expect(zoneIdentifier('https://x.example/a\r\nZoneId=0')).toBe(
      '[ZoneTransfer]\r\nZoneId=3\r\nHostUrl=https://x.example/aZoneId=0\r\n',
    );
  });

  it('macOS: sets com.apple.quarantine with xattr', async () => {
    const os = fakeOs('darwin');
    expect(await markDownloaded('/Users/ada/Downloads/BRM Desktop/Setup.dmg', source, os.deps)).toBe('marked');
    expect(os.ran).toEqual([
      {
        file: '/usr/bin/xattr',
        args: [
          '-w',
          'com.apple.quarantine',
          '0081;695b6f80;BRM Desktop;',
          '/Users/ada/Downloads/BRM Desktop/Setup.dmg',
        ],
      },
    ]);
    expect(quarantineValue(now)).toBe(`0081;${(now / 1000).toString(16)};BRM Desktop;`);
    const noXattr = fakeOs('darwin', { '/usr/bin/xattr': errno('ENOENT') });
    expect(await markDownloaded('/tmp/x.dmg', source, noXattr.deps)).toBe('unsupported');
  });

  it('Linux: sets user.xdg.origin.url with setfattr, else with Python, else not at all', async () => {
    const path = '/home/ada/.local/share/brm-desktop/downloads/install.sh';
    const withSetfattr = fakeOs('linux');
    expect(await markDownloaded(path, source, withSetfattr.deps)).toBe('marked');
    expect(withSetfattr.ran).toEqual([
      { file: 'setfattr', args: ['-n', 'user.xdg.origin.url', '-v', source, '--', path] },
    ]);

    const withPython = fakeOs('linux', { setfattr: errno('ENOENT') });
    expect(await markDownloaded(path, source, withPython.deps)).toBe('marked');
    expect(withPython.ran).toHaveLength(1);
    expect(withPython.ran[0].file).toBe('python3');
    expect(withPython.ran[0].args.slice(-2)).toEqual([path, source]);

    const neither = fakeOs('linux', { setfattr: errno('ENOENT'), python3: errno('ENOENT') });
    expect(await markDownloaded(path, source, neither.deps)).toBe('unsupported');
    // The tool ran but the file system has no user attributes (tmpfs, FAT).
    const refused = fakeOs('linux', { setfattr: Object.assign(new Error('Operation not supported'), { code: 1 }) });
    expect(await markDownloaded(path, source, refused.deps)).toBe('unsupported');
  });
});

describe('on this machine', () => {
  const dir = mkdtempSync(join(tmpdir(), 'brm-mark-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it.runIf(canSetUserXattrs())('Linux: the file carries user.xdg.origin.url afterwards', async () => {
    const path = join(dir, 'install.sh');
    writeFileSync(path, '#!/bin/sh\necho hello\n');
    expect(readUserXattr(path, 'user.xdg.origin.url')).toBeNull();
    expect(await markDownloaded(path, source, nodeMarkDeps)).toBe('marked');
    expect(readUserXattr(path, 'user.xdg.origin.url')).toBe(source);
  });
});
