/**
 * A core in a child process, to be killed: signs in to the given service, syncs, downloads a document
 * and keeps a draft (test/helpers/local-work.ts), prints `synced <JSON of { download, draft,
 * serverUrl }>`, then on each line `edit <last name>` from stdin creates the contact `Kim <last name>`
 * (queued in the outbox while the service is unreachable) and prints `queued`, and waits to be killed
 * (SIGKILL) with its files open.
 * Usage: node --import tsx edit-then-wait-child.ts <dir> <serverUrl> <username> <password>
 */
import { createInterface } from 'node:readline';
import { createTestPlatform, startTestCore, waitForIdle } from './core-harness';
import { downloadADocument, keepADraft, queueAnEdit, serverUrlOf } from './local-work';

const [dir, serverUrl, username, password] = process.argv.slice(2);
const core = await startTestCore(dir, createTestPlatform(), {
  syncBackoff: { baseMs: 100, maxMs: 400 },
  downloadBackoff: { baseMs: 100, maxMs: 400 },
});
await core.handlers['session.signIn']({ serverUrl, username, password });
await waitForIdle(core);
const download = await downloadADocument(core);
const draft = await keepADraft(core, 'contact:new');
process.stdout.write(`synced ${JSON.stringify({ download, draft, serverUrl: await serverUrlOf(core) })}\n`);
for await (const line of createInterface({ input: process.stdin })) {
  const [word, ...name] = line.split(' ');
  if (word !== 'edit' || name.length === 0) continue;
  await queueAnEdit(core, name.join(' '));
  process.stdout.write('queued\n');
}
