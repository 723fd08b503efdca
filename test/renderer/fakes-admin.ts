/**
 * Fakes of the audit, account and user-administration calls for renderer tests: the signed-in user
 * with chosen roles, their settings (saves queued like the core does: one waiting save), audit pages
 * by cursor, and the people of the company with their roles and grants.
 */
import {
  type AuditRow,
  BridgeError,
  type ContactSettings,
  type CurrentUser,
  type MySettings,
  type PermissionName,
  type ServiceContactRow,
  type UserRole,
} from '../../preload/contract';
import type { FakeBridge } from './fake-bridge';
import { demoUser } from './fixtures';

const fetchedAt = () => new Date().toISOString();

/** The signed-in user (the fixtures' demo user) with `roles`. */
export function installMe(bridge: FakeBridge, roles: UserRole[]): CurrentUser {
  const me: CurrentUser = {
    ...demoUser,
    jobTitle: 'Account executive',
    companyId: null,
    roles,
    permissions: ['contacts.write', 'companies.write'],
  };
  bridge.handle('account.me', () => ({ value: me, fetchedAt: fetchedAt() }));
  return me;
}

/** Default preferences (api/openapi.yaml, ContactPreferences example). */
export const defaultPreferences: ContactSettings['preferences'] = {
  locale: 'en-US',
  timeZone: 'UTC',
  dateFormat: 'yyyy-MM-dd',
  timeFormat: '24h',
  firstDayOfWeek: 'monday',
  defaultCalendarView: 'week',
  pageSize: 50,
  mutedNotificationKinds: [],
};

/** A grant of `permission` to `userId`. */
export function grant(userId: string, permission: PermissionName, n: number): ContactSettings['permissions'][number] {
  return {
    id: `00000000-0000-4000-8000-0000000009${String(n).padStart(2, '0')}`,
    version: 1,
    userId,
    permission,
    grantedBy: null,
    createdAt: '2026-01-15T08:00:00.000Z',
    updatedAt: '2026-01-15T08:00:00.000Z',
  };
}

/** The signed-in user's settings; `account.saveSettings` queues a save as the core does. */
export function installSettings(bridge: FakeBridge, roles: UserRole[] = ['sales']) {
  const state: { settings: MySettings } = {
    settings: {
      value: {
        userId: demoUser.id,
        version: 3,
        preferences: defaultPreferences,
        roles,
        permissions: [grant(demoUser.id, 'contacts.write', 1)],
        createdAt: '2026-02-01T10:00:00.000Z',
        updatedAt: '2026-11-20T16:45:00.000Z',
      },
      fetchedAt: fetchedAt(),
      queued: null,
    },
  };
  bridge.handle('account.settings', () => state.settings);
  bridge.handle('account.saveSettings', ({ settings }) => {
    state.settings = {
      ...state.settings,
      queued: {
        entryId: '00000000-0000-4000-8000-000000000801',
        preferences: settings.preferences,
        state: 'waiting',
        message: null,
        fieldErrors: [],
      },
    };
    return state.settings;
  });
  return state;
}

/** An audit record `n` by `actorId` about a contact, `minutesAgo` before now. */
export function auditRow(
  n: number,
  actorId: string | null,
  minutesAgo: number,
  overrides: Partial<AuditRow> = {},
): AuditRow {
  return {
    id: `00000000-0000-4000-8000-0000000007${String(n).padStart(2, '0')}`,
    occurredAt: new Date(Date.now() - minutesAgo * 60_000).toISOString(),
    actorId,
    operationId: 'saveUser',
    method: 'POST',
    tag: 'Contact',
    resourceType: 'contact',
    resourceId: `00000000-0000-4000-8000-0000000006${String(n).padStart(2, '0')}`,
    status: 200,
    requestId: `request-${n}`,
    summary: `Saves a user (change ${n})`,
    actorName: actorId ? 'Dana Demo' : null,
    resourceName: null,
    ...overrides,
  };
}

/**
 * Answers `audit.trail` with `pages` (the first without a cursor, then `cursor-1`, `cursor-2`…);
 * an `actorId` other than `ownId` is refused in words when `seesAll` is false.
 */
export function installAudit(bridge: FakeBridge, pages: AuditRow[][], options: { ownId: string; seesAll: boolean }) {
  bridge.handle('audit.trail', ({ filter, cursor }) => {
    if (!options.seesAll && filter.actorId && filter.actorId !== options.ownId) {
      return {
        value: {
          rows: [],
          nextCursor: null,
          refusal: 'Only managers and admins may read the audit records of other users.',
        },
        fetchedAt: fetchedAt(),
      };
    }
    const index = cursor ? Number(cursor.replace('cursor-', '')) : 0;
    const rows = (pages[index] ?? []).filter(
      (row) =>
        (!filter.actorId || row.actorId === filter.actorId) &&
        (!filter.resourceId || row.resourceId === filter.resourceId),
    );
    const nextCursor = index + 1 < pages.length ? `cursor-${index + 1}` : null;
    return { value: { rows, nextCursor, refusal: null }, fetchedAt: fetchedAt() };
  });
}

/** The people of the company for `admin.users`, and each one's page for `admin.user`. */
export function installPeople(bridge: FakeBridge, people: ServiceContactRow[], signIns: Record<string, UserRole[]>) {
  const grants: Record<string, PermissionName[]> = {};
  for (const id of Object.keys(signIns)) grants[id] = ['contacts.write', 'companies.write'];
  const settingsOf = (id: string): ContactSettings => ({
    userId: id,
    version: 0,
    preferences: defaultPreferences,
    roles: signIns[id],
    permissions: grants[id].map((permission, i) => grant(id, permission, i + 10)),
    createdAt: null,
    updatedAt: null,
  });
  bridge.handle('admin.users', () => ({ value: people, fetchedAt: fetchedAt(), companyName: 'Blue Ridge Supply' }));
  bridge.handle('admin.user', ({ id }) => {
    const person = people.find((p) => p.id === id)!;
    const { cached: _c, companyName: _n, syncState: _s, ...fields } = person;
    return {
      contact: {
        value: { ...fields, version: 1, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z' },
        fetchedAt: fetchedAt(),
      },
      settings: { value: signIns[id] ? settingsOf(id) : null, fetchedAt: fetchedAt() },
      noSignIn: !signIns[id],
    };
  });
  bridge.handle('admin.removePermission', ({ userId, permission }) => {
    if (!grants[userId]?.includes(permission)) {
      throw new BridgeError(
        'not_found',
        `The BRM service answered 404: the user does not hold the ${permission} permission.`,
      );
    }
    grants[userId] = grants[userId].filter((p) => p !== permission);
    return settingsOf(userId);
  });
  return { grants };
}
