/**
 * One BRM Desktop per data folder (docs/SECURITY.md, "One host per data folder"): the browser-mode
 * host and the Electron shell both hold `<data folder>/brm-desktop.lock` while they run, so two of
 * them never write the same cache, outbox and upload queue, nor remove each other's files.
 *
 * The lock file is created with `open(…, 'wx')` (exclusive: exactly one creator wins) and holds
 * JSON naming its holder: pid, launch id, which app, the URL a browser opens (browser mode), host
 * name, start time and the process's start mark (process-start.ts). It is removed when the holder
 * stops. A holder that crashed leaves it behind; the next launch takes it over when it is stale:
 * written on this computer, and its pid is not alive, or is alive with another start mark (the pid
 * was reused). When in doubt (another computer, an unreadable mark) the lock counts as held. Two
 * launches that find the same stale lock take it over one at a time (`<lock>.takeover`, also
 * created with 'wx'), and each checks again under it, so only one of them wins.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, open, readFile, rename, stat, unlink } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { nodeProcessStartDeps, ownStartMark, processStartMark, sameProcessStart } from './process-start';

/** The lock file's name inside the data folder. */
export const lockFileName = 'brm-desktop.lock';

/** Which app holds the lock. */
export type LockApp = 'browser' | 'electron';

/** What the lock file says about its holder. */
export interface LockHolder {
  pid: number;
  /** Random id of this launch (the browser-mode host names its staging folder after it). */
  launchId: string;
  app: LockApp;
  /** Browser mode: the URL to open (with its token), once the host listens; else null. */
  url: string | null;
  /** `os.hostname()` of the computer the holder runs on. */
  hostname: string;
  /** When the lock was taken, ISO 8601 UTC. */
  startedAt: string;
  /** The holder's process start mark (process-start.ts). */
  processStart: string;
}

/** A held lock. */
export interface DataFolderLock {
  /** Absolute path of the lock file. */
  readonly path: string;
  /** This launch's id (as in the file). */
  readonly launchId: string;
  /** Records the URL a browser opens, for a second launch to show (rewritten atomically). */
  setUrl(url: string): Promise<void>;
  /** Removes the lock file, if it still names this launch. Never rejects. */
  release(): Promise<void>;
}

/** Thrown when another BRM Desktop holds the data folder; the message says who and what to do. */
export class DataFolderInUseError extends Error {
  constructor(
    readonly dataDir: string,
    /** The holder, or null when another launch is writing the lock file right now. */
    readonly holder: LockHolder | null,
    readonly lockPath: string,
    /** False when the holder runs on another computer (a shared data folder). */
    readonly sameComputer = true,
  ) {
    super(inUseMessage(dataDir, holder, lockPath, sameComputer));
    this.name = 'DataFolderInUseError';
  }
}

/** What taking the lock needs from the OS (injected by tests). */
export interface LockDeps {
  pid: number;
  hostname: string;
  /** True when a process with `pid` exists (also one of another user). */
  isAlive(pid: number): boolean;
  /** This process's start mark. */
  ownStartMark(): Promise<string>;
  /** The start mark of `pid`, or null when it cannot be read. */
  startMark(pid: number): Promise<string | null>;
  /** Now, ms since the epoch. */
  now(): number;
  /** Waits `ms`. */
  sleep(ms: number): Promise<void>;
}

