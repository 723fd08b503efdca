/**
 * A core in a child process, for the crash test: signs in to the given service, creates one
 * contact (queued in the outbox), prints `queued`, and lets sync send it. The test kills this
 * process with SIGKILL while the answer is on its way.
 * Usage: node --import tsx write-path-child.ts <dir> <serverUrl> <username> <password>
 */
import { createTestPlatform, startTestCore, waitForIdle } from './core-harness';

const [dir, serverUrl, username, password] = process.argv.slice(2);
const core = await startTestCore(dir, createTestPlatform(), { syncBackoff: { baseMs: 100, maxMs: 400 } });
await core.handlers['session.signIn']({ serverUrl, username, password });
await waitForIdle(core);
await core.handlers['contacts.save']({
  contact: { firstName: 'Kai', lastName: 'Crashtest', email: 'kai@example.com' },
});
process.stdout.write('queued\n');
