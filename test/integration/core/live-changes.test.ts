/**
 * Live changes: between runs the core holds one feed request (`Prefer: wait=30`, api/openapi.yaml
 * `getChanges` 0.4.0), so a change made on the service reaches the cache without a sync being asked
 * for and without the interval; a service that does not hold requests is asked on the interval
 * instead; an edit or Sync now ends the held request at once. Requests are seen through a proxy.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Core } from '../../../main/core/platform';
import { type RunningService, startService } from '../../../server/start';
import {
  createTempDir,
  createTestPlatform,
  signInDemo,
  startTestCore,
  waitForEvent,
  waitForIdle,
} from '../../helpers/core-harness';
import { type SwitchableProxy, startSwitchableProxy } from '../../helpers/switchable-proxy';

const small = { contacts: 120, companies: 20, events: 40, documents: 20, notifications: 10 };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let dir: ReturnType<typeof createTempDir>;
let service: RunningService;
let proxy: SwitchableProxy;
let core: Core;

async function start(maxFeedWaitSeconds: number, syncIntervalMs: number): Promise<void> {
  dir = createTempDir();
  service = await startService({ dataDir: `${dir.path}/service`, demo: small, maxFeedWaitSeconds });
  proxy = await startSwitchableProxy(service.url);
  core = await startTestCore(`${dir.path}/client`, createTestPlatform(), { syncIntervalMs });
  await signInDemo(core, { url: proxy.url, credentials: service.credentials });
  await waitForIdle(core);
}

afterEach(async () => {
  await core?.stop();
  await proxy?.close();
  await service?.stop();
  dir?.remove();
});

const feedRequests = () => proxy.requests.filter((r) => r.url.startsWith('/api/sync/changes'));

/** Resolves once the cache holds contact `id` (polled every 50 ms; rejects after `ms`). */
async function contactArrives(id: string, ms = 20_000): Promise<void> {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await core.handlers['contacts.get']({ id }).catch(() => null)) return;
    await sleep(50);
  }
  throw new Error(`contact ${id} did not arrive within ${ms} ms`);
}

describe('live changes', () => {
  it("bring another user's change without a sync being asked for, holding one request at a time", async () => {
    await start(30, 3_600_000);
    await sleep(300);
    const held = feedRequests().at(-1)!;
    expect(held.headers.prefer).toBe('wait=30');
    const before = feedRequests().length;
    await sleep(2_000);
    // Idle: the held request is still the last one.
    expect(feedRequests().length).toBe(before);

    const created = service.store.saveContact({ firstName: 'Lina', lastName: 'Liveworth' });
    await contactArrives(created.id);
    expect((await core.handlers['sync.getStatus']({})).state).toBe('idle');
  });

  it('send an edit made just after a sync, whether or not the next held request has begun', async () => {
    await start(30, 3_600_000);
    await core.handlers['contacts.save']({ contact: { firstName: 'Edda', lastName: 'Eilig' } });
    const until = Date.now() + 20_000;
    while ((await core.handlers['outbox.list']({})).length > 0 && Date.now() < until) await sleep(50);
    expect(await core.handlers['outbox.list']({})).toEqual([]);
    expect(proxy.requests.some((r) => r.method === 'POST' && r.url.includes('saveUser'))).toBe(true);
  });

  it('end the held request when the user asks for a sync', async () => {
    await start(30, 3_600_000);
    await sleep(300);
    const outcome = await Promise.race([
      core.handlers['sync.run']({}).then((s) => s.state),
      sleep(10_000).then(() => 'still held'),
    ]);
    expect(outcome).toBe('idle');
  });

  it('come back at once after the service was stopped while a request was held and a call found it gone', async () => {
    await start(30, 3_600_000);
    await sleep(300);
    const port = Number(new URL(service.url).port);
    await service.stop();
    // A call that needs the service finds it gone while the held request is ending.
    await core.handlers['contacts.searchService']({ q: 'anyone' });
    await waitForEvent(core, 'sync.status', (s) => s.state === 'offline', 10_000);
    service = await startService({ dataDir: `${dir.path}/service`, port, demo: small });
    // Back with the retry (at most 500 ms apart here), not after a held request of 30 s.
    await waitForEvent(core, 'sync.status', (s) => s.state === 'idle', 10_000);
    const created = service.store.saveContact({ firstName: 'Rhea', lastName: 'Rückkehr' });
    await contactArrives(created.id);
  });

  it('fall back to the interval when the service does not hold requests', async () => {
    await start(0, 1_000);
    await sleep(300);
    const before = feedRequests().length;
    const created = service.store.saveContact({ firstName: 'Ivo', lastName: 'Intervall' });
    await contactArrives(created.id);
    await sleep(3_000);
    const asked = feedRequests().slice(before);
    // One request per interval (not a request after each answer), none of them asking to be held.
    expect(asked.length).toBeGreaterThanOrEqual(2);
    expect(asked.length).toBeLessThanOrEqual(6);
    expect(asked.every((r) => r.headers.prefer === 'wait=0')).toBe(true);
  });
});
