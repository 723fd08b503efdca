/**
 * The browser-mode host started from its command line (main/host/cli.ts) in a child process, as a
 * user starts it: run to its end (a launch that is refused), or kept running until the test stops
 * or kills it. One Node process per host (`node --import tsx`), so a SIGKILL ends the host itself.
 */
import { type ChildProcess, type SpawnSyncReturns, spawn, spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { createInterface } from 'node:readline';

const repoRoot = resolve(import.meta.dirname, '../..');
const cliArgs = ['--import', 'tsx', 'main/host/cli.ts'];

/** Runs the host's command line with `args` (e.g. `--data DIR --server URL`) to its end; gives up after `timeoutMs`. */
export function runHostCli(args: string[], timeoutMs = 60_000): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, [...cliArgs, ...args], { cwd: repoRoot, encoding: 'utf8', timeout: timeoutMs });
}

/** A host running in a child process. */
export interface HostProcess {
  process: ChildProcess;
  /** The URL it printed for the browser (with its token). */
  url: string;
  /** Resolves with the signal or exit code when it ends. */
  exited: Promise<NodeJS.Signals | number | null>;
  /** Kills it with `signal` (default SIGKILL) and waits for it to end. */
  kill(signal?: NodeJS.Signals): Promise<void>;
}

/**
 * Starts the host's command line with `args` in a child process and resolves once it printed the
 * URL to open. Rejects (and kills it) when it ends first or prints nothing within `timeoutMs`.
 */
export async function startHostProcess(args: string[], timeoutMs = 60_000): Promise<HostProcess> {
  const child = spawn(process.execPath, [...cliArgs, ...args], { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<NodeJS.Signals | number | null>((done) =>
    child.on('exit', (code, signal) => done(signal ?? code)),
  );
  const kill = async (signal: NodeJS.Signals = 'SIGKILL') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    await exited;
  };
  const lines = createInterface({ input: child.stdout! });
  const prefix = 'Open this URL in your browser: ';
  let timer: NodeJS.Timeout | undefined;
  try {
    const url = await new Promise<string>((done, fail) => {
      lines.on('line', (line) => {
        if (line.startsWith(prefix)) done(line.slice(prefix.length).trim());
      });
      void exited.then((how) => fail(new Error(`The host ended (${how}) before printing its URL. ${stderr}`)));
      timer = setTimeout(() => fail(new Error(`The host printed no URL within ${timeoutMs} ms. ${stderr}`)), timeoutMs);
    });
    return { process: child, url, exited, kill };
  } catch (err) {
    await kill();
    throw err;
  } finally {
    clearTimeout(timer);
  }
}
