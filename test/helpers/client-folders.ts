/**
 * Client data folders prepared for storage tests and the fault-injection suite (docs/ARCHITECTURE.md,
 * "A damaged file", "When the data folder cannot be written"): a demo service behind a proxy that can
 * take it away, a folder that synced and holds local-only work (test/helpers/local-work.ts) with its
 * core stopped or killed, and what a fresh client downloads from the service now.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { createMemoryKeychain } from '../../main/core/keychain';
import type { Core, CoreOptions, Keychain } from '../../main/core/platform';
import { type RunningService, startService } from '../../server/start';
import { createTestPlatform, dumpSyncedTables, startTestCore, waitForIdle } from './core-harness';
import { downloadADocument, keepADraft, type LocalWork, queueAnEdit, serverUrlOf } from './local-work';
import { smallDemo } from './server-client';
import { type SwitchableProxy, startSwitchableProxy } from './switchable-proxy';

/** A demo service, a proxy in front of it, and the core options every client of a test uses. */
export interface ClientRig {
  service: RunningService;
  proxy: SwitchableProxy;
  /** Short backoffs (100–400 ms), so a client retries quickly once the service or the folder is back. */
  options: Partial<CoreOptions>;
  /** A folder for the rig's own clients (fresh references). */
  root: string;
  /** Stops the proxy and the service. */
  close(): Promise<void>;
}

/** Starts a demo service (`demo`, default the small demo data set) in `<root>/service` and a proxy to it. */
export async function startClientRig(root: string, demo = smallDemo): Promise<ClientRig> {
  const service = await startService({ dataDir: join(root, 'service'), demo });
  const proxy = await startSwitchableProxy(service.url);
  const backoff = { baseMs: 100, maxMs: 400 };
  return {
    service,
    proxy,
    options: { syncBackoff: backoff, uploadBackoff: backoff, downloadBackoff: backoff },
    root,
    async close() {
      await proxy.close();
      await service.stop();
    },
  };
}

/** Signs `core` in to the rig's service through its proxy. */
export const signInThroughProxy = (core: Core, rig: ClientRig) =>
  core.handlers['session.signIn']({ serverUrl: rig.proxy.url, ...rig.service.credentials });

/** What to leave in a prepared folder besides the edits. */
export interface LocalWorkPlan {
  /** Last names of the new contacts saved while the service is away (one outbox entry each). */
  edits: string[];
  /** Download a document first (default false). */
  download?: boolean;
  /** Keep a draft first (default false). */
  draft?: boolean;
}

/**
 * Signs `core` in through the rig's proxy, waits for its sync, and makes `plan`'s local work, the
 * edits while the proxy is down. Leaves the proxy down: the caller brings it up.
 */
export async function syncWithLocalWork(rig: ClientRig, core: Core, plan: LocalWorkPlan): Promise<LocalWork> {
  await signInThroughProxy(core, rig);
  await waitForIdle(core);
  const download = plan.download ? await downloadADocument(core) : null;
  const draft = plan.draft ? await keepADraft(core, 'contact:new') : null;
  rig.proxy.down();
  for (const lastName of plan.edits) await queueAnEdit(core, lastName);
  return { edits: plan.edits, download, draft, serverUrl: await serverUrlOf(core) };
}

/**
 * A client folder `dir` that synced with the rig's service and holds `plan`'s local work, the edits
 * made while the proxy was down; its core stopped (the proxy is up again afterwards).
 */
export async function syncedFolderWithLocalWork(
  rig: ClientRig,
  dir: string,
  keychain: Keychain,
  plan: LocalWorkPlan,
): Promise<LocalWork> {
  const core = await startTestCore(dir, createTestPlatform(keychain), rig.options);
  try {
    return await syncWithLocalWork(rig, core, plan);
  } finally {
    await core.stop();
    rig.proxy.up();
  }
}

/**
 * A client folder `dir` whose core, in a child process (test/helpers/edit-then-wait-child.ts), synced,
 * downloaded a document, kept a draft and saved `edits` while the proxy was down, and was then killed
 * with SIGKILL; its `cache.db-wal` is removed afterwards, as a careless clean-up would. The child's
 * sign-in went with it (its keychain was in memory).
 */
export async function killedFolderWithLocalWork(rig: ClientRig, dir: string, edits: string[]): Promise<LocalWork> {
  const { username, password } = rig.service.credentials;
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(import.meta.dirname, 'edit-then-wait-child.ts'), dir, rig.proxy.url, username, password],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  );
  const exited = new Promise<NodeJS.Signals | number | null>((resolve) =>
    child.on('exit', (code, signal) => resolve(signal ?? code)),
  );
  const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
  const next = async () => {
    const line = await Promise.race([lines.next(), exited.then((how) => ({ value: `exited ${how}` }))]);
    return String(line.value);
  };
  try {
    const synced = await next();
    assert.match(synced, /^synced /, 'the child core did not sync');
    const made = JSON.parse(synced.slice('synced '.length)) as Omit<LocalWork, 'edits'>;
    rig.proxy.down();
    for (const lastName of edits) {
      child.stdin!.write(`edit ${lastName}\n`);
      assert.equal(await next(), 'queued', `the child core did not queue ${lastName}`);
    }
    child.kill('SIGKILL');
    assert.equal(await exited, 'SIGKILL');
    const data = join(dir, 'data');
    const wal = join(data, 'cache.db-wal');
    assert.ok(existsSync(wal), 'the killed core left no cache.db-wal');
    rmSync(wal);
    return { edits, ...made };
  } finally {
    child.kill('SIGKILL');
    rig.proxy.up();
  }
}

/** The synced tables (test/helpers/core-harness.ts) of a fresh client in `dir` signed in to the rig's service now. */
export async function freshClientTables(rig: ClientRig, dir: string): Promise<Record<string, unknown[]>> {
  const core = await startTestCore(dir, createTestPlatform(createMemoryKeychain()), rig.options);
  try {
    await core.handlers['session.signIn']({ serverUrl: rig.service.url, ...rig.service.credentials });
    await waitForIdle(core);
  } finally {
    await core.stop();
  }
  return dumpSyncedTables(join(dir, 'data'));
}
