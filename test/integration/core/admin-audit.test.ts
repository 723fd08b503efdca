/**
 * Audit trail, user administration and the user's own settings (`audit.*`, `admin.*`, `account.*`)
 * against the reference service, with one core signed in as the demo administrator and one as a
 * sales user: the service's rules on who sees and may do what, refusals in its words, answers kept
 * with their age offline, and settings saved through the outbox (offline too) and sent once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Core } from '../../../main/core/platform';
import { BridgeError, type ContactPreferences } from '../../../preload/contract';
import { demoAdminCredentials, demoSalesLogins, demoSalesPassword } from '../../../server/demo/contacts-area';
import { type RunningService, startService } from '../../../server/start';
import { createTempDir, createTestPlatform, signInDemo, startTestCore, waitForIdle } from '../../helpers/core-harness';
import { ServerClient, smallDemo } from '../../helpers/server-client';

describe('audit, administration and settings', () => {
  const dir = createTempDir();
  let service: RunningService;
  let admin: Core;
  let sales: Core;
  let salesLogin: { username: string; password: string };
  let port: number;

  /** Starts a core in `name` signed in with `credentials` and synced once. */
  async function signedInCore(name: string, credentials: { username: string; password: string }) {
    const core = await startTestCore(`${dir.path}/${name}`, createTestPlatform(), {
      syncBackoff: { baseMs: 200, maxMs: 1000 },
    });
    await signInDemo(core, { url: service.url, credentials });
    await waitForIdle(core);
    return core;
  }

  beforeAll(async () => {
    service = await startService({ dataDir: `${dir.path}/service`, demo: smallDemo });
    port = Number(new URL(service.url).port);
    salesLogin = { username: demoSalesLogins(service.repos)[0], password: demoSalesPassword };
    admin = await signedInCore('admin', demoAdminCredentials);
    sales = await signedInCore('sales', salesLogin);
  });
  afterAll(async () => {
    await admin.stop();
    await sales.stop();
    await service.stop();
    dir.remove();
  });

  /** Sends the outbox now and returns what is left in it. */
  async function push(core: Core) {
    await core.handlers['sync.run']({});
    return core.handlers['outbox.list']({});
  }

  /** Stops the service and lets `core` find out. */
  async function goOffline(core: Core) {
    await service.stop();
    await core.handlers['sync.run']({});
  }

  async function comeBack(core: Core) {
    service = await startService({ dataDir: `${dir.path}/service`, port, demo: smallDemo });
    await waitForIdle(core);
  }

  it('says who is signed in with their roles, as the service does', async () => {
    const me = await admin.handlers['account.me']({});
    expect(me.value?.roles).toContain('admin');
    expect(me.fetchedAt).toEqual(expect.any(String));
    const seller = await sales.handlers['account.me']({});
    expect(seller.value?.roles).toEqual(['sales']);
  });

  it("saves the user's settings through the outbox online and offline, each save sent once", async () => {
    const before = await sales.handlers['account.settings']({});
    expect(before.value?.roles).toEqual(['sales']);
    const version = before.value!.version;
    const preferences: ContactPreferences = { ...before.value!.preferences, timeZone: 'Europe/Berlin', pageSize: 100 };
    const queued = await sales.handlers['account.saveSettings']({ settings: { preferences }, version });
    expect(queued.queued).toMatchObject({ state: 'waiting', preferences: { timeZone: 'Europe/Berlin' } });
    expect(await push(sales)).toEqual([]);
    const saved = await sales.handlers['account.settings']({});
    expect(saved.queued).toBeNull();
    expect(saved.value).toMatchObject({
      version: version + 1,
      preferences: { timeZone: 'Europe/Berlin', pageSize: 100 },
    });

    // Offline: the kept settings with their age; two saves leave one waiting, the newer.
    await goOffline(sales);
    const kept = await sales.handlers['account.settings']({});
    expect(kept.value).toEqual(saved.value);
    expect(kept.fetchedAt).toBe(saved.fetchedAt);
    await sales.handlers['account.saveSettings']({
      settings: { preferences: { ...preferences, dateFormat: 'dd/MM/yyyy' } },
      version: version + 1,
    });
    const newer = await sales.handlers['account.saveSettings']({
      settings: { preferences: { ...preferences, dateFormat: 'dd.MM.yyyy', timeFormat: '12h' } },
      version: version + 1,
    });
    expect(newer.queued).toMatchObject({ state: 'waiting', preferences: { dateFormat: 'dd.MM.yyyy' } });
    expect(await sales.handlers['outbox.list']({})).toHaveLength(1);

    await comeBack(sales);
    expect(await push(sales)).toEqual([]);
    const back = await sales.handlers['account.settings']({});
    expect(back.value).toMatchObject({
      version: version + 2,
      preferences: { dateFormat: 'dd.MM.yyyy', timeFormat: '12h' },
    });
    // Sent once: the service recorded two saves of these settings, one per save that reached it.
    const trail = await sales.handlers['audit.trail']({ filter: {} });
    const saves = trail.value!.rows.filter((row) => row.operationId === 'saveContactSettings');
    expect(saves).toHaveLength(2);
  });

  it("keeps the service's refusal of a save with its words", async () => {
    const now = await sales.handlers['account.settings']({});
    const preferences = { ...now.value!.preferences, timeZone: 'Mars/Olympus_Mons' };
    await sales.handlers['account.saveSettings']({ settings: { preferences }, version: now.value!.version });
    await push(sales);
    const refused = await sales.handlers['account.settings']({});
    expect(refused.queued).toMatchObject({ state: 'refused' });
    expect(refused.queued!.fieldErrors[0]).toMatchObject({ pointer: '/body/preferences/timeZone' });
    expect(refused.queued!.message).toMatch(/IANA time zone/);
    // Fixed: the same entry waits again and goes.
    await sales.handlers['account.saveSettings']({
      settings: { preferences: { ...preferences, timeZone: 'Asia/Tokyo' } },
      version: now.value!.version,
    });
    expect(await push(sales)).toEqual([]);
    expect((await sales.handlers['account.settings']({})).value?.preferences.timeZone).toBe('Asia/Tokyo');
  });

  it("reads the audit trail newest first, paged and filtered, and refuses others' records in words to a sales user", async () => {
    const me = (await admin.handlers['account.me']({})).value!;
    const seller = (await sales.handlers['account.me']({})).value!;
    const all = await admin.handlers['audit.trail']({ filter: {} });
    const rows = all.value!.rows;
    expect(rows.length).toBeGreaterThan(2);
    const times = rows.map((row) => Date.parse(row.occurredAt));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // An administrator sees the sales user's records, with their name from the cache.
    const theirs = await admin.handlers['audit.trail']({ filter: { actorId: seller.id } });
    expect(theirs.value!.rows.length).toBeGreaterThan(0);
    expect(theirs.value!.rows.every((row) => row.actorId === seller.id)).toBe(true);
    expect(theirs.value!.rows[0].actorName).toBe(`${seller.firstName} ${seller.lastName}`);
    // The next page continues where the first ended.
    if (all.value!.nextCursor) {
      const next = await admin.handlers['audit.trail']({ filter: {}, cursor: all.value!.nextCursor });
      expect(Date.parse(next.value!.rows[0].occurredAt)).toBeLessThanOrEqual(times[times.length - 1]);
    }
    // A time range: nothing at or after `to`.
    const to = rows[1].occurredAt;
    const earlier = await admin.handlers['audit.trail']({ filter: { to } });
    expect(earlier.value!.rows.every((row) => row.occurredAt < to)).toBe(true);

    // A sales user sees their own records; another actor's is refused in the service's words, not an empty list.
    const own = await sales.handlers['audit.trail']({ filter: {} });
    expect(own.value!.refusal).toBeNull();
    expect(own.value!.rows.every((row) => row.actorId === seller.id)).toBe(true);
    const refused = await sales.handlers['audit.trail']({ filter: { actorId: me.id } });
    expect(refused.value).toMatchObject({
      rows: [],
      refusal: expect.stringMatching(
        /Only the user themself, a manager or an administrator may read the audit records of this user/,
      ),
    });

    // Offline: the kept page with its age, the refusal too.
    await goOffline(sales);
    const keptOwn = await sales.handlers['audit.trail']({ filter: {} });
    expect(keptOwn).toEqual(own);
    expect((await sales.handlers['audit.trail']({ filter: { actorId: me.id } })).value?.refusal).toMatch(
      /Only the user themself, a manager or an administrator/,
    );
    const never = await sales.handlers['audit.trail']({ filter: { resourceType: 'branch' } });
    expect(never).toEqual({ value: null, fetchedAt: null });
    await comeBack(sales);
  });

  it('lists the users, shows roles and grants, removes a grant, boots a user and sets a password as the service answers', async () => {
    const people = await admin.handlers['admin.users']({});
    expect(people.fetchedAt).toEqual(expect.any(String));
    const seller = (await sales.handlers['account.me']({})).value!;
    const row = people.value.find((p) => p.id === seller.id)!;
    expect(row).toBeTruthy();
    const user = await admin.handlers['admin.user']({ id: seller.id });
    expect(user.noSignIn).toBe(false);
    expect(user.contact.value).toMatchObject({ id: seller.id, firstName: seller.firstName });
    expect(user.settings.value?.roles).toEqual(['sales']);
    expect(user.settings.value?.permissions.map((p) => p.permission)).toContain('companies.write');

    // A contact without a sign-in is said to be one.
    const customers = (await admin.handlers['contacts.list']({ type: 'customer', offset: 0, limit: 1 })).rows;
    const notUser = await admin.handlers['admin.user']({ id: customers[0].id });
    expect(notUser).toMatchObject({ noSignIn: true, settings: { value: null } });

    const after = await admin.handlers['admin.removePermission']({ userId: seller.id, permission: 'companies.write' });
    expect(after.permissions.map((p) => p.permission)).not.toContain('companies.write');
    await expect(
      admin.handlers['admin.removePermission']({ userId: seller.id, permission: 'companies.write' }),
    ).rejects.toThrow(/does not hold the companies.write permission/);

    // A sales user may not: the service's refusal in its words.
    await expect(
      sales.handlers['admin.bootUser']({ id: (await admin.handlers['account.me']({})).value!.id }),
    ).rejects.toThrow(/Only an administrator may do this/);

    // Booting another sales user ends the session they hold.
    const other = new ServerClient(service.url);
    const otherLogin = { username: demoSalesLogins(service.repos)[1], password: demoSalesPassword };
    await other.signIn(otherLogin);
    const otherUser = (await other.call('getCurrentUser')).body as { id: string };
    const revoked = await admin.handlers['admin.bootUser']({ id: otherUser.id });
    expect(revoked).toMatchObject({ userId: otherUser.id, revokedAccessTokens: 1, revokedRefreshTokens: 1 });
    expect((await other.call('getCurrentUser')).status).toBe(401);
    // Booting yourself: the service says to sign out instead.
    const meId = (await admin.handlers['account.me']({})).value!.id;
    await expect(admin.handlers['admin.bootUser']({ id: meId })).rejects.toThrow(/sign out instead/);

    // A temporary password: the old one no longer signs in, the new one does.
    await admin.handlers['admin.resetPassword']({
      reset: { userId: otherUser.id, currentPassword: null, newPassword: 'temporary-password-1' },
    });
    const again = new ServerClient(service.url);
    await expect(again.signIn(otherLogin)).rejects.toThrow(/401/);
    await again.signIn({ ...otherLogin, password: 'temporary-password-1' });

    // Offline: the kept pages with their age; the actions need the service and say so.
    await goOffline(admin);
    expect((await admin.handlers['admin.users']({})).fetchedAt).toEqual(expect.any(String));
    expect((await admin.handlers['admin.user']({ id: seller.id })).settings.value?.roles).toEqual(['sales']);
    const offline = admin.handlers['admin.bootUser']({ id: seller.id });
    await expect(offline).rejects.toThrow(BridgeError);
    await expect(offline).rejects.toThrow(/needs the BRM service, which cannot be reached now; nothing was changed/);
    await comeBack(admin);
  });
});
