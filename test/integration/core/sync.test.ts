/**
 * Sync against the reference service: bootstrap of the demo set, deltas (change, create, delete as
 * tombstone, new notification), the 410 rebuild, and a bootstrap interrupted between two pages.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryKeychain } from '../../../main/core/keychain';
import type { Core } from '../../../main/core/platform';
import { type RunningService, startService } from '../../../server/start';
import {
  countSyncedRows,
  createTempDir,
  createTestPlatform,
  dumpSyncedTables,
  type RecordingPlatform,
  signInDemo,
  startTestCore,
  waitForEvent,
  waitForIdle,
} from '../../helpers/core-harness';

const demoCounts = { companies: 200, contacts: 2000, calendar_events: 500, notifications: 50 };

describe('sync', () => {
  const dir = createTempDir();
  let service: RunningService;
  let core: Core;
  let platform: RecordingPlatform;

  beforeAll(async () => {
    service = await startService({ dataDir: `${dir.path}/service` });
    platform = createTestPlatform();
    core = await startTestCore(`${dir.path}/client`, platform);
    await signInDemo(core, service);
    await waitForIdle(core);
  });
  afterAll(async () => {
    await core.stop();
    await service.stop();
    dir.remove();
  });

  it('bootstraps the whole demo set', async () => {
    const counts = countSyncedRows(`${dir.path}/client/data`);
    expect(counts).toMatchObject(demoCounts);
    expect(counts.documents).toBe(service.store.documents.counts().documents);
    expect(counts.folders).toBeGreaterThan(0);
    const status = await core.handlers['sync.getStatus']({});
    expect(status).toMatchObject({ state: 'idle', message: null, nextRetryAt: null });
    expect(status.lastSyncedAt).toEqual(expect.any(String));
    expect((await core.handlers['contacts.list']({ offset: 0, limit: 50 })).total).toBe(2000);
    expect(platform.notified).toEqual([]);
  });

  it('brings a change, a creation and a deletion by delta sync', async () => {
    const [first, second] = (await core.handlers['contacts.list']({ offset: 0, limit: 2 })).rows;
    service.store.saveContact({ id: first.id, firstName: 'Renamed', lastName: first.lastName });
    const created = service.store.saveContact({
      firstName: 'Quentin',
      lastName: 'Zyxwvut',
      email: 'quentin@example.com',
    });
    service.store.deleteContact(second.id);
    const changed = waitForEvent(core, 'data.changed', (e) => e.types.includes('contact'));

    const status = await core.handlers['sync.run']({});
    expect(status).toMatchObject({ state: 'idle', phase: 'delta', counts: { contact: 3 } });
    await changed;
    expect((await core.handlers['contacts.get']({ id: first.id }))?.firstName).toBe('Renamed');
    expect(await core.handlers['contacts.get']({ id: second.id })).toBeNull();
    expect(
      (await core.handlers['contacts.list']({ query: 'quent zyx', offset: 0, limit: 5 })).rows.map((r) => r.id),
    ).toEqual([created.id]);
    expect((await core.handlers['contacts.list']({ offset: 0, limit: 1 })).total).toBe(2000);
  });

  it('shows a desktop notification for a new unread notification that arrives by delta', async () => {
    const note = service.store.createNotification({
      userId: service.store.demoUserId,
      kind: 'comment',
      title: 'New comment',
      body: 'On the Q3 plan',
    });
    await core.handlers['sync.run']({});
    expect(platform.notified).toEqual([{ title: 'New comment', body: 'On the Q3 plan' }]);
    const list = await core.handlers['notifications.list']({});
    expect(list.items[0]).toMatchObject({ id: note.id, state: 'unread' });
  });

  it('dismisses notifications through the service and applies the answer', async () => {
    const before = await core.handlers['notifications.list']({});
    const target = before.items.find((n) => n.state === 'unread')!;
    const changed = waitForEvent(core, 'data.changed', (e) => e.types.includes('notification'));
    expect(await core.handlers['notifications.dismiss']({ id: target.id })).toMatchObject({
      id: target.id,
      state: 'dismissed',
    });
    await changed;
    const after = await core.handlers['notifications.list']({});
    expect(after.items.some((n) => n.id === target.id)).toBe(false);
    expect(after.unreadCount).toBe(before.unreadCount - 1);

    const all = await core.handlers['notifications.dismissAll']({});
    expect(all.dismissed).toBeGreaterThan(0);
    expect(await core.handlers['notifications.list']({})).toEqual({ items: [], unreadCount: 0 });
    const status = await core.handlers['sync.run']({});
    expect(status.state).toBe('idle');
    expect(await core.handlers['notifications.list']({})).toEqual({ items: [], unreadCount: 0 });
  });

  it('replays the outbox before pulling: a queued dismissal reaches the service', async () => {
    const note = service.store.createNotification({
      userId: service.store.demoUserId,
      kind: 'comment',
      title: 'Queued',
      body: '',
    });
    await core.handlers['sync.run']({});
    expect((await core.handlers['notifications.dismiss']({ id: note.id })).state).toBe('dismissed');
    expect((await core.handlers['notifications.list']({})).items.some((n) => n.id === note.id)).toBe(false);
    expect((await core.handlers['sync.run']({})).state).toBe('idle');
    expect(await core.handlers['outbox.list']({})).toEqual([]);
    const onService = service.store.db.prepare('SELECT data FROM notifications WHERE id = ?').pluck().get(note.id);
    expect(JSON.parse(onService as string).state).toBe('dismissed');
  });

  it('rebuilds the cache after a 410 for an expired cursor', async () => {
    const victim = (await core.handlers['contacts.list']({ offset: 5, limit: 1 })).rows[0];
    service.store.deleteContact(victim.id);
    service.store.purgeTombstonesBefore(new Date(Date.now() + 60_000).toISOString());
    const status = await core.handlers['sync.run']({});
    expect(status).toMatchObject({ state: 'idle', phase: 'bootstrap' });
    expect(await core.handlers['contacts.get']({ id: victim.id })).toBeNull();
    expect(countSyncedRows(`${dir.path}/client/data`).contacts).toBe(1999);

    // The rebuilt cache equals a fresh bootstrap.
    const fresh = await startTestCore(`${dir.path}/fresh`, createTestPlatform());
    await signInDemo(fresh, service);
    await waitForIdle(fresh);
    await fresh.stop();
    expect(dumpSyncedTables(`${dir.path}/client/data`)).toEqual(dumpSyncedTables(`${dir.path}/fresh/data`));
  });

  it('resumes an interrupted bootstrap from its persisted cursor', async () => {
    const home = `${dir.path}/interrupted`;
    const keychain = createMemoryKeychain();
    const first = await startTestCore(home, createTestPlatform(keychain), { syncPageSize: 250 });
    // Stop the engine as soon as the first page is written (its status event carries counts).
    const stopped = new Promise<void>((resolve) => {
      const off = first.on('sync.status', (s) => {
        if (Object.keys(s.counts).length > 0) {
          off();
          void first.stop().then(resolve);
        }
      });
    });
    await signInDemo(first, service);
    await stopped;
    const partial = countSyncedRows(`${home}/data`);
    const partialTotal = Object.values(partial).reduce((a, b) => a + b, 0);
    expect(partialTotal).toBe(250);

    const resumed = await startTestCore(home, createTestPlatform(keychain), { syncPageSize: 250 });
    const counted: number[] = [];
    resumed.on('sync.status', (s) => counted.push(Object.values(s.counts).reduce((a, b) => a + (b ?? 0), 0)));
    expect((await resumed.handlers['session.get']({})).state).toBe('signedIn');
    const status = await waitForIdle(resumed);
    expect(status.phase).toBe('bootstrap');
    await resumed.stop();
    // The resumed run applied only what the first one had not.
    const total = Object.values(countSyncedRows(`${home}/data`)).reduce((a, b) => a + b, 0);
    expect(Math.max(...counted)).toBe(total - partialTotal);
    expect(dumpSyncedTables(`${home}/data`)).toEqual(dumpSyncedTables(`${dir.path}/fresh/data`));
  });
});
