import { spawnSync } from 'node:child_process';
import { mkdtemp, readFile, rm, stat, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  acquireDataFolderLock,
  DataFolderInUseError,
  type LockDeps,
  type LockHolder,
  lockFileName,
  nodeLockDeps,
} from '../../../main/host/data-folder-lock';
import { ownStartMark } from '../../../main/host/process-start';

let dir: string;
let lockPath: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'brm-lock-'));
  lockPath = join(dir, lockFileName);
});
afterEach(() => rm(dir, { recursive: true, force: true }));

/** The pid of a process that has just exited (not alive any more). */
function deadPid(): number {
  const child = spawnSync(process.execPath, ['-e', '']);
  if (!child.pid) throw new Error('could not start a child process');
  return child.pid;
}

function holder(patch: Partial<LockHolder>): LockHolder {
  return {
    pid: 1,
    launchId: 'a1b2c3d4-0000-4000-8000-000000000000',
    app: 'browser',
    url: 'http://127.0.0.1:4567/?token=old',
    hostname: nodeLockDeps.hostname,
    startedAt: '2026-01-05T08:00:00.000Z',
    processStart: 'ms:1767600000000',
    ...patch,
  };
}

async function readHolder(): Promise<LockHolder> {
  return JSON.parse(await readFile(lockPath, 'utf8')) as LockHolder;
}

const noWait: Partial<LockDeps> = { sleep: async () => undefined };

