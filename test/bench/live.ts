/**
 * Live changes benchmark (docs/PERFORMANCE.md): between runs the core holds one feed request
 * (`Prefer: wait=30`, api/openapi.yaml `getChanges` 0.4.0; main/core/sync/engine.ts). The reference
 * service runs in its own process with a small demo set; the core (interval one hour, so only the
 * held request brings changes) reaches it through a counting proxy (test/helpers/switchable-proxy.ts).
 * - latency: 40 contacts edited on the service by the demo user through a second session (another
 *   token, `saveUser` over HTTP, as another device would), started 300–1500 ms apart at random; from
 *   sending the edit to the core's cache answering it (`contacts.get` polled every 5 ms); also split by
 *   whether the edit came at least 1 s after the previous one arrived (the engine's least gap between
 *   two held requests), and the time the service took to answer the edit itself;
 * - idle requests: with no change for 95 s, every request the core sends (budget: at most 1 per 30 s).
 */
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { faker } from '@faker-js/faker';
import { operations } from '../../api/generated/operations';
import type { Core } from '../../main/core/platform';
import type { ContactRow } from '../../preload/contract/contacts';
import { createTestPlatform, signInDemo, startTestCore, waitForIdle } from '../helpers/core-harness';
import { accessToken } from '../helpers/feed-reader';
import { type ProxiedRequest, startSwitchableProxy } from '../helpers/switchable-proxy';
import type { Report } from './renderer';
import { startServiceProcess } from './service-process';
import { spread } from './stats';

/** Small demo set: the part measures the wait, not the data. */
const demo = { contacts: 200, companies: 20, events: 40, documents: 20, notifications: 10 };
const changes = 40;
/** Time between the starts of two edits, ms (uniform at random). */
const gapMs = { min: 300, max: 1_500 };
const idleMs = 95_000;
/** Longest wait for one edit to reach the cache before the part fails, ms. */
const arrivalTimeoutMs = 40_000;
const pollMs = 5;
/** The least time between the starts of two held requests, ms (`minWatchGapMs` of main/core/sync/engine.ts). */
const minWatchGapMs = 1_000;

/**
 * Saves `contact` with `jobTitle` on the service as the demo user's second session (api/openapi.yaml
 * `saveUser`); resolves with the ms from `since` to the service's answer. Throws when the service refuses.
 */
async function saveOnService(
  serviceUrl: string,
  token: string,
  contact: ContactRow,
  jobTitle: string,
  since: number,
): Promise<number> {
  const res = await fetch(serviceUrl + operations.saveUser.path, {
    method: operations.saveUser.method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify({ id: contact.id, firstName: contact.firstName, lastName: contact.lastName, jobTitle }),
  });
  const answeredMs = performance.now() - since;
  if (!res.ok) throw new Error(`saveUser answered ${res.status}: ${await res.text()}`);
  return answeredMs;
}

/** Resolves with the ms from `since` to the cache answering contact `id` with `jobTitle`; throws after arrivalTimeoutMs. */
async function arrival(core: Core, id: string, jobTitle: string, since: number): Promise<number> {
  while (performance.now() - since < arrivalTimeoutMs) {
    const contact = await core.handlers['contacts.get']({ id });
    if (contact?.jobTitle === jobTitle) return performance.now() - since;
    await sleep(pollMs);
  }
  throw new Error(`An edit of contact ${id} did not reach the cache within ${arrivalTimeoutMs} ms.`);
}

/** "3 × GET /api/sync/changes, 1 × POST /api/auth/authenticate": requests grouped by method and path. */
function describeRequests(requests: readonly ProxiedRequest[]): string {
  const counts = new Map<string, number>();
  for (const r of requests) {
    const key = `${r.method} ${r.url.split('?')[0]}`;
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([key, n]) => `${n} × ${key}`).join(', ') || 'none';
}

/** Runs the live changes benchmark in `workDir` and reports its figures. Throws when an edit does not arrive. */
export async function benchLive({ workDir, report }: { workDir: string; report: Report }): Promise<void> {
  faker.seed(20261124);
  const service = await startServiceProcess({ dataDir: join(workDir, 'service'), demo });
  const proxy = await startSwitchableProxy(service.url);
  const core = await startTestCore(join(workDir, 'core'), createTestPlatform(), { syncIntervalMs: 3_600_000 });
  try {
    await signInDemo(core, { url: proxy.url, credentials: service.credentials });
    await waitForIdle(core, 120_000);
    const token = await accessToken(service.url, service.credentials.username, service.credentials.password);
    const { rows } = await core.handlers['contacts.list']({ type: 'customer', offset: 0, limit: changes });
    if (rows.length < changes) throw new Error(`The demo set has ${rows.length} customers; the part edits ${changes}.`);
    await sleep(500);

    const sentBefore = proxy.requests.length;
    const latencies: number[] = [];
    const answers: number[] = [];
    // Split by the time since the previous edit reached the cache: within `minWatchGapMs` of a held
    // request's start the engine does not send the next one (main/core/sync/engine.ts).
    const soon: number[] = [];
    const later: number[] = [];
    let nextStart = performance.now();
    let lastArrival = Number.NEGATIVE_INFINITY;
    for (const [i, contact] of rows.entries()) {
      await sleep(Math.max(0, nextStart - performance.now()));
      const started = performance.now();
      nextStart = started + faker.number.int(gapMs);
      const jobTitle = `Live bench ${i + 1}`;
      const [latency, answered] = await Promise.all([
        arrival(core, contact.id, jobTitle, started),
        saveOnService(service.url, token, contact, jobTitle, started),
      ]);
      latencies.push(latency);
      answers.push(answered);
      (started - lastArrival < minWatchGapMs ? soon : later).push(latency);
      lastArrival = started + latency;
    }
    const during = proxy.requests.slice(sentBefore);
    report(
      `live: ${changes} edits on the service to the core's cache (started ${gapMs.min}–${gapMs.max} ms apart, polled every ${pollMs} ms)`,
      spread(latencies),
    );
    report(
      `live: of those, ${later.length} made ${minWatchGapMs} ms or more after the previous one arrived / ${soon.length} made sooner`,
      `${later.length ? spread(later) : 'none'} / ${soon.length ? spread(soon) : 'none'}`,
    );
    report('live: the edit answered by the service (saveUser, second session)', spread(answers));
    report(`live: requests the core sent during the ${changes} edits`, describeRequests(during));

    await waitForIdle(core);
    await sleep(1_000);
    const idleFrom = proxy.requests.length;
    await sleep(idleMs);
    const idle = proxy.requests.slice(idleFrom);
    report(
      `live: requests while idle (${idleMs / 1000} s, no change)`,
      `${idle.length} (${((idle.length * 30_000) / idleMs).toFixed(2)} per 30 s; budget 1 per 30 s): ${describeRequests(idle)}`,
    );
  } finally {
    await core.stop();
    await proxy.close();
    await service.stop();
  }
}
