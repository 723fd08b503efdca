/**
 * Fault: the reference service, in a child process (test/faults/service-process.ts), killed with
 * SIGKILL in the middle of a client's bootstrap, upload or download, and started again on the same
 * port and data folder after a pause of 0.5–2 s. The core runs in this process with short backoffs
 * and must finish by itself once the service is back (docs/ARCHITECTURE.md, "Sync" and
 * "Transfers"):
 * - a bootstrap ends with a cache equal to the service's records and intact database files;
 * - an upload lands exactly once (its Idempotency-Key, api/openapi.yaml `uploadDocument`), with the
 *   file's SHA-256; one that never lands is counted lost;
 * - a download ends byte-identical to the document, with no `.part` left behind.
 */
import assert from 'node:assert/strict';
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Core, CoreOptions } from '../../../main/core/platform';
import type { Transfer } from '../../../preload/contract';
import { demoCredentials } from '../../../server/demo/seed';
import { createTestPlatform, signInDemo, startTestCore, waitForEvent, waitForIdle } from '../../helpers/core-harness';
import { serviceVersions } from '../../helpers/feed-reader';
import { ServerClient } from '../../helpers/server-client';
import { cachedVersions, differences, integrityOfFolder } from '../cache-state';
import { within } from '../child-core';
import { type FaultScenario, runTrial, type TrialContext, type TrialResult } from '../scenario';
import { type KillableService, startKillableService } from '../service-process';

const scenario = 'Service killed during a transfer or a bootstrap';

/** The faults, as the table names them. */
export const serviceKilledFaults = {
  bootstrap: 'service SIGKILLed during a bootstrap, restarted after 0.5–2 s',
  upload: 'service SIGKILLed during an upload of 2–4 MiB, restarted after 0.5–2 s',
  download: 'service SIGKILLed during a download of 2–4 MiB, restarted after 0.5–2 s',
};

/** About 8,500 records: a bootstrap of one to two seconds here, in pages of 250. */
const demo = { contacts: 6_000, companies: 600, events: 1_200, documents: 200, notifications: 40 };
/** Bodies pass at 4 MiB/s during transfers, so a file of a few MiB is still moving when the service dies. */
const bytesPerSecond = 4 * 1024 * 1024;
const mib = 1024 * 1024;
/**
 * Longest a trial may take, ms. The waits inside a trial are shorter (`startMs`, `endMs`) and add
 * up to less, so a trial that fails has ended by itself, killing nothing more, when it is given up.
 */
const trialMs = 60_000;
/** Longest wait for a bootstrap or a transfer to get going, ms. */
const startMs = 12_000;
/** Longest wait for a bootstrap or a transfer to end once the service is back, ms. */
const endMs = 25_000;
const backoff = { baseMs: 100, maxMs: 500 };
const coreOptions: Partial<CoreOptions> = {
  syncBackoff: backoff,
  uploadBackoff: backoff,
  downloadBackoff: backoff,
  syncPageSize: 250,
};

const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const inMib = (bytes: number) => `${(bytes / mib).toFixed(1)} MiB`;
const recordsIn = (counts: Partial<Record<string, number>>) =>
  Object.values(counts).reduce<number>((sum, n) => sum + (n ?? 0), 0);

/** Kills the service, waits 0.5–2 s and starts it again; returns the pause and when it listened again. */
async function killAndRestart(
  service: KillableService,
  random: () => number,
  rate: number | null,
): Promise<{ downMs: number; backAt: number }> {
  const killedAt = performance.now();
  await service.kill();
  await sleep(500 + random() * 1500);
  await service.start(rate);
  const backAt = performance.now();
  return { downMs: backAt - killedAt, backAt };
}

/**
 * Transfer `id` once `test` holds for it, or null after `ms`. It looks at the registry's list every
 * 25 ms rather than at events, since progress events are throttled and bytes may move between them.
 */
async function transferWhen(core: Core, id: string, test: (t: Transfer) => boolean, ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    const now = (await core.handlers['transfers.list']({})).find((t) => t.id === id);
    if (now && test(now)) return now;
    await sleep(25);
  }
  return null;
}

