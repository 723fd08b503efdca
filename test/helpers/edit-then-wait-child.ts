/**
 * A core in a child process, to be killed: signs in to the given service, syncs, prints `synced`,
 * then on the line `edit` from stdin creates one contact (queued in the outbox) and prints `queued`,
 * and waits to be killed (SIGKILL) with its files open.
 * Usage: node --import tsx edit-then-wait-child.ts <dir> <serverUrl> <username> <password>
 */
import { createInterface } from 'node:readline';
import { createTestPlatform, startTestCore, waitForIdle } from './core-harness';

const [dir, serverUrl, username, password] = process.argv.slice(2);
const core = await startTestCore(dir, createTestPlatform(), { syncBackoff: { baseMs: 100, maxMs: 400 } });
await core.handlers['session.signIn']({ serverUrl, username, password });
await waitForIdle(core);
process.stdout.write('synced\n');
for await (const line of createInterface({ input: process.stdin })) {
  if (line !== 'edit') continue;
  await core.handlers['contacts.save']({ contact: { firstName: 'Kim', lastName: 'Killed', email: 'kim@example.com' } });
  process.stdout.write('queued\n');
}
