/** Starts and stops the reference service in a child process (see service-child.ts). */
import { type ChildProcess, spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import type { StartServiceOptions } from '../../server/start';

/** A service running in a child process. */
export interface ServiceProcess {
  url: string;
  credentials: { username: string; password: string };
  /** Demo data seeding time, ms (0 when the data folder was already seeded). */
  seedMs: number;
  /** Time taken inserting the sales benchmarks' extra records, ms (0 unless asked for). */
  salesMs: number;
  stop(): Promise<void>;
}

/**
 * Starts the service with `options` (`salesData`: insert the sales benchmarks' extra records, see
 * sales-data.ts); rejects if the child exits before it is ready.
 */
export function startServiceProcess(options: StartServiceOptions & { salesData?: boolean }): Promise<ServiceProcess> {
  const child: ChildProcess = spawn(
    process.execPath,
    ['--import', 'tsx', new URL('./service-child.ts', import.meta.url).pathname, JSON.stringify(options)],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`The benchmark service exited early (code ${code}).`)));
    createInterface({ input: child.stdout! }).once('line', (line) => {
      const ready = JSON.parse(line) as Omit<ServiceProcess, 'stop'>;
      resolve({
        ...ready,
        stop: () =>
          new Promise<void>((done) => {
            child.removeAllListeners('exit');
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}
