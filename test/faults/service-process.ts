/**
 * The reference service in a child process (test/faults/service-child.ts) that a scenario can kill
 * with SIGKILL and start again on the same port and data folder, so clients find it at the same URL
 * as after a crash and a restart of the real service.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { DemoOptions } from '../../server/demo/seed';
import { within } from './child-core';
import type { ServiceChildOptions } from './service-child';

/** A service that can be killed and started again. */
export interface KillableService {
  /** Its URL (the same after every start), e.g. http://127.0.0.1:41234. */
  readonly url: string;
  /** True from a start until a kill. */
  readonly running: boolean;
  /** Kills it with SIGKILL and waits for the process to end; does nothing when it is not running. */
  kill(): Promise<void>;
  /**
   * Starts it again on the same port and data folder, its bodies passed at `bytesPerSecond` (null:
   * full speed). Throws when it does not listen within 60 s or ends first.
   */
  start(bytesPerSecond: number | null): Promise<void>;
}

/** One child process: resolves with its URL once it listens; rejects with its last output when it ends first. */
function spawnService(options: ServiceChildOptions): {
  child: ChildProcess;
  exited: Promise<void>;
  url: Promise<string>;
} {
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'service-child.ts'), JSON.stringify(options)],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
  });
  const exited = new Promise<void>((resolve) => child.on('exit', () => resolve()));
  const url = new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).on('line', (line) => {
      if (line.startsWith('listening ')) resolve(line.slice('listening '.length));
    });
    void exited.then(() => reject(new Error(`The service process ended before it listened. ${stderr}`)));
  });
  url.catch(() => undefined);
  return { child, exited, url };
}

/**
 * Starts the service in a child process on `dataDir` (seeded with `demo` when empty) on a free
 * port, its bodies passed at `bytesPerSecond` (null: full speed). Seeding a large demo data set may
 * take a while: it waits up to 120 s, then throws.
 */
export async function startKillableService(
  dataDir: string,
  demo: Partial<DemoOptions>,
  bytesPerSecond: number | null,
): Promise<KillableService> {
  let port = 0;
  let running: ReturnType<typeof spawnService> | null = null;
  const kill = async () => {
    const current = running;
    running = null;
    if (!current) return;
    current.child.kill('SIGKILL');
    await current.exited;
  };
  const start = async (rate: number | null, timeoutMs: number) => {
    await kill();
    running = spawnService({ dataDir, port, demo, bytesPerSecond: rate });
    const url = await within(running.url, timeoutMs, 'Starting the service', kill);
    return url;
  };
  const url = await start(bytesPerSecond, 120_000);
  port = Number(new URL(url).port);
  return {
    url,
    get running() {
      return running !== null;
    },
    kill,
    async start(rate) {
      await start(rate, 60_000);
    },
  };
}
