/**
 * The fixture of the integration tests that take the service away and bring it back: the reference
 * service (small demo) in `root/service` and a test core in `root/client` signed in and synced
 * (`startSignedInCore`), plus a colleague's client of the service. Going offline stops the service
 * itself, and coming back starts it again on the same data folder and port, so what the core queued
 * meanwhile is sent to the same service. (test/helpers/write-path-harness.ts instead cuts the network
 * with a proxy while the service keeps running, for edits made on the service meanwhile.)
 */
import type { Core, Platform } from '../../main/core/platform';
import { type RunningService, startService } from '../../server/start';
import { createTempDir, createTestPlatform, startTestCore, waitForIdle } from './core-harness';
import { ServerClient, smallDemo } from './server-client';
import { startSignedInCore } from './signed-in-core';

/** Retry pauses of the core's sync in these tests (ms): short, so a test does not wait long for it to come back. */
const coreOptions = { syncBackoff: { baseMs: 200, maxMs: 1000 } };

/** The running service, the core signed in to it, and the controls a test uses. */
export interface RestartableService {
  /** The service running now (a new one after each `goOnline`). */
  readonly service: RunningService;
  /** The core running now (a new one after each `restartCore`). */
  readonly core: Core;
  /** The temporary folder holding `service/` and `client/` (removed by `close`), for a test's own files. */
  readonly dir: string;
  /** The platform of the core (e.g. to give it a save location), kept across `restartCore`. */
  readonly platform: Platform;
  /** A client of the service signed in as the demo user (signed in again after each `goOnline`). */
  readonly colleague: ServerClient;
  /** Stops the service and lets the core try a sync, so it knows it is offline. */
  goOffline(): Promise<void>;
  /** Starts the service again on its data folder and port and waits until the core's sync is idle. */
  goOnline(): Promise<void>;
  /** Sends the outbox now and returns what is left in it. */
  push(): ReturnType<Core['handlers']['outbox.list']>;
  /**
   * Stops the core; runs `between` while none runs (e.g. a colleague changes data on the service);
   * starts a new core on the same data folder and waits until its sync is idle (a restart of the app).
   */
  restartCore(between?: () => Promise<void>): Promise<void>;
  /** Stops the core and the service and removes the temporary folder. */
  close(): Promise<void>;
}

/** Starts the fixture in a new temporary folder. Rejects when the service or the core cannot start. */
export async function startRestartableService(): Promise<RestartableService> {
  const dir = createTempDir();
  const platform: Platform = createTestPlatform();
  let { service, core } = await startSignedInCore(dir.path, { demo: smallDemo, platform, core: coreOptions });
  const port = Number(new URL(service.url).port);
  const colleague = new ServerClient(service.url);
  await colleague.signIn(service.credentials);
  return {
    get service() {
      return service;
    },
    get core() {
      return core;
    },
    colleague,
    dir: dir.path,
    platform,
    async goOffline() {
      await service.stop();
      await core.handlers['sync.run']({});
    },
    async goOnline() {
      service = await startService({ dataDir: `${dir.path}/service`, port, demo: smallDemo });
      await waitForIdle(core);
      await colleague.signIn(service.credentials);
    },
    async push() {
      await core.handlers['sync.run']({});
      return core.handlers['outbox.list']({});
    },
    async restartCore(between) {
      await core.stop();
      await between?.();
      core = await startTestCore(`${dir.path}/client`, platform, coreOptions);
      await waitForIdle(core);
    },
    async close() {
      await core.stop();
      await service.stop();
      dir.remove();
    },
  };
}
