/** `npm run server`: prints URL and demo credentials, serves, and stops cleanly on SIGTERM. */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startService } from '../../../server/start';
import { ServerClient, smallDemo } from '../../helpers/server-client';

let dataDir: string;
let child: ChildProcess | null = null;

beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'brm-cli-test-'));
  const seeded = await startService({ dataDir, demo: smallDemo });
  await seeded.stop();
});
afterAll(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  rmSync(dataDir, { recursive: true, force: true });
});

it('runs the service on a free port with the given data dir and exits 0 on SIGTERM', async () => {
  const proc = spawn(process.execPath, ['--import', 'tsx', 'server/cli.ts', '--port', '0', '--data', dataDir], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child = proc;
  let output = '';
  const url = await new Promise<string>((resolve, reject) => {
    proc.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(output);
      if (match && output.includes('password:')) resolve(match[1]);
    });
    proc.on('exit', (code) => reject(new Error(`exited with ${code}: ${output}`)));
  });
  expect(output).toContain('Demo user: dana.reyes@example.com');
  const password = /password: (\S+)/.exec(output)?.[1] as string;
  const client = new ServerClient(url);
  await client.signIn({ username: 'dana.reyes@example.com', password });
  const contacts = await client.call('listContacts', { query: { limit: 1 } });
  expect(contacts.status).toBe(200);
  const exit = new Promise<number | null>((resolve) => proc.on('exit', resolve));
  proc.kill('SIGTERM');
  expect(await exit).toBe(0);
});