/** The real OS. */
export const nodeLockDeps: LockDeps = {
  pid: process.pid,
  hostname: hostname(),
  isAlive(pid) {
    try {
      process.kill(pid, 0);
      return true;
    } catch (error) {
      // EPERM: it exists but belongs to another user.
      return (error as NodeJS.ErrnoException).code === 'EPERM';
    }
  },
  ownStartMark: () => ownStartMark(nodeProcessStartDeps),
  startMark: (pid) => processStartMark(pid, nodeProcessStartDeps),
  now: () => Date.now(),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

/** A lock or takeover file that cannot be read as a holder is being written while younger than this, ms. */
const writingGraceMs = 10_000;
/** How often, and how many times, a launch looks again at a lock file being written. */
const retryDelayMs = 100;
const retries = 30;

/**
 * Takes the lock of `dataDir` (created if missing) for `app`. Takes over a stale lock (see the
 * module comment). Throws DataFolderInUseError when another live BRM Desktop holds it, or when
 * another launch is taking it at this moment; nothing in the folder is changed then.
 */
export async function acquireDataFolderLock(
  dataDir: string,
  app: LockApp,
  deps: LockDeps = nodeLockDeps,
): Promise<DataFolderLock> {
  await mkdir(dataDir, { recursive: true });
  const path = join(dataDir, lockFileName);
  const mine: LockHolder = {
    pid: deps.pid,
    launchId: randomUUID(),
    app,
    url: null,
    hostname: deps.hostname,
    startedAt: new Date(deps.now()).toISOString(),
    processStart: await deps.ownStartMark(),
  };
  for (let attempt = 0; ; attempt++) {
    if (await createExclusive(path, mine)) return heldLock(path, mine);
    const found = await readLock(path);
    if (found === 'missing' && attempt < retries) continue; // released meanwhile: try again
    if (found === 'unreadable') {
      // Another launch is writing it (or a crash left it half-written long ago).
      if (!(await olderThan(path, writingGraceMs, deps))) {
        if (attempt >= retries) throw new DataFolderInUseError(dataDir, null, path);
        await deps.sleep(retryDelayMs);
        continue;
      }
    } else if (found !== 'missing' && !(await isStale(found.holder, mine, deps))) {
      throw new DataFolderInUseError(dataDir, found.holder, path, found.holder.hostname === deps.hostname);
    }
    const staleText = found === 'unreadable' ? null : found === 'missing' ? '' : found.text;
    const takeover = await takeOver(path, staleText, mine, deps);
    if (takeover === 'taken') return heldLock(path, mine);
    if (attempt >= retries) throw new DataFolderInUseError(dataDir, null, path);
    await deps.sleep(retryDelayMs);
  }
}

/** Creates the lock file with `holder` unless it exists; true when created. */
async function createExclusive(path: string, holder: LockHolder): Promise<boolean> {
  let file: Awaited<ReturnType<typeof open>>;
  try {
    file = await open(path, 'wx', 0o600);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
  try {
    await file.writeFile(`${JSON.stringify(holder)}\n`);
    await file.sync();
  } finally {
    await file.close();
  }
  return true;
}

/** The lock file's holder and raw text, 'missing', or 'unreadable' (empty, half-written, not a holder). */
async function readLock(path: string): Promise<{ holder: LockHolder; text: string } | 'missing' | 'unreadable'> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 'missing';
    throw error;
  }
  const holder = parseHolder(text);
  return holder ? { holder, text } : 'unreadable';
}

/** Reads a lock file's JSON; null when it is not a holder. */
export function parseHolder(text: string): LockHolder | null {
  let value: Partial<LockHolder>;
  try {
    value = JSON.parse(text) as Partial<LockHolder>;
  } catch {
    return null;
  }
  const valid =
    typeof value === 'object' &&
    value !== null &&
    Number.isSafeInteger(value.pid) &&
    (value.pid ?? 0) > 0 &&
    typeof value.launchId === 'string' &&
    (value.app === 'browser' || value.app === 'electron') &&
    (value.url === null || typeof value.url === 'string') &&
    typeof value.hostname === 'string' &&
    typeof value.startedAt === 'string' &&
    typeof value.processStart === 'string';
  return valid ? (value as LockHolder) : null;
}

/**
 * True when `holder` certainly no longer runs: same computer, and its pid is gone or now another
 * process (`mine` is this launch: a holder with this process's pid is a launch in this very process,
 * as tests start several hosts, unless it started at another time).
 */
async function isStale(holder: LockHolder, mine: LockHolder, deps: LockDeps): Promise<boolean> {
  if (holder.hostname !== deps.hostname) return false;
  if (holder.pid === mine.pid) return sameProcessStart(holder.processStart, mine.processStart) === false;
  if (!deps.isAlive(holder.pid)) return true;
  const current = await deps.startMark(holder.pid);
  if (current === null) return false;
  // Alive, but with another start: the pid was reused by an unrelated process.
  return sameProcessStart(holder.processStart, current) === false;
}

