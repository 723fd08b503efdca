/**
 * Test set-up for the write path: a small demo service with a signed-in contract-checking client
 * (the service's own view, direct), and a core signed in to it through a switchable proxy, so the
 * core can be cut off while the service keeps running and others change data on it.
 */
import { join } from 'node:path';
import { expect } from 'vitest';
import type { Core } from '../../main/core/platform';
import type { ApiSchemas } from '../../preload/contract/common';
import { type RunningService, startService } from '../../server/start';
import { createTempDir, createTestPlatform, startTestCore, waitForEvent, waitForIdle } from './core-harness';
import { ServerClient, smallDemo } from './server-client';
import { type SwitchableProxy, startSwitchableProxy } from './switchable-proxy';

/** A service, a client of it, and a core on it, in one temp folder. */
export interface WritePathRig {
  dir: string;
  service: RunningService;
  /** The service's own view (direct, not through the proxy), signed in as the demo user. */
  client: ServerClient;
  proxy: SwitchableProxy;
  core: Core;
  /** Cuts the core off and waits until it says it is offline. */
  goOffline(): Promise<void>;
  /** Lets the core through again and waits for it to sync to idle. */
  comeBack(): Promise<void>;
  /**
   * Stops the core and starts a new one on the same data folder (a restart of the app); `between`
   * runs while no core runs (to look at what the stopped one left on disk).
   */
  restartCore(between?: () => void | Promise<void>): Promise<void>;
  close(): Promise<void>;
}

/** Starts the rig: a small demo service on a free port and a core signed in and synced. */
export async function startWritePathRig(): Promise<WritePathRig> {
  const temp = createTempDir('brm-writes-');
  const serviceDir = join(temp.path, 'service');
  const clientDir = join(temp.path, 'client');
  const platform = createTestPlatform();
  const options = { syncBackoff: { baseMs: 100, maxMs: 400 } };
  // The service answers feed requests at once (as before contract 0.4.0), so the core learns of
  // changes made on the service only when a test runs sync: each test decides when it does.
  const service = await startService({ dataDir: serviceDir, demo: smallDemo, maxFeedWaitSeconds: 0 });
  const proxy = await startSwitchableProxy(service.url);
  const client = new ServerClient(service.url);
  await client.signIn(service.credentials);
  let core = await startTestCore(clientDir, platform, options);
  await core.handlers['session.signIn']({ serverUrl: proxy.url, ...service.credentials });
  await waitForIdle(core);
  const rig: WritePathRig = {
    dir: clientDir,
    service,
    client,
    proxy,
    get core() {
      return core;
    },
    async goOffline() {
      proxy.down();
      const offline = waitForEvent(core, 'sync.status', (s) => s.state === 'offline');
      void core.handlers['sync.run']({});
      await offline;
    },
    async comeBack() {
      proxy.up();
      await core.handlers['sync.run']({});
      if ((await core.handlers['sync.getStatus']({})).state !== 'idle') await waitForIdle(core);
    },
    async restartCore(between) {
      await core.stop();
      await between?.();
      core = await startTestCore(clientDir, platform, options);
    },
    async close() {
      await core.stop();
      await proxy.close();
      await service.stop();
      temp.remove();
    },
  };
  return rig;
}

/**
 * The error `promise` rejects with (a core handler's refusal: its `code` and its `message` in words).
 * Throws when `promise` resolves, so a test expecting a refusal fails when the call is taken.
 */
export async function refusalOf(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  try {
    await promise;
  } catch (err) {
    return err as { code: string; message: string };
  }
  throw new Error('expected a refusal');
}

/** The demo user's root Folder on the service, as `listFolderDocuments` (no folder id) answers it. */
export async function rootFolderOf(rig: WritePathRig): Promise<ApiSchemas['Folder']> {
  return ((await rig.client.call('listFolderDocuments')).body as { folder: ApiSchemas['Folder'] }).folder;
}

/**
 * Uploads `bytes` as a file named `name` into the folder `folderId` with the rig's direct client
 * (`uploadDocument`, multipart; as another device would, the core learns of it on its next sync)
 * and returns the created Document. Fails the test when the service does not answer 201.
 */
export async function uploadOnService(
  rig: WritePathRig,
  folderId: string,
  name: string,
  bytes: Buffer,
): Promise<ApiSchemas['Document']> {
  const form = new FormData();
  form.append('folderId', folderId);
  form.append('file', new Blob([new Uint8Array(bytes)]), name);
  const res = await rig.client.call('uploadDocument', { rawBody: form });
  expect(res.status).toBe(201);
  return res.body as ApiSchemas['Document'];
}