/** One bootstrap by a new core, killed once it has written a random share (10–80 %) of `total` records. */
async function bootstrapTrial(ctx: TrialContext, service: KillableService, total: number, trial: number) {
  const dir = join(ctx.workDir, `bootstrap-${trial}`);
  const core = await startTestCore(dir, createTestPlatform(), coreOptions);
  const body = async () => {
    const share = 0.1 + ctx.random() * 0.7;
    const reached = waitForEvent(
      core,
      'sync.status',
      (s) => s.state === 'syncing' && s.phase === 'bootstrap' && recordsIn(s.counts) >= share * total,
      startMs,
    );
    await signInDemo(core, { url: service.url, credentials: demoCredentials });
    const moved = recordsIn((await reached).counts);
    let idleBefore = false;
    const off = core.on('sync.status', (s) => {
      if (s.state === 'idle') idleBefore = true;
    });
    const { downMs, backAt } = await killAndRestart(service, ctx.random, null);
    off();
    assert.equal(idleBefore, false, 'the bootstrap ended without the service, before it was back');
    await waitForIdle(core, endMs);
    const recoveryMs = performance.now() - backAt;
    await core.stop();
    const damaged = Object.entries(integrityOfFolder(join(dir, 'data'))).filter(([, verdict]) => verdict !== 'ok');
    assert.deepEqual(damaged, [], 'integrity_check');
    const wrong = differences(cachedVersions(join(dir, 'data')), await serviceVersions(service.url, demoCredentials));
    assert.deepEqual(wrong, [], 'the cache differs from the service');
    return {
      detail: `killed after ${moved} of ${total} records, down ${seconds(downMs)}, done ${seconds(recoveryMs)} after the restart`,
    };
  };
  try {
    return await within(body(), trialMs, 'The bootstrap trial', () => core.stop());
  } finally {
    await core.stop();
    if (!service.running) await service.start(null);
  }
}

/**
 * Kills the service a random time (up to 80 % of the expected transfer time of `size` bytes) after
 * the bytes of transfer `id` start moving, starts it again, and waits for the transfer to end.
 * Returns the transfer's last state (null when it did not end in time) and what to report.
 */
async function killDuringTransfer(
  core: Core,
  service: KillableService,
  random: () => number,
  id: string,
  size: number,
) {
  const moving = await transferWhen(core, id, (t) => t.state === 'running' && t.bytesDone > 0, startMs);
  assert.ok(moving, 'the transfer never started moving bytes');
  const movedAt = performance.now();
  await sleep(random() * 0.8 * (size / bytesPerSecond) * 1000);
  const atKill = (await core.handlers['transfers.list']({})).find((t) => t.id === id);
  assert.notEqual(atKill?.state, 'done', 'the transfer ended before the service was killed');
  const into = performance.now() - movedAt;
  const ended = (t: Transfer) => t.state === 'done' || t.state === 'failed' || t.state === 'cancelled';
  const { downMs, backAt } = await killAndRestart(service, random, bytesPerSecond);
  const final = await transferWhen(core, id, ended, endMs);
  const note = `killed ${seconds(into)} into a ${seconds((size / bytesPerSecond) * 1000)} transfer (${inMib(atKill?.bytesDone ?? 0)} of ${inMib(size)} counted by the core), down ${seconds(downMs)}, done ${seconds(performance.now() - backAt)} after the restart`;
  return { final, note };
}

/** A file of 2–4 MiB of random bytes, written under `dir` as `name`. */
function randomFile(dir: string, name: string, random: () => number) {
  const content = randomBytes(Math.round((2 + random() * 2) * mib));
  mkdirSync(dir, { recursive: true });
  const path = join(dir, name);
  writeFileSync(path, content);
  return { path, content };
}

