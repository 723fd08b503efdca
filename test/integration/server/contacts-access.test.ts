/** Users' access: Boot User, Reset Password, Remove Permissions, and contact settings with If-Match. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { components } from '../../../api/generated/schema';
import { demoAdminCredentials, demoSalesLogins, demoSalesPassword } from '../../../server/demo/contacts-area';
import {
  ServerClient,
  smallDemo,
  startTestService,
  type TestService,
  type Problem,
  unknownId,
} from '../../helpers/server-client';

type ContactSettings = components['schemas']['ContactSettings'];
type PasswordResetResult = components['schemas']['PasswordResetResult'];
type SessionRevocation = components['schemas']['SessionRevocation'];
type CurrentUser = components['schemas']['CurrentUser'];

let t: TestService;
let admin: ServerClient;
let adminUser: CurrentUser;
let priya: { username: string; password: string };
beforeAll(async () => {
  t = await startTestService({ demo: smallDemo });
  priya = { username: demoSalesLogins(t.service.repos)[0], password: demoSalesPassword };
  admin = new ServerClient(t.service.url);
  await admin.signIn(demoAdminCredentials);
  adminUser = (await admin.call('getCurrentUser')).body as CurrentUser;
});
afterAll(() => t.stop());

async function signedIn(credentials: { username: string; password: string }) {
  const client = new ServerClient(t.service.url);
  const tokens = await client.signIn(credentials);
  const user = (await client.call('getCurrentUser')).body as CurrentUser;
  return { client, tokens, user };
}

const refresh = (client: ServerClient, refreshToken: string) =>
  client.call('authenticateUser', { token: null, body: { grantType: 'refresh_token', refreshToken } });

describe('bootUser', () => {
  it('revokes every access and refresh token of the user: 401 right after, and they can sign in again', async () => {
    const first = await signedIn(priya);
    const second = await signedIn(priya);
    const res = await admin.call('bootUser', { body: { id: first.user.id } });
    expect(res.status).toBe(200);
    const revoked = res.body as SessionRevocation;
    expect(revoked).toMatchObject({ userId: first.user.id });
    expect(revoked.revokedAccessTokens).toBeGreaterThanOrEqual(2);
    expect(revoked.revokedRefreshTokens).toBeGreaterThanOrEqual(2);
    for (const s of [first, second]) {
      expect((await s.client.call('getCurrentUser')).status).toBe(401);
      expect((await refresh(s.client, s.tokens.refreshToken)).status).toBe(401);
    }
    expect((await admin.call('getCurrentUser')).status).toBe(200);
    const again = await signedIn(priya);
    expect(again.user.id).toBe(first.user.id);
  });

  it('is for administrators only (403), refuses booting yourself (409) and unknown users (404)', async () => {
    const dana = (await t.client.call('getCurrentUser')).body as CurrentUser;
    const victim = await signedIn(priya);
    const denied = await t.client.call('bootUser', { body: { id: victim.user.id } });
    expect(denied.status).toBe(403);
    expect((await victim.client.call('getCurrentUser')).status).toBe(200);
    expect((await admin.call('bootUser', { body: { id: adminUser.id } })).status).toBe(409);
    expect((await admin.call('getCurrentUser')).status).toBe(200);
    expect((await admin.call('bootUser', { body: { id: unknownId } })).status).toBe(404);
    const contact = t.service.store.db
      .prepare('SELECT id FROM contacts WHERE id NOT IN (SELECT id FROM users) LIMIT 1')
      .pluck()
      .get() as string;
    expect((await admin.call('bootUser', { body: { id: contact } })).status).toBe(404);
    expect(dana.roles).not.toContain('admin');
  });
});

describe('resetPassword', () => {
  it('changes your own password: old sessions stop working, the answer carries new tokens', async () => {
    const tom = { username: demoSalesLogins(t.service.repos)[1], password: demoSalesPassword };
    const other = await signedIn(tom);
    const me = await signedIn(tom);
    const res = await me.client.call('resetPassword', {
      body: { userId: null, currentPassword: tom.password, newPassword: 'a-much-better-secret' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const result = res.body as PasswordResetResult;
    expect(result.revoked.userId).toBe(me.user.id);
    expect(result.tokens?.user.id).toBe(me.user.id);
    for (const s of [other, me]) {
      expect((await s.client.call('getCurrentUser')).status).toBe(401);
      expect((await refresh(s.client, s.tokens.refreshToken)).status).toBe(401);
    }
    expect((await me.client.call('getCurrentUser', { token: result.tokens?.accessToken })).status).toBe(200);
    expect((await refresh(me.client, result.tokens?.refreshToken as string)).status).toBe(200);
    const oldPassword = await me.client.call('authenticateUser', {
      token: null,
      body: { grantType: 'password', ...tom },
    });
    expect(oldPassword.status).toBe(401);
    await signedIn({ username: tom.username, password: 'a-much-better-secret' });
  });

  it('refuses a wrong or missing current password, a reused password and too short ones', async () => {
    const wrong = await t.client.call('resetPassword', {
      body: { userId: null, currentPassword: 'not-my-password', newPassword: 'another-secret-1' },
    });
    expect(wrong.status).toBe(403);
    const missing = await t.client.call('resetPassword', {
      body: { userId: null, currentPassword: null, newPassword: 'another-secret-1' },
    });
    expect(missing.status).toBe(400);
    expect((missing.body as Problem).errors?.[0].pointer).toBe('/body/currentPassword');
    const same = await t.client.call('resetPassword', {
      body: {
        userId: null,
        currentPassword: t.service.credentials.password,
        newPassword: t.service.credentials.password,
      },
    });
    expect(same.status).toBe(400);
    const short = await t.client.call('resetPassword', {
      body: { userId: null, currentPassword: t.service.credentials.password, newPassword: 'short' },
    });
    expect(short.status).toBe(400);
    expect((await t.client.call('getCurrentUser')).status).toBe(200);
  });

  it("lets an administrator set another user's temporary password; others get 403", async () => {
    const victim = await signedIn(priya);
    const denied = await t.client.call('resetPassword', {
      body: { userId: victim.user.id, currentPassword: null, newPassword: 'temporary-pass-42' },
    });
    expect(denied.status).toBe(403);
    const res = await admin.call('resetPassword', {
      body: { userId: victim.user.id, currentPassword: null, newPassword: 'temporary-pass-42' },
    });
    expect(res.status).toBe(200);
    expect((res.body as PasswordResetResult).tokens).toBeNull();
    expect((await victim.client.call('getCurrentUser')).status).toBe(401);
    expect((await refresh(victim.client, victim.tokens.refreshToken)).status).toBe(401);
    await signedIn({ username: priya.username, password: 'temporary-pass-42' });
    const unknown = await admin.call('resetPassword', {
      body: { userId: unknownId, currentPassword: null, newPassword: 'temporary-pass-42' },
    });
    expect(unknown.status).toBe(404);
  });
});

describe('removePermissions', () => {
  it('withdraws a grant: the settings no longer list it and the gated operation answers 403', async () => {
    const dana = (await t.client.call('getCurrentUser')).body as CurrentUser;
    const before = (await admin.call('getContactSettings', { query: { userId: dana.id } })).body as ContactSettings;
    expect(before.permissions.map((p) => p.permission)).toEqual([
      'companies.delete',
      'companies.write',
      'contacts.delete',
      'contacts.write',
    ]);
    const res = await admin.call('removePermissions', { query: { userId: dana.id, permission: 'contacts.delete' } });
    expect(res.status).toBe(204);
    const after = (await t.client.call('getContactSettings')).body as ContactSettings;
    expect(after.permissions.map((p) => p.permission)).not.toContain('contacts.delete');
    const contact = t.service.store.saveContact({ firstName: 'Gated', lastName: 'Delete' });
    const denied = await t.client.call('deleteContact', { query: { id: contact.id } });
    expect(denied.status).toBe(403);
    expect((denied.body as Problem).detail).toContain('contacts.delete');
    const twice = await admin.call('removePermissions', { query: { userId: dana.id, permission: 'contacts.delete' } });
    expect(twice.status).toBe(404);
  });

  it('is for administrators only (403); unknown users and bad permission names are refused', async () => {
    const dana = (await t.client.call('getCurrentUser')).body as CurrentUser;
    const denied = await t.client.call('removePermissions', {
      query: { userId: dana.id, permission: 'contacts.write' },
    });
    expect(denied.status).toBe(403);
    expect(
      ((await t.client.call('getContactSettings')).body as ContactSettings).permissions.map((p) => p.permission),
    ).toContain('contacts.write');
    expect(
      (await admin.call('removePermissions', { query: { userId: unknownId, permission: 'contacts.write' } })).status,
    ).toBe(404);
    expect(
      (await admin.call('removePermissions', { query: { userId: dana.id, permission: 'everything' } })).status,
    ).toBe(400);
  });
});

describe('contact settings', () => {
  it("answers the demo user's saved settings with roles and grants, and defaults at version 0 for a new user", async () => {
    const mine = await t.client.call('getContactSettings');
    expect(mine.status).toBe(200);
    const settings = mine.body as ContactSettings;
    expect(mine.headers.get('etag')).toBe(`"${settings.version}"`);
    expect(settings).toMatchObject({
      version: 1,
      roles: ['sales', 'manager'],
      preferences: { timeZone: 'America/New_York', pageSize: 100 },
    });
    const fresh = (await admin.call('getContactSettings')).body as ContactSettings;
    expect(fresh).toMatchObject({
      version: 0,
      createdAt: null,
      updatedAt: null,
      roles: ['admin'],
      preferences: { locale: 'en-US', timeZone: 'UTC' },
    });
  });

  it('saves preferences as a whole with If-Match; a stale version answers 412 with the current settings', async () => {
    const current = (await admin.call('getContactSettings')).body as ContactSettings;
    const preferences = {
      ...current.preferences,
      timeZone: 'Europe/Berlin',
      dateFormat: 'dd.MM.yyyy',
      mutedNotificationKinds: ['comment'],
    };
    const saved = await admin.call('saveContactSettings', { body: { preferences }, headers: { 'If-Match': '"0"' } });
    expect(saved.status).toBe(200);
    expect(saved.headers.get('etag')).toBe('"1"');
    expect(saved.body).toMatchObject({ version: 1, preferences });
    expect((await admin.call('getContactSettings')).body).toEqual(saved.body);
    const stale = await admin.call('saveContactSettings', { body: { preferences }, headers: { 'If-Match': '"0"' } });
    expect(stale.status).toBe(412);
    expect((stale.body as Problem).current).toMatchObject({ version: 1 });
  });

  it('refuses an unknown time zone (400), incomplete preferences (400) and reading others without admin (403)', async () => {
    const current = (await t.client.call('getContactSettings')).body as ContactSettings;
    const zone = await t.client.call('saveContactSettings', {
      body: { preferences: { ...current.preferences, timeZone: 'Mars/Olympus' } },
    });
    expect(zone.status).toBe(400);
    expect((zone.body as Problem).errors?.[0].pointer).toBe('/body/preferences/timeZone');
    const { pageSize: _p, ...partial } = current.preferences;
    expect((await t.client.call('saveContactSettings', { body: { preferences: partial } })).status).toBe(400);
    expect(((await t.client.call('getContactSettings')).body as ContactSettings).version).toBe(current.version);
    expect((await t.client.call('getContactSettings', { query: { userId: adminUser.id } })).status).toBe(403);
    expect((await admin.call('getContactSettings', { query: { userId: unknownId } })).status).toBe(404);
  });
});