async function olderThan(path: string, ms: number, deps: LockDeps): Promise<boolean> {
  try {
    return deps.now() - (await stat(path)).mtimeMs > ms;
  } catch {
    return false;
  }
}

/**
 * Replaces the stale lock whose text was `staleText` (null: an unreadable one; '': none any more)
 * with `mine`, under `<lock>.takeover`. 'busy' when another launch is taking over, or the lock
 * changed meanwhile.
 */
async function takeOver(
  path: string,
  staleText: string | null,
  mine: LockHolder,
  deps: LockDeps,
): Promise<'taken' | 'busy'> {
  const guard = `${path}.takeover`;
  if (!(await createExclusive(guard, mine))) {
    const other = await readLock(guard);
    const abandoned =
      other === 'missing' ||
      (other === 'unreadable'
        ? await olderThan(guard, writingGraceMs, deps)
        : other.holder.hostname === deps.hostname && !deps.isAlive(other.holder.pid));
    if (abandoned) await unlink(guard).catch(() => undefined);
    return 'busy';
  }
  try {
    const now = await readLock(path);
    const unchanged =
      now === 'missing' || (staleText === null ? now === 'unreadable' : now !== 'unreadable' && now.text === staleText);
    if (now === 'missing' && staleText !== '') return 'busy';
    if (!unchanged) return 'busy';
    if (now !== 'missing') await unlink(path);
    // A launch that is not taking over may still create the file first: then it holds the lock.
    return (await createExclusive(path, mine)) ? 'taken' : 'busy';
  } finally {
    await unlink(guard).catch(() => undefined);
  }
}

function heldLock(path: string, mine: LockHolder): DataFolderLock {
  let holder = mine;
  let released = false;
  return {
    path,
    launchId: mine.launchId,
    async setUrl(url) {
      if (released) return;
      holder = { ...holder, url };
      const temporary = `${path}.${holder.launchId}.tmp`;
      const file = await open(temporary, 'w', 0o600);
      try {
        await file.writeFile(`${JSON.stringify(holder)}\n`);
        await file.sync();
      } finally {
        await file.close();
      }
      await rename(temporary, path);
    },
    async release() {
      if (released) return;
      released = true;
      try {
        const found = await readLock(path);
        if (found !== 'missing' && found !== 'unreadable' && found.holder.launchId === mine.launchId) {
          await unlink(path);
        }
      } catch {
        // Nothing to do: a lock left behind is taken over as stale by the next launch.
      }
    },
  };
}

/** The message of DataFolderInUseError: who holds the folder, and what the user can do. */
function inUseMessage(dataDir: string, holder: LockHolder | null, lockPath: string, sameComputer: boolean): string {
  if (!holder) {
    return `Another BRM Desktop is starting with the data folder ${dataDir} right now. Wait until it runs and use it, or start this one again in a moment.`;
  }
  const app = holder.app === 'electron' ? 'The BRM Desktop app' : 'BRM Desktop in browser mode';
  const where = sameComputer ? '' : ` on ${holder.hostname}`;
  const intro = `${app} (process ${holder.pid}${where}, started ${holder.startedAt}) is already using the data folder ${dataDir}.`;
  const other = 'To run both, start this one with another data folder (--data DIR).';
  const elsewhere = sameComputer
    ? ''
    : ` If that computer no longer runs BRM Desktop, delete ${lockPath} and start again.`;
  if (holder.app === 'electron')
    return `${intro} Use its window, or quit it and start this one again. ${other}${elsewhere}`;
  const open = holder.url
    ? `Open it in your browser: ${holder.url}`
    : 'It is still starting: its address is printed in the terminal that started it.';
  return `${intro} ${open} — or stop it (Ctrl+C in its terminal) and start this one again. ${other}${elsewhere}`;
}
