/**
 * The write path under load (docs/PERFORMANCE.md, "Edits"): 1,000 edits made while the service is
 * away (600 edits of existing contacts, 300 new contacts, 100 archivals), then the time from the
 * service coming back to an empty outbox, with the host event loop's longest stall meanwhile, and
 * the time one edit takes in the core (apply to the cache and queue).
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { join } from 'node:path';
import { createCore } from '../../main/core/index';
import type { Core } from '../../main/core/platform';
import { createTestPlatform, testCoreOptions, waitForIdle } from '../helpers/core-harness';
import type { Report } from './renderer';
import { startServiceProcess } from './service-process';
import { ms, quantile, timed } from './stats';

/** Options of the write-path benchmark. */
export interface WritesBenchOptions {
  workDir: string;
  report: Report;
}

const edits = { updates: 600, creates: 300, archivals: 100 };

/** Makes the 1,000 edits; returns each edit's time in the core, ms. */
async function makeEdits(core: Core): Promise<number[]> {
  const times: number[] = [];
  const { rows } = await core.handlers['contacts.list']({ offset: 0, limit: 500 });
  const more = await core.handlers['contacts.list']({ offset: 500, limit: 500 });
  const existing = [...rows, ...more.rows];
  for (let i = 0; i < edits.updates; i++) {
    const contact = existing[i % existing.length];
    const { ms: t } = await timed(() =>
      core.handlers['contacts.save']({
        contact: {
          id: contact.id,
          firstName: contact.firstName,
          lastName: contact.lastName,
          jobTitle: `Account lead ${i}`,
        },
      }),
    );
    times.push(t);
  }
  for (let i = 0; i < edits.creates; i++) {
    const { ms: t } = await timed(() =>
      core.handlers['contacts.save']({
        contact: {
          firstName: 'Bench',
          lastName: `Replay ${i}`,
          email: `bench.replay.${i}@example.com`,
          type: 'prospect',
        },
      }),
    );
    times.push(t);
  }
  // Users of the service (employees) cannot be archived; archive customers and the like.
  const archivable = existing.filter((contact) => contact.type !== 'employee');
  for (let i = 0; i < edits.archivals; i++) {
    const contact = archivable[archivable.length - 1 - i];
    const { ms: t } = await timed(() => core.handlers['contacts.archive']({ id: contact.id, archived: true }));
    times.push(t);
  }
  return times;
}

/** Runs the benchmark against its own service (demo data, in a child process) and reports its figures. */
export async function benchWrites({ workDir, report }: WritesBenchOptions): Promise<void> {
  const serviceDir = join(workDir, 'service');
  let service = await startServiceProcess({ dataDir: serviceDir });
  const port = Number(new URL(service.url).port);
  const core = await createCore(
    testCoreOptions(join(workDir, 'core'), createTestPlatform(), { syncIntervalMs: 3_600_000 }),
  );
  await core.start();
  try {
    await core.handlers['session.signIn']({ serverUrl: service.url, ...service.credentials });
    await waitForIdle(core, 600_000);

    await service.stop();
    const times = await makeEdits(core);
    const total = edits.updates + edits.creates + edits.archivals;
    report(
      `core: one edit applied and queued (${total} edits, offline)`,
      `p50 ${ms(quantile(times, 0.5))}, p95 ${ms(quantile(times, 0.95))}`,
    );
    const queued = (await core.handlers['outbox.list']({})).length;

    service = await startServiceProcess({ dataDir: serviceDir, port });
    const loop = monitorEventLoopDelay({ resolution: 5 });
    loop.enable();
    // sync.run resolves when its run (push, then pull) is over.
    const replay = await timed(() => core.handlers['sync.run']({}));
    loop.disable();
    const left = await core.handlers['outbox.list']({});
    const waiting = left.filter((entry) => entry.state === 'waiting' || entry.state === 'sending').length;
    report(
      `core: ${queued} queued edits replayed after reconnect (${waiting} still waiting, ${left.length - waiting} refused or in conflict)`,
      `${ms(replay.ms)} (budget 10 s); longest event-loop stall ${ms(loop.max / 1e6)} (budget 50 ms)`,
    );
  } finally {
    await core.stop();
    await service.stop();
  }
}
