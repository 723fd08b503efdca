/**
 * Offline is a normal state: with the service stopped, reads keep answering from the cache, the
 * status says offline, edits queue, and sync resumes by itself (sending them) once the
 * service answers again (restarted on the same port).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../../main/core/platform';
import { type RunningService, startService } from '../../../server/start';
import { createTempDir, waitForEvent, waitForIdle } from '../../helpers/core-harness';
import { startSignedInCore, stopSignedInCore } from '../../helpers/signed-in-core';

describe('offline', () => {
  const dir = createTempDir();
  let service: RunningService;
  let core: Core;

  beforeAll(async () => {
    ({ service, core } = await startSignedInCore(dir.path, { core: { syncBackoff: { baseMs: 200, maxMs: 1000 } } }));
  });
  afterAll(() => stopSignedInCore(core, service, dir));

  it('keeps reads working while the service is down, and resumes by itself when it is back', async () => {
    const event = (
      await core.handlers['calendar.listEvents']({ from: '2000-01-01T00:00:00Z', to: '2100-01-01T00:00:00Z' })
    ).find((e) => e.recipientCount > 0)!;
    const online = await core.handlers['calendar.getEvent']({ id: event.id });
    expect(online?.recipients.length).toBe(event.recipientCount);
    expect(online?.recipientsAsOf).toEqual(expect.any(String));
    const unread = (await core.handlers['notifications.list']({})).items[0];

    const port = Number(new URL(service.url).port);
    await service.stop();
    const offline = waitForEvent(core, 'sync.status', (s) => s.state === 'offline');
    const status = await core.handlers['sync.run']({});
    expect(status.state).toBe('offline');
    await offline;
    expect(status.message).toContain(service.url);
    expect(status.nextRetryAt).toEqual(expect.any(String));

    const all = await core.handlers['contacts.list']({ offset: 0, limit: 20 });
    expect(all.total).toBe(2000);
    expect(all.rows).toHaveLength(20);
    const found = await core.handlers['contacts.list']({ query: 'dana reyes', offset: 0, limit: 5 });
    expect(found.rows.map((r) => `${r.firstName} ${r.lastName}`)).toContain('Dana Reyes');
    expect((await core.handlers['documents.listFolders']({})).length).toBeGreaterThan(0);
    expect(await core.handlers['calendar.getEvent']({ id: event.id })).toEqual(online);
    // Acting on a notification queues like any edit.
    expect((await core.handlers['notifications.dismiss']({ id: unread.id })).state).toBe('dismissed');
    expect((await core.handlers['sync.getStatus']({})).pendingCount).toBe(1);

    // Same data, same port: the engine's probes find it and it syncs again without being asked.
    const syncing = waitForEvent(core, 'sync.status', (s) => s.state === 'syncing');
    const idle = waitForEvent(core, 'sync.status', (s) => s.state === 'idle');
    service = await startService({ dataDir: `${dir.path}/service`, port });
    await syncing;
    const back = await idle;
    expect(back).toMatchObject({ state: 'idle', message: null, nextRetryAt: null });
    expect(Date.parse(back.lastSyncedAt!)).toBeGreaterThan(Date.parse(status.lastSyncedAt!));
    expect(back.pendingCount).toBe(0);
    expect(await core.handlers['outbox.list']({})).toEqual([]);
  });

  it('turns offline as soon as a call that needs the service gets no answer, without waiting for the next sync', async () => {
    await waitForIdle(core);
    const company = (await core.handlers['companies.list']({ offset: 0, limit: 1 })).rows[0];
    const port = Number(new URL(service.url).port);
    await service.stop();
    expect((await core.handlers['sync.getStatus']({})).state).toBe('idle');

    // The sync interval is a minute here: only the failed call can have told the status.
    const offline = waitForEvent(core, 'sync.status', (s) => s.state === 'offline', 5_000);
    const related = await core.handlers['companies.related']({ id: company.id });
    await offline;
    expect(related.fetchedAt === null || Date.parse(related.fetchedAt) <= Date.now()).toBe(true);

    service = await startService({ dataDir: `${dir.path}/service`, port });
    await waitForEvent(core, 'sync.status', (s) => s.state === 'idle');
  });
});
