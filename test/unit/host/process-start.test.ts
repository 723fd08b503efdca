import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import {
  nodeProcessStartDeps,
  ownStartMark,
  type ProcessStartDeps,
  processStartMark,
  sameProcessStart,
} from '../../../main/host/process-start';

function fakeOs(patch: Partial<ProcessStartDeps>): ProcessStartDeps {
  return {
    platform: 'linux',
    readFile: async (path) => {
      throw Object.assign(new Error(`ENOENT: ${path}`), { code: 'ENOENT' });
    },
    run: async (file) => {
      throw new Error(`${file} is not here`);
    },
    now: () => 1_767_600_000_000,
    uptime: () => 12.5,
    ...patch,
  };
}

describe('process start marks', () => {
  it('reads Linux start ticks after the command name, even one holding spaces and parentheses', async () => {
    const files: Record<string, string> = {
      '/proc/4242/stat':
        '4242 (my (odd) name) S 1 4242 4242 0 -1 4194560 1 0 0 0 0 0 0 0 20 0 1 0 987654 1000 100 18446744073709551615\n',
      '/proc/sys/kernel/random/boot_id': 'b007b007-0000-4000-8000-000000000001\n',
    };
    const os = fakeOs({ readFile: async (path) => files[path] ?? Promise.reject(new Error('ENOENT')) });
    expect(await processStartMark(4242, os)).toBe('linux:b007b007-0000-4000-8000-000000000001:987654');
    expect(await processStartMark(4243, os)).toBeNull();
  });

  it('reads macOS start times from ps (UTC) and Windows ones from PowerShell', async () => {
    const mac = fakeOs({
      platform: 'darwin',
      run: async (file, args) => {
        expect([file, ...args]).toEqual(['ps', '-o', 'lstart=', '-p', '4242']);
        return 'Mon Jan  5 08:00:00 2026\n';
      },
    });
    expect(await processStartMark(4242, mac)).toBe(`ms:${Date.UTC(2026, 0, 5, 8, 0, 0)}`);
    expect(await processStartMark(4242, fakeOs({ platform: 'darwin', run: async () => '' }))).toBeNull();

    const windows = fakeOs({
      platform: 'win32',
      run: async (file, args) => {
        expect(file).toBe('powershell.exe');
        expect(args.at(-1)).toContain('Get-Process -Id 4242');
        return '1767600000123\r\n';
      },
    });
    expect(await processStartMark(4242, windows)).toBe('ms:1767600000123');
    expect(await processStartMark(4242, fakeOs({ platform: 'win32' }))).toBeNull();
  });

  it('estimates its own start from the uptime where the OS gives no exact mark', async () => {
    expect(await ownStartMark(fakeOs({ platform: 'darwin' }))).toBe('ms:1767599987500');
    // Linux without /proc falls back the same way.
    expect(await ownStartMark(fakeOs({}))).toBe('ms:1767599987500');
  });

  it('compares Linux marks exactly, time marks within 5 s, and cannot compare mixed kinds', () => {
    expect(sameProcessStart('linux:b:100', 'linux:b:100')).toBe(true);
    expect(sameProcessStart('linux:b:100', 'linux:b:101')).toBe(false);
    expect(sameProcessStart('linux:b:100', 'linux:c:100')).toBe(false);
    expect(sameProcessStart('ms:1000000', 'ms:1004000')).toBe(true);
    expect(sameProcessStart('ms:1000000', 'ms:1006000')).toBe(false);
    expect(sameProcessStart('ms:1000000', 'linux:b:100')).toBeNull();
  });

  it.runIf(process.platform === 'linux')('on this Linux, tells this process from another one', async () => {
    const own = await ownStartMark(nodeProcessStartDeps);
    expect(own).toMatch(/^linux:[0-9a-f-]+:\d+$/);
    expect(await processStartMark(process.pid)).toBe(own);
    const child = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 10000)']);
    try {
      const childMark = await processStartMark(child.pid ?? 0);
      expect(childMark).toMatch(/^linux:/);
      expect(childMark).not.toBe(own);
    } finally {
      child.kill();
      await once(child, 'exit');
    }
    expect(await processStartMark(child.pid ?? 0)).toBeNull();
  });
});
