/**
 * A core in a child process for the fault-injection suite: opens the data folder, signs in to the
 * given service, prints `syncing`, and prints `idle` when sync has nothing left to do. The suite
 * kills it with SIGKILL at random moments in between.
 * Usage: node --import tsx bootstrap-child.ts <dir> <serverUrl> <username> <password>
 */
import { createTestPlatform, startTestCore, waitForIdle } from './core-harness';

const [dir, serverUrl, username, password] = process.argv.slice(2);
const core = await startTestCore(dir, createTestPlatform(), { syncBackoff: { baseMs: 100, maxMs: 400 } });
await core.handlers['session.signIn']({ serverUrl, username, password });
process.stdout.write('syncing\n');
await waitForIdle(core, 600_000);
process.stdout.write('idle\n');
await core.stop();