/** The transfer faults, on one signed-in core in `dir` against the throttled service. */
async function transferTrials(ctx: TrialContext, service: KillableService, trials: number) {
  const dir = join(ctx.workDir, 'transfers');
  const originals = join(dir, 'originals');
  const core = await startTestCore(dir, createTestPlatform(), coreOptions);
  try {
    await signInDemo(core, { url: service.url, credentials: demoCredentials });
    await waitForIdle(core, trialMs);
    const folderId = (await core.handlers['documents.listFolders']({})).find((f) => f.parentId !== null)!.id;
    const client = new ServerClient(service.url);
    await client.signIn(demoCredentials);
    /** The documents named `name` in the folder, as the service lists them. */
    const onService = async (name: string) =>
      (
        await client.allPages<{ id: string; name: string; size: number; sha256: string }>('listFolderDocuments', {
          query: { folderId },
        })
      ).filter((d) => d.name === name);
    const upload = async (name: string, path: string) =>
      (await core.handlers['documents.upload']({ folderId, files: [{ ref: path, name }] }))[0];
    /** Restarts the service when a failed trial left it down, so the next trial has one. */
    const restore = async () => {
      if (!service.running) await service.start(bytesPerSecond);
    };
    /** Runs `body` as one trial of `fault`, given up after `trialMs`, the service running again after it. */
    const transferTrial = (fault: string, body: () => Promise<TrialResult>) =>
      runTrial(ctx.log, scenario, fault, () => within(body(), trialMs, fault, restore).finally(restore));

    for (let trial = 0; trial < trials; trial++) {
      await transferTrial(serviceKilledFaults.upload, async () => {
        const name = `Killed upload ${trial}.bin`;
        const { path, content } = randomFile(originals, name, ctx.random);
        const queued = await upload(name, path);
        const { final, note } = await killDuringTransfer(core, service, ctx.random, queued.id, content.length);
        const landed = await onService(name);
        if (landed.length === 0)
          return { lost: 1, detail: `never arrived (${final?.state ?? 'still waiting'}); ${note}` };
        assert.ok(final?.state === 'done', `the upload ended ${final?.state ?? 'never'}: ${final?.error}`);
        assert.equal(landed.length, 1, `the document is on the service ${landed.length} times`);
        assert.equal(landed[0].sha256, sha256(content), 'the SHA-256 on the service');
        assert.equal(landed[0].id, final.documentId);
        return { detail: note };
      });
    }

    for (let trial = 0; trial < trials; trial++) {
      await transferTrial(serviceKilledFaults.download, async () => {
        const name = `Killed download ${trial}.bin`;
        const { path, content } = randomFile(originals, name, ctx.random);
        const queued = await upload(name, path);
        const uploaded = await transferWhen(
          core,
          queued.id,
          (t) => t.state !== 'queued' && t.state !== 'running',
          startMs,
        );
        assert.ok(uploaded?.state === 'done', `uploading the document to download: ${uploaded?.error}`);
        const started = await core.handlers['documents.download']({ id: uploaded.documentId! });
        const { final, note } = await killDuringTransfer(core, service, ctx.random, started.id, content.length);
        assert.ok(final?.state === 'done', `the download ended ${final?.state ?? 'never'}: ${final?.error}`);
        assert.equal(sha256(readFileSync(final.localPath!)), sha256(content), 'the SHA-256 of the downloaded file');
        const parts = readdirSync(join(dir, 'downloads')).filter((file) => file.endsWith('.part'));
        assert.deepEqual(parts, [], '.part files left');
        return { detail: note };
      });
    }
  } finally {
    await core.stop();
  }
}

/** Kills and restarts the service `trials` times in each of a bootstrap, an upload and a download. */
export const serviceKilled: FaultScenario = {
  name: scenario,
  async run(ctx, trials) {
    const service = await startKillableService(join(ctx.workDir, 'service'), demo, null);
    try {
      const versions = await serviceVersions(service.url, demoCredentials);
      const total = [...versions.values()].reduce((sum, ids) => sum + ids.size, 0);
      for (let trial = 0; trial < trials; trial++) {
        await runTrial(ctx.log, scenario, serviceKilledFaults.bootstrap, () =>
          bootstrapTrial(ctx, service, total, trial),
        );
      }
      // The transfers go through a slow link: the service starts again behind it (not a trial).
      await service.start(bytesPerSecond);
      await transferTrials(ctx, service, trials);
    } finally {
      await service.kill();
    }
  },
};
