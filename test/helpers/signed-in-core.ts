/**
 * The fixture most integration tests of the core share: the reference service in `root/service` and
 * a test core in `root/client`, signed in as the demo user and synced once; stopped again with the
 * temporary folder removed.
 */
import type { Core, CoreOptions, Platform } from '../../main/core/platform';
import { type RunningService, type StartServiceOptions, startService } from '../../server/start';
import { createTestPlatform, signInDemo, startTestCore, waitForIdle } from './core-harness';

/** A running reference service and a core signed in to it. */
export interface SignedInCore {
  service: RunningService;
  core: Core;
}

/** What differs between the tests using the fixture. */
export interface SignedInCoreOptions {
  /** Size of the service's demo data set (the service's defaults when absent). */
  demo?: StartServiceOptions['demo'];
  /** Platform of the core (a fresh `createTestPlatform()` when absent). */
  platform?: Platform;
  /** Core options over those of `testCoreOptions` (for example a shorter `syncBackoff`, in ms). */
  core?: Partial<CoreOptions>;
  /**
   * Whether the service holds feed requests for live changes (default true). False: the core learns
   * of changes made on the service only when a test runs sync (or on its 60 s interval).
   */
  liveChanges?: boolean;
}

/**
 * Starts the service in `root/service` (a free port), starts a core in `root/client`, signs it in as
 * the demo user and waits for its first sync to end. Rejects when any of these steps fails.
 */
export async function startSignedInCore(root: string, options: SignedInCoreOptions = {}): Promise<SignedInCore> {
  const service = await startService({
    dataDir: `${root}/service`,
    demo: options.demo,
    maxFeedWaitSeconds: options.liveChanges === false ? 0 : undefined,
  });
  const core = await startTestCore(`${root}/client`, options.platform ?? createTestPlatform(), options.core);
  await signInDemo(core, service);
  await waitForIdle(core);
  return { service, core };
}

/** Stops the core, then the service (the one running now, if a test restarted it), then removes `dir`. */
export async function stopSignedInCore(core: Core, service: RunningService, dir: { remove(): void }): Promise<void> {
  await core.stop();
  await service.stop();
  dir.remove();
}
