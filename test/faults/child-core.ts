/**
 * A core in a child process (`test/helpers/bootstrap-child.ts`) that the suite can kill at any
 * moment: started on a data folder against a service, it reports when it is syncing and when sync
 * is idle.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

/** A running child core. */
export interface ChildCore {
  process: ChildProcess;
  /** Resolves when the child signed in and sync started, or rejects when it exits first. */
  syncing: Promise<void>;
  /** Resolves when the child printed `idle` (sync done), or rejects when it exits first. */
  idle: Promise<void>;
  /** Resolves with the signal or exit code when the child ends. */
  exited: Promise<NodeJS.Signals | number | null>;
  /** Kills it with SIGKILL and waits for it to end. */
  kill(): Promise<void>;
}

/**
 * `promise`, or a rejection naming `what` when it takes longer than `ms`; `onTimeout` (killing a
 * child, say) runs before that rejection, so nothing is left running.
 */
export function within<T>(promise: Promise<T>, ms: number, what: string, onTimeout?: () => Promise<void>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      void (onTimeout?.() ?? Promise.resolve()).finally(() => reject(new Error(`${what} took longer than ${ms} ms`)));
    }, ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/** Starts a child core on `<dir>/data` signed in to `serverUrl`. */
export function startChildCore(
  dir: string,
  serverUrl: string,
  credentials: { username: string; password: string },
): ChildCore {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      join(import.meta.dirname, '../helpers/bootstrap-child.ts'),
      dir,
      serverUrl,
      credentials.username,
      credentials.password,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.on('exit', (code, signal) => resolve(signal ?? code)),
  );
  const lines = createInterface({ input: child.stdout! });
  /** Resolves when the child prints `word`; rejects when it ends first. */
  const printed = (word: string) => {
    const promise = new Promise<void>((resolve, reject) => {
      lines.on('line', (line) => {
        if (line === word) resolve();
      });
      void exited.then((how) =>
        reject(new Error(`The child core ended (${how}) before printing "${word}". ${stderr}`)),
      );
    });
    promise.catch(() => undefined);
    return promise;
  };
  const syncing = printed('syncing');
  const idle = printed('idle');
  return {
    process: child,
    syncing,
    idle,
    exited,
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
  };
}
