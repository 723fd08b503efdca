/**
 * Telling one process from another that later got the same pid (pids are reused): each process's
 * start as the OS records it. Used by the data-folder lock (data-folder-lock.ts) to tell a live
 * holder from a dead one whose pid now belongs to someone else.
 *
 * Marks: on Linux `linux:<boot id>:<start in clock ticks since boot>` from `/proc/<pid>/stat`
 * (field 22, proc(5)), exact and immune to clock changes; elsewhere `ms:<start, ms since the
 * epoch>` (macOS and the BSDs: `ps -o lstart=`; Windows: `Get-Process`'s StartTime), compared with
 * a tolerance because this process's own start is known only as now minus its uptime.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';

/** What reading marks needs from the OS (injected by tests). */
export interface ProcessStartDeps {
  platform: NodeJS.Platform;
  readFile(path: string): Promise<string>;
  /** Runs `file` with `args` (no shell) and resolves with its standard output; rejects when it fails. */
  run(file: string, args: string[]): Promise<string>;
  /** Now, ms since the epoch. */
  now(): number;
  /** This process's uptime, seconds. */
  uptime(): number;
}

/** The real OS. */
export const nodeProcessStartDeps: ProcessStartDeps = {
  platform: process.platform,
  readFile: (path) => readFile(path, 'utf8'),
  run: (file, args) =>
    new Promise((resolve, reject) => {
      execFile(
        file,
        args,
        { timeout: 10_000, windowsHide: true, env: { ...process.env, LC_ALL: 'C', TZ: 'UTC' } },
        (error, stdout) => (error ? reject(error) : resolve(stdout)),
      );
    }),
  now: () => Date.now(),
  uptime: () => process.uptime(),
};

/**
 * Largest difference between two `ms:` marks of the same process, ms: `ps` gives whole seconds,
 * and a process's own estimate is taken after its runtime started (Electron's takes a while).
 */
export const startToleranceMs = 5_000;

/** This process's mark (see the module comment). Never rejects: falls back to the `ms:` estimate. */
export async function ownStartMark(deps: ProcessStartDeps = nodeProcessStartDeps): Promise<string> {
  if (deps.platform === 'linux') {
    const mark = await linuxStartMark('self', deps);
    if (mark) return mark;
  }
  return `ms:${Math.round(deps.now() - deps.uptime() * 1000)}`;
}

/**
 * The mark of process `pid`, or null when it cannot be read (no such process, no permission, no
 * `ps` or PowerShell). Never rejects.
 */
export async function processStartMark(
  pid: number,
  deps: ProcessStartDeps = nodeProcessStartDeps,
): Promise<string | null> {
  try {
    if (deps.platform === 'linux') return await linuxStartMark(String(pid), deps);
    if (deps.platform === 'win32') {
      const out = await deps.run('powershell.exe', [
        '-NoProfile',
        '-NonInteractive',
        '-Command',
        `([DateTimeOffset](Get-Process -Id ${Math.trunc(pid)} -ErrorAction Stop).StartTime).ToUnixTimeMilliseconds()`,
      ]);
      const ms = Number(out.trim());
      return Number.isSafeInteger(ms) && ms > 0 ? `ms:${ms}` : null;
    }
    // macOS and the BSDs: "Mon Jan  6 09:29:42 2026", in UTC as TZ asks.
    const out = (await deps.run('ps', ['-o', 'lstart=', '-p', String(Math.trunc(pid))])).trim();
    const ms = Date.parse(`${out.replace(/\s+/g, ' ')} UTC`);
    return out !== '' && Number.isFinite(ms) ? `ms:${ms}` : null;
  } catch {
    return null;
  }
}

async function linuxStartMark(pid: string, deps: ProcessStartDeps): Promise<string | null> {
  try {
    const [stat, bootId] = await Promise.all([
      deps.readFile(`/proc/${pid}/stat`),
      deps.readFile('/proc/sys/kernel/random/boot_id'),
    ]);
    // The command name (field 2) is in parentheses and may hold spaces or ')': fields resume after the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = fields[19]; // field 22, starttime
    return /^\d+$/.test(ticks ?? '') ? `linux:${bootId.trim()}:${ticks}` : null;
  } catch {
    return null;
  }
}

/**
 * True when two marks name the same process start: equal `linux:` marks, or `ms:` marks within
 * `startToleranceMs`. Marks of different kinds cannot be compared: null (unknown).
 */
export function sameProcessStart(a: string, b: string): boolean | null {
  if (a.startsWith('linux:') && b.startsWith('linux:')) return a === b;
  if (a.startsWith('ms:') && b.startsWith('ms:')) {
    const diff = Math.abs(Number(a.slice(3)) - Number(b.slice(3)));
    return Number.isFinite(diff) ? diff <= startToleranceMs : null;
  }
  return null;
}
