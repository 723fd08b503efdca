/**
 * Fault: two browser-mode hosts on one data folder (docs/SECURITY.md, "One host per data folder";
 * docs/RELIABILITY.md). A second host started on a folder a running host holds, in-process and
 * from the command line, is refused with words naming the first's pid and URL (exit code 1 from the
 * command line), and the first keeps working: a bridge call succeeds and its staged upload is intact
 * and uploads. And a stale lock: a host in a child process killed with SIGKILL right after an edit
 * leaves its lock behind; a new host on the folder takes it over, and the edit reaches the service.
 */
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { DataFolderInUseError, lockFileName, parseHolder } from '../../../main/host/data-folder-lock';
import { type RunningHost, startHost } from '../../../main/host/host';
import { type RunningService, startService } from '../../../server/start';
import { isFinishedTransfer } from '../../helpers/core-waits';
import { connectNodeBridge, type NodeBridgeClient } from '../../helpers/host-bridge-client';
import { createRendererFixture, type RendererFixture, stagedFilePath, stageFile } from '../../helpers/host-fixtures';
import { runHostCli, startHostProcess } from '../../helpers/host-process';
import { within } from '../child-core';
import { type FaultScenario, runTrial, type TrialResult } from '../scenario';

const scenario = 'Two hosts on one data folder';
const secondHostFault = 'A second host started on a data folder a running host holds';
const staleLockFault = 'The host killed with SIGKILL right after an edit, its lock left behind';

/** A small demo data set: a quick sign-in. */
const demo = { contacts: 40, companies: 6, events: 12, documents: 8, notifications: 5 };

/**
 * Signs the host behind `bridge` in to `service` unless its session was restored (from the OS
 * keychain), and waits for a finished sync. Resolves true when it had to sign in.
 */
async function signedInAndSynced(bridge: NodeBridgeClient, service: RunningService): Promise<boolean> {
  const session = await bridge.call('session.get', {});
  const signIn = session.state !== 'signedIn';
  if (signIn) await bridge.call('session.signIn', { serverUrl: service.url, ...service.credentials });
  const status = await within(bridge.call('sync.run', {}), 60_000, 'A sync through the bridge');
  if (status.state !== 'idle') {
    await within(
      bridge.waitForEvent('sync.status', (s) => s.state === 'idle'),
      60_000,
      `Sync after "${status.message}"`,
    );
  }
  return signIn;
}

/** The holder named in `<dataDir>/brm-desktop.lock`, and the file's text. */
async function lockOf(dataDir: string): Promise<{ text: string; pid: number | undefined; url: string | null }> {
  const text = await readFile(join(dataDir, lockFileName), 'utf8');
  const holder = parseHolder(text);
  return { text, pid: holder?.pid, url: holder?.url ?? null };
}

/** One trial: a running host holds the folder; a second one, in-process and from the command line, is refused. */
async function secondHostTrial(
  dataDir: string,
  service: RunningService,
  fixture: RendererFixture,
  random: () => number,
): Promise<TrialResult> {
  const first = await startHost({ serverUrl: service.url, dataDir, rendererDir: fixture.rendererDir });
  let bridge: NodeBridgeClient | null = null;
  try {
    bridge = await connectNodeBridge(first.url);
    await signedInAndSynced(bridge, service);
    const content = randomBytes(1024 + Math.floor(random() * 256 * 1024));
    const file = await stageFile(first.url, `Staged ${content.length}.bin`, content);
    const staged = await stagedFilePath(dataDir, file.ref);
    const lockBefore = await lockOf(dataDir);
    assert.equal(lockBefore.url, first.url, 'the lock names the running host’s URL');

    const named = (message: string) => {
      assert.match(message, new RegExp(`\\(process ${process.pid}, started `), 'the refusal names the pid');
      assert.ok(message.includes(first.url), `the refusal names the URL: ${message}`);
    };
    const inProcess = async () => {
      const refused = await startHost({ serverUrl: service.url, dataDir, rendererDir: fixture.rendererDir }).then(
        async (second: RunningHost) => {
          await second.stop();
          return null;
        },
        (error: unknown) => error,
      );
      assert.ok(refused instanceof DataFolderInUseError, `the second host started: ${refused}`);
      named(refused.message);
    };
    const fromCommandLine = async () => {
      const cli = runHostCli(['--data', dataDir, '--server', service.url]);
      assert.equal(cli.status, 1, `exit code of the second launch: ${cli.stderr}`);
      named(cli.stderr);
      assert.ok(!cli.stdout.includes('is running in browser mode'), 'the second launch says it runs');
    };
    // Both ways, in a random order.
    for (const attempt of random() < 0.5 ? [inProcess, fromCommandLine] : [fromCommandLine, inProcess]) await attempt();

    // The first host's files are untouched, and it keeps working.
    assert.equal((await lockOf(dataDir)).text, lockBefore.text, 'the lock file changed');
    const kept = await readFile(staged).catch(() => null);
    const lost = kept?.equals(content) ? 0 : 1;
    const contacts = await bridge.call('contacts.list', { offset: 0, limit: 5 });
    assert.equal(contacts.total, demo.contacts, 'contacts served by the first host');
    const folders = await bridge.call('documents.listFolders', {});
    const [transfer] = await bridge.call('documents.upload', { folderId: folders[0].id, files: [file] });
    const done = await within(
      bridge.waitForEvent('transfer.progress', (t) => t.id === transfer.id && isFinishedTransfer(t)),
      60_000,
      'The upload of the staged file',
    );
    assert.equal(done.state, 'done', `the staged upload: ${done.error}`);
    assert.equal(service.store.documents.get(done.documentId ?? '')?.size, content.length, 'the uploaded document');
    return { lost, detail: `refused twice; staged ${content.length} bytes kept and uploaded` };
  } finally {
    bridge?.close();
    await first.stop();
  }
}