describe('data folder lock', () => {
  it('is a file naming this process, private to the user, with the URL once set, and gone when released', async () => {
    const lock = await acquireDataFolderLock(join(dir, 'new-folder'), 'browser');
    const path = join(dir, 'new-folder', lockFileName);
    expect(lock.path).toBe(path);
    const written = JSON.parse(await readFile(path, 'utf8')) as LockHolder;
    expect(written).toMatchObject({
      pid: process.pid,
      launchId: lock.launchId,
      app: 'browser',
      url: null,
      hostname: nodeLockDeps.hostname,
      processStart: await ownStartMark(),
    });
    if (process.platform !== 'win32') expect((await stat(path)).mode & 0o777).toBe(0o600);
    await lock.setUrl('http://127.0.0.1:4567/?token=abc');
    expect(JSON.parse(await readFile(path, 'utf8'))).toMatchObject({ url: 'http://127.0.0.1:4567/?token=abc' });
    await lock.release();
    await expect(stat(path)).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('refuses a second launch, naming the first one’s pid and URL, and leaves the lock as it was', async () => {
    const first = await acquireDataFolderLock(dir, 'browser');
    await first.setUrl('http://127.0.0.1:4567/?token=abc');
    const before = await readFile(lockPath, 'utf8');
    const error = await acquireDataFolderLock(dir, 'browser').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataFolderInUseError);
    const message = (error as Error).message;
    expect(message).toContain(`BRM Desktop in browser mode (process ${process.pid}, started `);
    expect(message).toContain(`is already using the data folder ${dir}.`);
    expect(message).toContain('Open it in your browser: http://127.0.0.1:4567/?token=abc');
    expect(message).toContain('--data DIR');
    expect(await readFile(lockPath, 'utf8')).toBe(before);
    // The Electron shell and the browser-mode host exclude each other through the same file.
    const electron = await acquireDataFolderLock(dir, 'electron').catch((e: unknown) => e);
    expect(electron).toBeInstanceOf(DataFolderInUseError);
    await first.release();
    const again = await acquireDataFolderLock(dir, 'electron');
    const byBrowser = await acquireDataFolderLock(dir, 'browser').catch((e: unknown) => e);
    expect((byBrowser as Error).message).toMatch(
      /^The BRM Desktop app \(process \d+, started .*\) is already using the data folder .*\. Use its window, or quit it/,
    );
    await again.release();
  });

  it('says a host is still starting when its URL is not known yet', async () => {
    const first = await acquireDataFolderLock(dir, 'browser');
    const error = await acquireDataFolderLock(dir, 'browser').catch((e: unknown) => e);
    expect((error as Error).message).toContain('It is still starting: its address is printed in the terminal');
    await first.release();
  });

  it('takes over a lock whose process is dead (a crashed host)', async () => {
    const pid = deadPid();
    await writeFile(lockPath, JSON.stringify(holder({ pid })));
    const lock = await acquireDataFolderLock(dir, 'browser');
    expect(await readHolder()).toMatchObject({ pid: process.pid, launchId: lock.launchId, url: null });
    await lock.release();
  });

  it('takes over a lock whose pid now belongs to another process (pid reuse), not one whose process still runs', async () => {
    await writeFile(lockPath, JSON.stringify(holder({ pid: 4242, processStart: 'ms:1767600000000' })));
    const reused: Partial<LockDeps> = { isAlive: (pid) => pid === 4242, startMark: async () => 'ms:1767690000000' };
    const still: Partial<LockDeps> = { isAlive: (pid) => pid === 4242, startMark: async () => 'ms:1767600001000' };
    const unknown: Partial<LockDeps> = { isAlive: (pid) => pid === 4242, startMark: async () => null };
    for (const deps of [still, unknown]) {
      const error = await acquireDataFolderLock(dir, 'browser', { ...nodeLockDeps, ...deps }).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(DataFolderInUseError);
      expect((error as DataFolderInUseError).holder?.pid).toBe(4242);
    }
    const lock = await acquireDataFolderLock(dir, 'browser', { ...nodeLockDeps, ...reused });
    expect((await readHolder()).launchId).toBe(lock.launchId);
    await lock.release();
  });

  it('takes over a lock left by an earlier process that had this very pid', async () => {
    await writeFile(lockPath, JSON.stringify(holder({ pid: process.pid, processStart: 'ms:1000' })));
    const lock = await acquireDataFolderLock(dir, 'browser', {
      ...nodeLockDeps,
      ownStartMark: async () => 'ms:9000000',
    });
    expect((await readHolder()).launchId).toBe(lock.launchId);
    await lock.release();
  });

  it('never takes over a lock written on another computer, and says how to free it', async () => {
    await writeFile(lockPath, JSON.stringify(holder({ pid: deadPid(), hostname: 'other-laptop' })));
    const error = await acquireDataFolderLock(dir, 'browser').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataFolderInUseError);
    expect((error as Error).message).toContain('on other-laptop');
    expect((error as Error).message).toContain(`delete ${lockPath} and start again`);
  });

  it('waits for a lock file being written, then refuses; takes over one left half-written long ago', async () => {
    await writeFile(lockPath, '{"pid": 12');
    const waits: number[] = [];
    const error = await acquireDataFolderLock(dir, 'browser', {
      ...nodeLockDeps,
      sleep: async (ms) => void waits.push(ms),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(DataFolderInUseError);
    expect((error as Error).message).toContain('is starting with the data folder');
    expect(waits.length).toBeGreaterThan(0);
    expect(await readFile(lockPath, 'utf8')).toBe('{"pid": 12');

    const longAgo = new Date(Date.now() - 60_000);
    await utimes(lockPath, longAgo, longAgo);
    const lock = await acquireDataFolderLock(dir, 'browser', { ...nodeLockDeps, ...noWait });
    expect((await readHolder()).launchId).toBe(lock.launchId);
    await lock.release();
  });

  it('lets exactly one of many simultaneous launches take over a stale lock', async () => {
    await writeFile(lockPath, JSON.stringify(holder({ pid: deadPid() })));
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, () => acquireDataFolderLock(dir, 'browser', { ...nodeLockDeps, ...noWait })),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won).toHaveLength(1);
    for (const lost of results.filter((r) => r.status === 'rejected')) {
      expect(lost.reason).toBeInstanceOf(DataFolderInUseError);
    }
    const winner = (won[0] as PromiseFulfilledResult<Awaited<ReturnType<typeof acquireDataFolderLock>>>).value;
    expect((await readHolder()).launchId).toBe(winner.launchId);
    await expect(stat(`${lockPath}.takeover`)).rejects.toMatchObject({ code: 'ENOENT' });
    await winner.release();
  });

  it('clears a takeover left by a launch that died in the middle of one', async () => {
    await writeFile(lockPath, JSON.stringify(holder({ pid: deadPid() })));
    await writeFile(`${lockPath}.takeover`, JSON.stringify(holder({ pid: deadPid() })));
    const lock = await acquireDataFolderLock(dir, 'electron', { ...nodeLockDeps, ...noWait });
    expect(await readHolder()).toMatchObject({ launchId: lock.launchId, app: 'electron' });
    await lock.release();
  });

  it('release leaves a lock that another launch holds now', async () => {
    const lock = await acquireDataFolderLock(dir, 'browser');
    const other = holder({ pid: process.pid, processStart: await ownStartMark() });
    await writeFile(lockPath, JSON.stringify(other));
    await lock.release();
    expect(await readHolder()).toEqual(other);
  });
});