/**
 * One trial: a host started from the command line signs in and saves an edit; it is killed with
 * SIGKILL 0–300 ms later (before or after the edit was sent), and a new host on the folder takes over.
 */
async function staleLockTrial(
  dataDir: string,
  n: number,
  service: RunningService,
  fixture: RendererFixture,
  random: () => number,
): Promise<TrialResult> {
  const killed = await startHostProcess(['--data', dataDir, '--server', service.url]);
  let next: RunningHost | null = null;
  let bridge: NodeBridgeClient | null = null;
  try {
    bridge = await connectNodeBridge(killed.url);
    await signedInAndSynced(bridge, service);
    const contacts = await bridge.call('contacts.list', { offset: Math.floor(random() * demo.contacts), limit: 1 });
    const contact = contacts.rows[0];
    const jobTitle = `Kept across a SIGKILL ${n}`;
    await bridge.call('contacts.save', {
      contact: { id: contact.id, firstName: contact.firstName, lastName: contact.lastName, jobTitle },
    });
    const delayMs = Math.round(random() * 300);
    await sleep(delayMs);
    bridge.close();
    bridge = null;
    await killed.kill('SIGKILL');
    assert.equal((await lockOf(dataDir)).pid, killed.process.pid, 'the killed host’s lock is left behind');

    next = await startHost({ serverUrl: service.url, dataDir, rendererDir: fixture.rendererDir });
    const lock = await lockOf(dataDir);
    assert.equal(lock.pid, process.pid, 'the new host holds the lock');
    assert.equal(lock.url, next.url, 'the lock names the new host’s URL');
    bridge = await connectNodeBridge(next.url);
    const session = (await signedInAndSynced(bridge, service)) ? 'signed in again' : 'session restored';
    const waiting = (await bridge.call('outbox.list', {})).find((entry) => entry.recordId === contact.id);
    const sent = service.store.contacts.get(contact.id)?.jobTitle === jobTitle;
    if (!sent && !waiting) return { lost: 1, detail: `the edit made ${delayMs} ms before the kill is gone` };
    assert.ok(sent, `the edit is still in the outbox after a sync: ${waiting?.state} ${waiting?.message}`);
    return { detail: `killed ${delayMs} ms after the edit; lock taken over, ${session}; the edit reached the service` };
  } finally {
    bridge?.close();
    await next?.stop();
    await killed.kill();
  }
}

/** The scenario: `trials` trials of a second host refused and of a stale lock taken over. */
export const twoHosts: FaultScenario = {
  name: scenario,
  async run({ workDir, random, log }, trials) {
    const service = await startService({ dataDir: join(workDir, 'service'), demo });
    const fixture = await createRendererFixture();
    try {
      for (let n = 0; n < trials; n++) {
        await runTrial(log, scenario, secondHostFault, () =>
          secondHostTrial(join(workDir, `second-${n}`), service, fixture, random),
        );
        await runTrial(log, scenario, staleLockFault, () =>
          staleLockTrial(join(workDir, `stale-${n}`), n, service, fixture, random),
        );
      }
    } finally {
      await fixture.remove();
      await service.stop();
    }
  },
};
